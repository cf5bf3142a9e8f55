import { expect, it } from 'vitest';
import { migrationSteps } from '../test/migration-steps.js';
import { userRow } from '../test/rows.js';

/*
 * Mentions: a mail and a Telegram switch for them, set as each account set its replies' (the talk it
 * already hears of); going back drops them and keeps the rest.
 */

const NOW = '2026-12-28T10:00:00.000Z';
const id = (n: number) => `6d00000000000000000000${String(n).padStart(2, '0')}`;
const { migrator, db, columns } = migrationSteps('20261227090000_co_authors');

it('adds the mention switches as each account chose for replies, then takes them away again', async () => {
  await db()
    .insertInto('users')
    .values([1, 2].map((n) => userRow({ id: id(n), username: `eslatma_${n}`, created_at: NOW })))
    .execute();
  const settings = (n: number, reply: number) => ({
    user_id: id(n),
    email_comment: 1,
    email_like: 0,
    email_reply: reply,
    email_post: 1,
    telegram_comment: 0,
    telegram_like: 0,
    telegram_reply: 1 - reply,
    telegram_post: 0,
    unsubscribe_token: String(n).repeat(43),
  });
  await db()
    .insertInto('notification_settings')
    .values([settings(1, 1), settings(2, 0)])
    .execute();

  expect((await migrator().migrateTo('20261228090000_mentions')).error).toBeUndefined();
  expect(
    await db()
      .selectFrom('notification_settings')
      .select(['user_id', 'email_mention', 'telegram_mention'])
      .orderBy('user_id')
      .execute(),
  ).toEqual([
    { user_id: id(1), email_mention: 1, telegram_mention: 0 },
    { user_id: id(2), email_mention: 0, telegram_mention: 1 },
  ]);
  // A row written without them (an account's first settings) mails mentions, and sends none to Telegram.
  await db()
    .insertInto('users')
    .values(userRow({ id: id(3), username: 'eslatma_3', created_at: NOW }))
    .execute();
  const { telegram_reply: _t, ...fresh } = settings(3, 1);
  await db().insertInto('notification_settings').values(fresh).execute();
  expect(
    await db()
      .selectFrom('notification_settings')
      .select(['email_mention', 'telegram_mention'])
      .where('user_id', '=', id(3))
      .executeTakeFirst(),
  ).toEqual({ email_mention: 1, telegram_mention: 0 });

  expect((await migrator().migrateDown()).error).toBeUndefined();
  const left = await columns('notification_settings');
  expect(left).not.toContain('email_mention');
  expect(left).not.toContain('telegram_mention');
  expect(left).toContain('telegram_reply');
  expect(
    await db().selectFrom('notification_settings').select('user_id').orderBy('user_id').execute(),
  ).toHaveLength(3);
  expect((await migrator().migrateTo('20261228090000_mentions')).error).toBeUndefined();
});
