import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * Portfolios saved to read later ("Saqlash"): private to the person who saved them, newest first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  const id = sql`char(24)`;

  await db.schema
    .createTable('bookmarks')
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('portfolio_id', id, (c) => c.notNull().references('portfolios.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('bookmarks_pkey', ['user_id', 'portfolio_id'])
    .execute();
  await db.schema
    .createIndex('bookmarks_user_created_index')
    .on('bookmarks')
    .columns(['user_id', 'created_at'])
    .execute();
  // A portfolio's delete cascades here by this column.
  await db.schema.createIndex('bookmarks_portfolio_index').on('bookmarks').column('portfolio_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bookmarks').execute();
}
