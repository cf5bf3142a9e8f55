import fs from 'node:fs';
import type { DatabaseConfig } from '../config.js';
import { createDatabase, type DatabaseHandle, type DatabaseOptions } from '../db/database.js';
import { migrateToLatest, migrationProvider, pendingMigrations } from '../db/migrator.js';

/**
 * The database a dry run compares the dump with, opened so that nothing can be written to it (nor a new
 * SQLite file or folder made). One without any of our migrations (a new one, or a SQLite file not there
 * yet) is what a real run starts from once migrated: an empty one, so the plan is made against an empty
 * database of our schema held in memory (`empty`). One with only some of them cannot be read as a real run
 * would find it: the answer is then a message saying so.
 */
export async function openForDryRun(
  config: DatabaseConfig,
  options: Pick<DatabaseOptions, 'logger'>,
): Promise<{ handle: DatabaseHandle; empty: boolean } | string> {
  if (config.dialect === 'sqlite' && config.file !== ':memory:' && !fs.existsSync(config.file)) {
    return { handle: await emptyStandIn(options), empty: true };
  }
  const handle = createDatabase(config, { ...options, poolSize: 1, readonly: true });
  let pending: string[];
  try {
    pending = await pendingMigrations(handle.db);
  } catch (error) {
    await handle.destroy();
    throw error;
  }
  if (pending.length === 0) return { handle, empty: false };
  await handle.destroy();
  if (pending.length < Object.keys(await migrationProvider.getMigrations()).length) {
    return `The database lacks migrations (${pending.join(', ')}): run npm run db:migrate first.`;
  }
  return { handle: await emptyStandIn(options), empty: true };
}

async function emptyStandIn(options: Pick<DatabaseOptions, 'logger'>): Promise<DatabaseHandle> {
  const handle = createDatabase({ dialect: 'sqlite', file: ':memory:' }, options);
  await migrateToLatest(handle.db);
  return handle;
}
