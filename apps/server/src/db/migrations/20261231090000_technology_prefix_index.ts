import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * Search finds technologies by the start of their name (docs/decisions/0060-search-tabs.md). SQLite
 * compares the unique slug index byte by byte, so a prefix is already a range of it. PostgreSQL's
 * collation need not order by bytes, so `slug like 'prefix%'` could not use that index: this one orders
 * slugs by their bytes (`varchar_pattern_ops`) so that it can.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create index technologies_slug_prefix_index on technologies (slug varchar_pattern_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index technologies_slug_prefix_index`.execute(db);
}
