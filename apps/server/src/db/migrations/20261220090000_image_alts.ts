import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * Each picture of a portfolio has its own description, its `alt` wherever it shows ("Rasm tavsifi",
 * issue 30, item 2): `images.alt`, empty for every picture so far (the pages then write the generated
 * text as before). Cards read their gallery from the portfolio's row (20261127090000_portfolio_lists), so
 * the descriptions are copied there too, as a JSON array in the gallery's order: `portfolios.image_alts`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('images')
    .addColumn('alt', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('portfolios')
    .addColumn('image_alts', 'text', (column) => column.notNull().defaultTo('[]'))
    .execute();
  const alts = postgres
    ? sql`coalesce((select json_agg(i.alt order by i.position)::text from images i
        where i.portfolio_id = portfolios.id), '[]')`
    : sql`(select json_group_array(i.alt order by i.position) from images i
        where i.portfolio_id = portfolios.id)`;
  await sql`update portfolios set image_alts = ${alts}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('portfolios').dropColumn('image_alts').execute();
  await db.schema.alterTable('images').dropColumn('alt').execute();
}
