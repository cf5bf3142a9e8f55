import { expect, it } from 'vitest';
import { migrationSteps } from '../test/migration-steps.js';
import { portfolioRow, userRow } from '../test/rows.js';

/*
 * Each portfolio whose repository address names a GitHub repository gets it as `owner/name`, due for its
 * first check at once; the others have none. Going back drops the columns.
 */

const BEFORE = '20261221090000_comment_edits';
const THIS = '20261223090000_github_repos';
const NOW = '2026-12-23T10:00:00.000Z';

const { db, migrator, columns } = migrationSteps(BEFORE);

const AUTHOR = '6d0000000000000000000001';
const portfolio = (n: number, repoUrl: string | null) =>
  portfolioRow({ idPrefix: '6d00000000000000000000', authorId: AUTHOR, n, at: NOW }, { repo_url: repoUrl });

it('finds the GitHub repositories of existing portfolios and drops the columns going back', async () => {
  await db()
    .insertInto('users')
    .values(userRow({ id: AUTHOR, username: 'muallif', created_at: NOW }))
    .execute();
  await db()
    .insertInto('portfolios')
    .values([
      portfolio(1, 'https://github.com/Ali/kutubxona.git'),
      portfolio(2, 'https://gitlab.com/ali/kutubxona'),
      portfolio(3, null),
      portfolio(4, 'https://www.github.com/vali/bot/tree/main'),
      portfolio(5, 'https://github.com/vali'),
    ])
    .execute();

  expect((await migrator().migrateTo(THIS)).error).toBeUndefined();
  const rows = await db()
    .selectFrom('portfolios')
    .select(['github_repo', 'github_stars', 'github_due_at'])
    .orderBy('id')
    .execute();
  expect(rows.map((row) => row.github_repo)).toEqual(['Ali/kutubxona', null, null, 'vali/bot', null]);
  expect(rows.map((row) => row.github_due_at !== null)).toEqual([true, false, false, true, false]);
  expect(rows.every((row) => row.github_stars === null)).toBe(true);

  expect((await migrator().migrateTo(BEFORE)).error).toBeUndefined();
  expect(await columns('portfolios')).not.toContain('github_repo');
  expect(await columns('portfolios')).not.toContain('github_due_at');
});
