import { expect, it } from 'vitest';
import { migrationSteps } from '../test/migration-steps.js';
import { portfolioRow, userRow } from '../test/rows.js';

/*
 * `users.likes_received` counts the likes of visible portfolios only, from the moment the migration runs
 * (counted again) and after (the triggers follow hiding); going back counts every portfolio again.
 */

const BEFORE = '20261215090000_telegram_outbox';
const THIS = '20261216090000_visible_likes_received';
const NOW = '2026-12-16T10:00:00.000Z';

const { db, migrator } = migrationSteps(BEFORE);

const AUTHOR = '6b0000000000000000000001';
const portfolio = (n: number, likes: number, hidden: boolean) =>
  portfolioRow(
    { idPrefix: '6b00000000000000000000', authorId: AUTHOR, n, at: NOW },
    { likes_count: likes, hidden_at: hidden ? NOW : null, hidden_reason: hidden ? 'Spam' : null },
  );

const received = async () =>
  (await db().selectFrom('users').select('likes_received').where('id', '=', AUTHOR).executeTakeFirstOrThrow())
    .likes_received;
const hide = (n: number, hidden: boolean) =>
  db()
    .updateTable('portfolios')
    .set({ hidden_at: hidden ? NOW : null })
    .where('id', '=', portfolio(n, 0, false).id)
    .execute();

it('counts the likes of visible portfolios only, follows hiding, and counts them all again going back', async () => {
  await db()
    .insertInto('users')
    .values(userRow({ id: AUTHOR, username: 'muallif', created_at: NOW }))
    .execute();
  await db()
    .insertInto('portfolios')
    .values([portfolio(1, 5, false), portfolio(2, 7, true)])
    .execute();
  // Before: every portfolio counts.
  expect(await received()).toBe(12);

  expect((await migrator().migrateTo(THIS)).error).toBeUndefined();
  expect(await received()).toBe(5);
  await hide(1, true);
  expect(await received()).toBe(0);
  await hide(2, false);
  expect(await received()).toBe(7);
  await db()
    .insertInto('portfolios')
    .values(portfolio(3, 2, true))
    .execute();
  expect(await received()).toBe(7);
  await db()
    .deleteFrom('portfolios')
    .where('id', '=', portfolio(2, 0, false).id)
    .execute();
  expect(await received()).toBe(0);

  expect((await migrator().migrateTo(BEFORE)).error).toBeUndefined();
  expect(await received()).toBe(7);
  await hide(3, false);
  expect(await received()).toBe(7);
});
