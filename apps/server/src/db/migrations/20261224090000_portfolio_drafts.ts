import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * Drafts (docs/decisions/0053-drafts.md): a portfolio not yet published is a row of its own table, not a
 * portfolio, so no list, search, feed, sitemap, count or notification can see it. Publishing posts it as a
 * portfolio and deletes the draft in the same transaction. Its author's drafts are listed by the last save.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = postgres ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('portfolio_drafts')
    .addColumn('id', sql`char(24)`, (c) => c.primaryKey())
    .addColumn('author_id', sql`char(24)`, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('repo_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('technology_names', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('portfolio_drafts_author_index')
    .on('portfolio_drafts')
    .columns(['author_id', 'updated_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('portfolio_drafts').execute();
}
