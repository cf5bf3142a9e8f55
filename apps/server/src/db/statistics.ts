import { type Kysely, sql } from 'kysely';
import type { Dialect } from './database.js';
import type { Database } from './schema.js';

/**
 * Fresh planner statistics: PostgreSQL's `VACUUM ANALYZE`; on SQLite `ANALYZE` for the row counts of
 * every table and index (`sqlite_stat1`) without its samples of values (see `dropValueSamples`).
 */
export async function refreshStatistics(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`vacuum analyze`.execute(db);
    return;
  }
  await sql`analyze`.execute(db);
  await dropValueSamples(db);
}

/**
 * Removes SQLite's samples of indexed values (`sqlite_stat4`, which `ANALYZE` writes because the driver
 * is built with STAT4) and reloads the statistics, keeping the row counts of `sqlite_stat1`
 * (docs/decisions/0068-no-value-samples.md). With samples, every statement whose plan could depend on a
 * bound value (an equality or a range on an indexed column) is planned again each time it is bound, which
 * made a like 15 % dearer; our statements are written for one plan whatever the values. Answers whether
 * there were samples to remove.
 */
export async function dropValueSamples(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_master
    where type = 'table' and name = 'sqlite_stat4'`.execute(db);
  if (!rows[0]?.n) return false;
  const deleted = await sql`delete from sqlite_stat4`.execute(db);
  if (!deleted.numAffectedRows) return false;
  await sql`analyze sqlite_schema`.execute(db);
  return true;
}
