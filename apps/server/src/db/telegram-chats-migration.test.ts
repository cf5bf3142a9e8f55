import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { userRow } from '../test/rows.js';
import { createDatabase, type DatabaseHandle } from './database.js';
import { migrationProvider } from './migrator.js';

/*
 * The bot's chats: each account may link one (two columns of `users`), deep links hold one-time tokens
 * bound to an account, and instances take leases in turn; going back drops all of it and keeps the rest.
 */

let database: TestDatabase;
let handle: DatabaseHandle;
let migrator: Migrator;

const NOW = '2026-12-14T10:00:00.000Z';
const id = (n: number) => `6b00000000000000000000${String(n).padStart(2, '0')}`;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = createDatabase(loadConfig({ DATABASE_URL: database.url }).database, { logger: console });
  migrator = new Migrator({ db: handle.db, provider: migrationProvider });
  expect((await migrator.migrateTo('20261213090000_people_directory')).error).toBeUndefined();
});

afterAll(async () => {
  await handle?.destroy();
  await database?.drop();
});

/** The tables as a migration sees them: without the current schema's types. */
const db = () => handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;

const columns = async (table: string): Promise<string[]> => {
  const query =
    handle.dialect === 'postgres'
      ? sql<{
          name: string;
        }>`select column_name as name from information_schema.columns where table_name = ${table}`
      : sql<{ name: string }>`select name from pragma_table_info(${table})`;
  return (await query.execute(db())).rows.map((row) => row.name);
};

const user = (n: number) =>
  userRow({ id: id(n), username: `chat_${n}`, created_at: NOW, firstname: 'Chat', lastname: 'Sinov' });

it('adds the linked chat, the link tokens and the leases, then takes them away again', async () => {
  await db()
    .insertInto('users')
    .values([user(1), user(2)])
    .execute();

  expect((await migrator.migrateTo('20261214090000_telegram_chats')).error).toBeUndefined();
  expect(await columns('users')).toEqual(
    expect.arrayContaining(['telegram_chat_id', 'telegram_chat_linked_at']),
  );
  const chats = await db().selectFrom('users').select(['id', 'telegram_chat_id']).orderBy('id').execute();
  expect(chats).toEqual([
    { id: id(1), telegram_chat_id: null },
    { id: id(2), telegram_chat_id: null },
  ]);
  await db()
    .updateTable('users')
    .set({ telegram_chat_id: '123456789012', telegram_chat_linked_at: NOW })
    .where('id', '=', id(1))
    .execute();
  await db()
    .insertInto('telegram_link_tokens')
    .values({ hash: 'a'.repeat(64), user_id: id(2), expires_at: NOW })
    .execute();
  // A token is bound to an account that exists, and goes with it.
  await expect(
    db()
      .insertInto('telegram_link_tokens')
      .values({ hash: 'b'.repeat(64), user_id: id(9), expires_at: NOW })
      .execute(),
  ).rejects.toThrow();
  await db()
    .insertInto('leases')
    .values({ name: 'telegram-updates', holder: 'one', expires_at: NOW })
    .execute();
  await expect(
    db().insertInto('leases').values({ name: 'telegram-updates', holder: 'two', expires_at: NOW }).execute(),
  ).rejects.toThrow();
  await db().deleteFrom('users').where('id', '=', id(2)).execute();
  expect(await db().selectFrom('telegram_link_tokens').selectAll().execute()).toEqual([]);

  expect((await migrator.migrateDown()).error).toBeUndefined();
  expect(await columns('users')).not.toContain('telegram_chat_id');
  expect(await columns('users')).not.toContain('telegram_chat_linked_at');
  expect(await columns('telegram_link_tokens')).toEqual([]);
  expect(await columns('leases')).toEqual([]);
  expect(await db().selectFrom('users').select('id').execute()).toEqual([{ id: id(1) }]);

  expect((await migrator.migrateTo('20261214090000_telegram_chats')).error).toBeUndefined();
  expect(await db().selectFrom('users').select(['id', 'telegram_chat_id']).execute()).toEqual([
    { id: id(1), telegram_chat_id: null },
  ]);
});
