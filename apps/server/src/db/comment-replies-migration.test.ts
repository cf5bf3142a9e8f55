import { expect, it } from 'vitest';
import { migrationSteps } from '../test/migration-steps.js';
import { portfolioRow, userRow } from '../test/rows.js';

/*
 * Comments already there stay top-level and as they were; a reply's thread is set to null when its
 * comment goes (a deleted account's comments); going back drops the threads and the deleted comments kept
 * for them.
 */

const BEFORE = '20261221090000_comment_edits';
const THIS = '20261222090000_comment_replies';
const NOW = '2026-12-22T10:00:00.000Z';

const { db, migrator, columns } = migrationSteps(BEFORE);

const AUTHOR = '6d0000000000000000000001';
const PORTFOLIO = portfolioRow({ idPrefix: '6d00000000000000000000', authorId: AUTHOR, n: 1, at: NOW }, {});
const comment = (n: number, fields: Record<string, unknown> = {}) => ({
  id: `6d00000000000000000001${String(n).padStart(2, '0')}`,
  portfolio_id: PORTFOLIO.id,
  author_id: AUTHOR,
  body: `Izoh ${n}`,
  created_at: NOW,
  ...fields,
});

it('keeps the comments there top-level, lets replies lose their thread, and drops threads going back', async () => {
  await db()
    .insertInto('users')
    .values(userRow({ id: AUTHOR, username: 'izohchi', created_at: NOW }))
    .execute();
  await db().insertInto('portfolios').values(PORTFOLIO).execute();
  await db()
    .insertInto('comments')
    .values([comment(1), comment(2)])
    .execute();

  expect((await migrator().migrateTo(THIS)).error).toBeUndefined();
  const rows = await db()
    .selectFrom('comments')
    .select(['id', 'body', 'parent_id', 'deleted_at'])
    .orderBy('id')
    .execute();
  expect(rows).toEqual([
    { id: comment(1).id, body: 'Izoh 1', parent_id: null, deleted_at: null },
    { id: comment(2).id, body: 'Izoh 2', parent_id: null, deleted_at: null },
  ]);

  // A reply, and a deleted comment kept for one.
  await db()
    .insertInto('comments')
    .values([
      comment(3, { parent_id: comment(1).id }),
      comment(4, { body: '', deleted_at: NOW }),
      comment(5, { parent_id: comment(4).id }),
    ])
    .execute();
  await db().deleteFrom('comments').where('id', '=', comment(1).id).execute();
  const orphan = await db()
    .selectFrom('comments')
    .select('parent_id')
    .where('id', '=', comment(3).id)
    .executeTakeFirstOrThrow();
  expect(orphan.parent_id).toBeNull();

  expect((await migrator().migrateTo(BEFORE)).error).toBeUndefined();
  expect(await columns('comments')).not.toContain('parent_id');
  expect(await columns('comments')).not.toContain('deleted_at');
  const left = await db().selectFrom('comments').select('id').orderBy('id').execute();
  expect(left.map((row) => row.id)).toEqual([comment(2).id, comment(3).id, comment(5).id]);
});
