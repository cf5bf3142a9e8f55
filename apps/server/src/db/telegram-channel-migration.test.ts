import { expect, it } from 'vitest';
import { migrationSteps } from '../test/migration-steps.js';
import { userRow } from '../test/rows.js';

/*
 * The site's Telegram channel: an opt-out on each portfolio (existing ones not opted out), the posts'
 * outbox and the weeks' digests; going back drops them and keeps the portfolios.
 */

const NOW = '2026-12-17T10:00:00.000Z';
const id = (n: number) => `6d00000000000000000000${String(n).padStart(2, '0')}`;
const { migrator, db, columns } = migrationSteps('20261216090000_visible_likes_received');

it('adds the opt-out, the channel posts and the digests, then takes them away again', async () => {
  await db()
    .insertInto('users')
    .values(
      userRow({ id: id(1), username: 'kanal_1', created_at: NOW, firstname: 'Kanal', lastname: 'Sinov' }),
    )
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

  expect((await migrator().migrateTo('20261217090000_telegram_channel')).error).toBeUndefined();
  expect(await db().selectFrom('portfolios').select(['id', 'channel_opt_out']).execute()).toEqual([
    { id: id(60), channel_opt_out: 0 },
  ]);
  await db()
    .insertInto('telegram_channel_posts')
    .values({ portfolio_id: id(60), next_at: NOW, created_at: NOW })
    .execute();
  const [post] = await db().selectFrom('telegram_channel_posts').selectAll().execute();
  expect(post).toMatchObject({ status: 'pending', withdrawn: 0, attempts: 0, message_id: null });
  await db().insertInto('telegram_digests').values({ week: '2026-12-14', status: 'sending' }).execute();
  // One row per week: a second instance's claim of the same week is refused.
  await expect(
    db().insertInto('telegram_digests').values({ week: '2026-12-14', status: 'sending' }).execute(),
  ).rejects.toThrow();

  expect((await migrator().migrateTo('20261216090000_visible_likes_received')).error).toBeUndefined();
  expect(await columns('telegram_channel_posts')).toEqual([]);
  expect(await columns('telegram_digests')).toEqual([]);
  expect(await columns('portfolios')).not.toContain('channel_opt_out');
  expect(await db().selectFrom('portfolios').select('id').execute()).toEqual([{ id: id(60) }]);
});
