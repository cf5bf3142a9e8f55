import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { userRow } from '../test/rows.js';
import { createDatabase, type DatabaseHandle } from './database.js';
import { migrationProvider } from './migrator.js';

/*
 * Profiles as CVs: accounts made before keep working with every new column at its default, pins go with
 * their portfolio or account, and going back and forth again loses nothing the older schema held.
 */

let database: TestDatabase;
let handle: DatabaseHandle;
let migrator: Migrator;

const NOW = '2026-12-10T10:00:00.000Z';
const id = (n: number) => `6b00000000000000000000${String(n).padStart(2, '0')}`;
const BEFORE = '20261211090000_user_locale';
const PROFILE_CV = '20261212090000_profile_cv';

beforeAll(async () => {
  database = await createTestDatabase();
  handle = createDatabase(loadConfig({ DATABASE_URL: database.url }).database, { logger: console });
  migrator = new Migrator({ db: handle.db, provider: migrationProvider });
  expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
});

afterAll(async () => {
  await handle?.destroy();
  await database?.drop();
});

/** The tables as a migration sees them: without the current schema's types. */
const db = () => handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;

const columnsOfUsers = async (): Promise<string[]> => {
  const { rows } =
    handle.dialect === 'postgres'
      ? await sql<{ name: string }>`
          select column_name as name from information_schema.columns where table_name = 'users'`.execute(db())
      : await sql<{ name: string }>`select name from pragma_table_info('users')`.execute(db());
  return rows.map((row) => row.name);
};

const user = (n: number) =>
  userRow({ id: id(n), username: `cv_${n}`, created_at: NOW, firstname: 'Rezyume', lastname: 'Sinov' });
const portfolio = (n: number, author: number) => ({
  id: id(n),
  author_id: id(author),
  title: `Loyiha ${n}`,
  linktitle: `loyiha_${n}`,
  description: '',
  url: 'https://example.uz',
  repo_url: null,
  created_at: NOW,
  updated_at: NOW,
});

it('gives earlier accounts an empty CV, keeps pins with what they pin, and goes back and forth', async () => {
  await db()
    .insertInto('users')
    .values([user(1), user(2)])
    .execute();
  await db()
    .insertInto('portfolios')
    .values([portfolio(10, 1), portfolio(11, 1)])
    .execute();

  expect((await migrator.migrateTo(PROFILE_CV)).error).toBeUndefined();
  const moved = await db().selectFrom('users').selectAll().where('id', '=', id(1)).executeTakeFirstOrThrow();
  expect(moved).toMatchObject({
    username: 'cv_1',
    headline: '',
    city: null,
    website: '',
    linkedin: '',
    experience: '[]',
    education: '[]',
    work_status: 'not',
    work_preferences: '{"roles":[],"employment":[],"remote":false}',
    affiliation_kind: null,
    affiliation_name: null,
    affiliation_verified_at: null,
  });
  // An insert that names none of the new columns, as the older code wrote, still works.
  await db().insertInto('users').values(user(3)).execute();

  const pin = (userId: number, portfolioId: number, position: number) =>
    db()
      .insertInto('profile_pins')
      .values({ user_id: id(userId), portfolio_id: id(portfolioId), position })
      .execute();
  await pin(1, 10, 0);
  await pin(1, 11, 1);
  await pin(2, 11, 0);
  await expect(pin(1, 10, 2)).rejects.toThrow();
  await expect(pin(1, 99, 2)).rejects.toThrow();
  await db().deleteFrom('portfolios').where('id', '=', id(11)).execute();
  await db().deleteFrom('users').where('id', '=', id(2)).execute();
  const pins = await db().selectFrom('profile_pins').select(['user_id', 'portfolio_id']).execute();
  expect(pins).toEqual([{ user_id: id(1), portfolio_id: id(10) }]);

  await db()
    .updateTable('users')
    .set({ headline: 'Backend dasturchi', affiliation_kind: 'itpark', affiliation_name: 'IT Park' })
    .where('id', '=', id(1))
    .execute();
  expect((await migrator.migrateDown()).error).toBeUndefined();
  const columns = await columnsOfUsers();
  for (const gone of ['headline', 'work_status', 'affiliation_verified_at'])
    expect(columns).not.toContain(gone);
  const users = await db().selectFrom('users').select(['id', 'username']).orderBy('id').execute();
  expect(users).toEqual([
    { id: id(1), username: 'cv_1' },
    { id: id(3), username: 'cv_3' },
  ]);

  expect((await migrator.migrateTo(PROFILE_CV)).error).toBeUndefined();
  expect(await columnsOfUsers()).toEqual(expect.arrayContaining(['headline', 'work_status', 'city']));
  const again = await db()
    .selectFrom('users')
    .select(['headline', 'work_status'])
    .where('id', '=', id(1))
    .executeTakeFirstOrThrow();
  expect(again).toEqual({ headline: '', work_status: 'not' });
  expect(await db().selectFrom('profile_pins').selectAll().execute()).toEqual([]);
});
