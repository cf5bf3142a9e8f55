import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { loadConfig } from '../config.js';
import { createDatabase, type DatabaseHandle } from '../db/database.js';
import { migrationProvider } from '../db/migrator.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/** The tables as a migration sees them: without the current schema's types. */
export type UntypedDatabase = Kysely<Record<string, Record<string, unknown>>>;

export interface MigrationSteps {
  migrator: () => Migrator;
  db: () => UntypedDatabase;
  /** The columns a table has now ([] when it is not there). */
  columns: (table: string) => Promise<string[]>;
}

/**
 * A database of its own for a migration's test, brought up to `before` (the migration before the one
 * tested) ahead of the tests, and dropped after them.
 */
export function migrationSteps(before: string): MigrationSteps {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let migrator: Migrator;
  beforeAll(async () => {
    database = await createTestDatabase();
    handle = createDatabase(loadConfig({ DATABASE_URL: database.url }).database, { logger: console });
    migrator = new Migrator({ db: handle.db, provider: migrationProvider });
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
  });
  afterAll(async () => {
    await handle?.destroy();
    await database?.drop();
  });
  const db = () => handle.db as unknown as UntypedDatabase;
  return {
    migrator: () => migrator,
    db,
    async columns(table) {
      const query =
        handle.dialect === 'postgres'
          ? sql<{ name: string }>`select column_name as name from information_schema.columns
              where table_name = ${table}`
          : sql<{ name: string }>`select name from pragma_table_info(${table})`;
      return (await query.execute(db())).rows.map((row) => row.name);
    },
  };
}
