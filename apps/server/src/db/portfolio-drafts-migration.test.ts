import { expect, it } from 'vitest';
import { migrationSteps } from '../test/migration-steps.js';
import { userRow } from '../test/rows.js';

/*
 * Drafts get a table of their own (docs/decisions/0053-drafts.md): empty fields by default, gone with their
 * author; going back drops it.
 */

const BEFORE = '20261221090000_comment_edits';
const THIS = '20261224090000_portfolio_drafts';
const NOW = '2026-12-24T10:00:00.000Z';

const { db, migrator, columns } = migrationSteps(BEFORE);

const AUTHOR = '6d0000000000000000000001';

it('adds the drafts table, its rows going with their author, and drops it going back', async () => {
  await db()
    .insertInto('users')
    .values(userRow({ id: AUTHOR, username: 'qoralamachi', created_at: NOW }))
    .execute();
  expect(await columns('portfolio_drafts')).toEqual([]);

  expect((await migrator().migrateTo(THIS)).error).toBeUndefined();
  expect(await columns('portfolio_drafts')).toEqual(
    expect.arrayContaining([
      'id',
      'author_id',
      'title',
      'description',
      'url',
      'repo_url',
      'technology_names',
    ]),
  );
  await db()
    .insertInto('portfolio_drafts')
    .values({ id: '6d0000000000000000000002', author_id: AUTHOR, created_at: NOW, updated_at: NOW })
    .execute();
  const [draft] = await db().selectFrom('portfolio_drafts').selectAll().execute();
  expect(draft).toMatchObject({ title: '', description: '', url: '', repo_url: '', technology_names: '[]' });

  await db().deleteFrom('users').where('id', '=', AUTHOR).execute();
  expect(await db().selectFrom('portfolio_drafts').select('id').execute()).toEqual([]);

  expect((await migrator().migrateTo(BEFORE)).error).toBeUndefined();
  expect(await columns('portfolio_drafts')).toEqual([]);
});
