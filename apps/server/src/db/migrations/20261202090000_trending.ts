import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * "Trending": each portfolio's score from the last 7 days' likes and comments, refreshed from those
 * rows alone (their time indexes), kept on the row with a covering index like the other sorts'.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('portfolios')
    .addColumn('trend_score', postgres ? sql`double precision` : sql`real`, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('portfolios_trending_index')
    .on('portfolios')
    .columns(['trend_score', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('likes_created_index').on('likes').column('created_at').execute();
  await db.schema.createIndex('comments_created_index').on('comments').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('comments_created_index').execute();
  await db.schema.dropIndex('likes_created_index').execute();
  await db.schema.dropIndex('portfolios_trending_index').execute();
  await db.schema.alterTable('portfolios').dropColumn('trend_score').execute();
}
