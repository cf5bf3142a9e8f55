import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, type DatabaseHandle } from '@portfolio-master/server/db/database';
import { migrateToLatest } from '@portfolio-master/server/db/migrator';
import { sql } from 'kysely';

export const POSTGRES_SERVER = 'postgres://postgres@127.0.0.1:5432';

/** Runs one statement on the PostgreSQL server itself (its `postgres` database). */
export async function onPostgresServer(statement: string): Promise<void> {
  const server = createDatabase(
    { dialect: 'postgres', url: `${POSTGRES_SERVER}/postgres` },
    { logger: console, poolSize: 1 },
  );
  try {
    await sql.raw(statement).execute(server.db);
  } finally {
    await server.destroy();
  }
}

/**
 * A fresh, migrated database of this kind (a SQLite file in a folder of its own, or a PostgreSQL
 * database named after `label` and this process) for `use`, with that folder; both gone afterwards.
 */
export async function withFreshDatabase<T>(
  database: 'sqlite' | 'postgres',
  label: string,
  use: (handle: DatabaseHandle, work: string) => Promise<T>,
): Promise<T> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `pm-${label}-`));
  const databaseName = `${label.replaceAll('-', '_')}_${process.pid}`;
  if (database === 'postgres') await onPostgresServer(`create database ${databaseName}`);
  const handle = createDatabase(
    database === 'sqlite'
      ? { dialect: 'sqlite', file: path.join(work, 'site.db') }
      : { dialect: 'postgres', url: `${POSTGRES_SERVER}/${databaseName}` },
    { logger: console, poolSize: 1 },
  );
  try {
    await migrateToLatest(handle.db);
    return await use(handle, work);
  } finally {
    await handle.destroy();
    if (database === 'postgres')
      await onPostgresServer(`drop database if exists ${databaseName} with (force)`);
    fs.rmSync(work, { recursive: true, force: true });
  }
}
