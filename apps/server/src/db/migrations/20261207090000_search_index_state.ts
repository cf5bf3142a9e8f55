import type { Kysely } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * Which version of the text index's rules its entries were written by: one row, absent until the
 * server has brought the index up to date the first time (an index made before this table is version 1).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_index_state')
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_index_state').execute();
}
