import { expect, it } from 'vitest';
import { migrationSteps } from '../test/migration-steps.js';
import { portfolioRow, userRow } from '../test/rows.js';

/*
 * `portfolios.ranked_likes` is counted once from the likes when the migration runs: every like but the
 * author's own. Going back drops it and the popular order is on `likes_count` again.
 */

const BEFORE = '20261218090000_telegram_fanouts';
const THIS = '20261219090000_ranked_likes';
const NOW = '2026-12-19T10:00:00.000Z';

const { db, migrator } = migrationSteps(BEFORE);

const AUTHOR = '6c0000000000000000000001';
const READER = '6c0000000000000000000002';
const portfolio = (n: number, likes: number) =>
  portfolioRow({ idPrefix: '6c00000000000000000000', authorId: AUTHOR, n, at: NOW }, { likes_count: likes });

it('counts the likes of others, and goes back', async () => {
  await db()
    .insertInto('users')
    .values([
      userRow({ id: AUTHOR, username: 'muallif', created_at: NOW }),
      userRow({ id: READER, username: 'oquvchi', created_at: NOW }),
    ])
    .execute();
  await db()
    .insertInto('portfolios')
    .values([portfolio(1, 2), portfolio(2, 1), portfolio(3, 0)])
    .execute();
  await db()
    .insertInto('likes')
    .values([
      { portfolio_id: portfolio(1, 0).id, user_id: AUTHOR, created_at: NOW },
      { portfolio_id: portfolio(1, 0).id, user_id: READER, created_at: NOW },
      { portfolio_id: portfolio(2, 0).id, user_id: AUTHOR, created_at: NOW },
    ])
    .execute();

  expect((await migrator().migrateTo(THIS)).error).toBeUndefined();
  const rows = await db()
    .selectFrom('portfolios')
    .select(['id', 'ranked_likes'])
    .where('author_id', '=', AUTHOR)
    .orderBy('id')
    .execute();
  expect(rows.map((row) => row.ranked_likes)).toEqual([1, 0, 0]);

  expect((await migrator().migrateTo(BEFORE)).error).toBeUndefined();
  const back = await db().selectFrom('portfolios').selectAll().where('author_id', '=', AUTHOR).execute();
  expect(back).toHaveLength(3);
  expect(Object.keys(back[0]!)).not.toContain('ranked_likes');
});
