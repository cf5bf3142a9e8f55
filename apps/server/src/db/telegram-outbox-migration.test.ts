import { expect, it } from 'vitest';
import { migrationSteps } from '../test/migration-steps.js';
import { userRow } from '../test/rows.js';

/*
 * Notifications through the bot: a Telegram switch per kind beside the mail ones (those who already
 * linked a chat get their mail switches), and the outbox; going back drops both and keeps the rest.
 */

const NOW = '2026-12-15T10:00:00.000Z';
const id = (n: number) => `6c00000000000000000000${String(n).padStart(2, '0')}`;
const { migrator, db, columns } = migrationSteps('20261214090000_telegram_chats');

const user = (n: number) =>
  userRow({ id: id(n), username: `outbox_${n}`, created_at: NOW, firstname: 'Chat', lastname: 'Sinov' });

it('adds the Telegram switches and the outbox, then takes them away again', async () => {
  await db()
    .insertInto('users')
    .values([user(1), { ...user(2), telegram_chat_id: '123456789', telegram_chat_linked_at: NOW }])
    .execute();
  const settings = (n: number) => ({
    user_id: id(n),
    email_comment: 1,
    email_like: 1,
    email_reply: 0,
    email_post: 1,
    unsubscribe_token: String(n).repeat(43),
  });
  await db()
    .insertInto('notification_settings')
    .values([settings(1), settings(2)])
    .execute();
  await db()
    .insertInto('portfolios')
    .values({
      id: id(60),
      author_id: id(1),
      title: 'Loyiha',
      linktitle: 'loyiha_60',
      description: '',
      url: 'https://example.uz',
      repo_url: null,
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();

  expect((await migrator().migrateTo('20261215090000_telegram_outbox')).error).toBeUndefined();
  const switches = await db()
    .selectFrom('notification_settings')
    .select(['user_id', 'telegram_comment', 'telegram_like', 'telegram_reply', 'telegram_post'])
    .orderBy('user_id')
    .execute();
  expect(switches).toEqual([
    { user_id: id(1), telegram_comment: 0, telegram_like: 0, telegram_reply: 0, telegram_post: 0 },
    { user_id: id(2), telegram_comment: 1, telegram_like: 1, telegram_reply: 0, telegram_post: 1 },
  ]);
  const row = {
    id: id(50),
    user_id: id(1),
    kind: 'like',
    actor_id: id(2),
    portfolio_id: id(60),
    next_at: NOW,
    created_at: NOW,
  };
  await db().insertInto('telegram_outbox').values(row).execute();
  expect(await db().selectFrom('telegram_outbox').selectAll().execute()).toEqual([
    expect.objectContaining({
      id: id(50),
      status: 'pending',
      attempts: 0,
      others_count: 0,
      comment_id: null,
    }),
  ]);
  // A row goes with its recipient, actor or portfolio.
  await expect(
    db()
      .insertInto('telegram_outbox')
      .values({ ...row, id: id(51), user_id: id(9) })
      .execute(),
  ).rejects.toThrow();
  await db().deleteFrom('users').where('id', '=', id(2)).execute();
  expect(await db().selectFrom('telegram_outbox').selectAll().execute()).toEqual([]);

  expect((await migrator().migrateDown()).error).toBeUndefined();
  expect(await columns('telegram_outbox')).toEqual([]);
  expect(await columns('notification_settings')).not.toContain('telegram_comment');
  expect(await db().selectFrom('notification_settings').select('user_id').execute()).toEqual([
    { user_id: id(1) },
  ]);
  expect((await migrator().migrateTo('20261215090000_telegram_outbox')).error).toBeUndefined();
});
