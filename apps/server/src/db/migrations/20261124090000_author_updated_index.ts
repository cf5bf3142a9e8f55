import type { Kysely } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * A profile's place in the sitemap carries the time of its author's latest portfolio change. With
 * `(author_id, updated_at)` that is one index seek per author, and whether an author has a portfolio at
 * all is answered by the same index; before, every portfolio row of every author was read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('portfolios_author_updated_index')
    .on('portfolios')
    .columns(['author_id', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('portfolios_author_updated_index').execute();
}
