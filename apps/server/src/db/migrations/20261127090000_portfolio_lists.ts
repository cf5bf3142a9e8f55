import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * Every card shows its portfolio's technology names and gallery in order. Read through correlated
 * subqueries, they were most of a list page's database work (several index probes per card); kept on
 * the portfolio's own row as JSON arrays, written in the same transaction as the rows they repeat, they
 * are read with it. portfolio_technologies and images stay the truth, for filters, counts and files.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('portfolios')
    .addColumn('technology_names', 'text', (column) => column.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('portfolios')
    .addColumn('image_names', 'text', (column) => column.notNull().defaultTo('[]'))
    .execute();
  const technologies = postgres
    ? sql`coalesce((select json_agg(t.name order by pt.position)::text from portfolio_technologies pt
        join technologies t on t.id = pt.technology_id where pt.portfolio_id = portfolios.id), '[]')`
    : sql`(select json_group_array(t.name order by pt.position) from portfolio_technologies pt
        join technologies t on t.id = pt.technology_id where pt.portfolio_id = portfolios.id)`;
  const images = postgres
    ? sql`coalesce((select json_agg(i.filename order by i.position)::text from images i
        where i.portfolio_id = portfolios.id), '[]')`
    : sql`(select json_group_array(i.filename order by i.position) from images i
        where i.portfolio_id = portfolios.id)`;
  await sql`update portfolios set technology_names = ${technologies}, image_names = ${images}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('portfolios').dropColumn('image_names').execute();
  await db.schema.alterTable('portfolios').dropColumn('technology_names').execute();
}
