import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { userRow } from '../test/rows.js';
import { createDatabase, type DatabaseHandle } from './database.js';
import { migrationProvider } from './migrator.js';

/*
 * `users.script` (Latin or Cyrillic Uzbek) becomes `users.locale`: each account keeps the language it
 * stated, and going back leaves a script only to those who read Uzbek.
 */

let database: TestDatabase;
let handle: DatabaseHandle;
let migrator: Migrator;

const NOW = '2026-12-01T10:00:00.000Z';
const id = (n: number) => `6a00000000000000000000${String(n).padStart(2, '0')}`;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = createDatabase(loadConfig({ DATABASE_URL: database.url }).database, { logger: console });
  migrator = new Migrator({ db: handle.db, provider: migrationProvider });
  expect((await migrator.migrateTo('20261210090000_portfolio_aliases')).error).toBeUndefined();
});

afterAll(async () => {
  await handle?.destroy();
  await database?.drop();
});

/** The users table as a migration sees it: without the current schema's columns. */
const db = () => handle.db as unknown as Kysely<{ users: Record<string, unknown> }>;

const columnsOfUsers = async (): Promise<string[]> => {
  if (handle.dialect === 'postgres') {
    const { rows } = await sql<{ name: string }>`
      select column_name as name from information_schema.columns where table_name = 'users'`.execute(db());
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info('users')`.execute(db());
  return rows.map((row) => row.name);
};

const user = (n: number, script: string | null) =>
  userRow({ id: id(n), username: `til_${n}`, created_at: NOW, firstname: 'Til', lastname: 'Sinov', script });

const column = async (name: 'locale' | 'script') =>
  Object.fromEntries(
    (await db().selectFrom('users').select(['id', name]).orderBy('id').execute()).map((row) => [
      row.id,
      row[name],
    ]),
  );

it('turns each account’s script into its Uzbek and drops the script, then back', async () => {
  await db()
    .insertInto('users')
    .values([user(1, 'cyrl'), user(2, 'latn'), user(3, null)])
    .execute();

  const up = await migrator.migrateTo('20261211090000_user_locale');
  expect(up.error).toBeUndefined();
  expect(await columnsOfUsers()).toContain('locale');
  expect(await columnsOfUsers()).not.toContain('script');
  expect(await column('locale')).toEqual({ [id(1)]: 'uz-Cyrl', [id(2)]: 'uz-Latn', [id(3)]: null });

  // A reader of Russian or English, then back: they had stated no script.
  await db()
    .insertInto('users')
    .values({ ...user(4, null), script: undefined, locale: 'ru' })
    .execute();
  const down = await migrator.migrateDown();
  expect(down.error).toBeUndefined();
  expect(await columnsOfUsers()).not.toContain('locale');
  expect(await column('script')).toEqual({ [id(1)]: 'cyrl', [id(2)]: 'latn', [id(3)]: null, [id(4)]: null });

  expect((await migrator.migrateTo('20261211090000_user_locale')).error).toBeUndefined();
  expect(await column('locale')).toEqual({
    [id(1)]: 'uz-Cyrl',
    [id(2)]: 'uz-Latn',
    [id(3)]: null,
    [id(4)]: null,
  });
});
