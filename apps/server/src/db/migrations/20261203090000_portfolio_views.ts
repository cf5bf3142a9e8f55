import { type Kysely, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * Who looked at a portfolio, per day, for its owner: one row per portfolio, day and visitor, where the
 * visitor is a hash of that day's random salt with the account (or the address and browser) — no
 * address is stored, and once a day's salt is deleted its hashes cannot be tied to anyone. Rows and
 * salts older than the chart's 30 days are deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('portfolio_views')
    .addColumn('portfolio_id', sql`char(24)`, (c) =>
      c.notNull().references('portfolios.id').onDelete('cascade'),
    )
    .addColumn('day', sql`char(10)`, (c) => c.notNull())
    .addColumn('visitor', sql`char(64)`, (c) => c.notNull())
    .addPrimaryKeyConstraint('portfolio_views_pkey', ['portfolio_id', 'day', 'visitor'])
    .execute();
  await db.schema.createIndex('portfolio_views_day_index').on('portfolio_views').column('day').execute();
  await db.schema
    .createTable('view_salts')
    .addColumn('day', sql`char(10)`, (c) => c.primaryKey())
    .addColumn('salt', sql`char(43)`, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('view_salts').execute();
  await db.schema.dropTable('portfolio_views').execute();
}
