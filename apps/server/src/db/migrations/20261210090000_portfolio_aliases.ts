import { type Kysely, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * Portfolios brought over from the original site whose linktitle had to change (one no address can hold,
 * or one an earlier portfolio has) keep their old one as an address that still leads to them. An old
 * linktitle leads to one portfolio and goes with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('portfolio_aliases')
    .addColumn('old_linktitle', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('portfolio_id', sql`char(24)`, (c) =>
      c.notNull().references('portfolios.id').onDelete('cascade'),
    )
    .execute();
  // A portfolio's delete cascades here by this column.
  await db.schema
    .createIndex('portfolio_aliases_portfolio_index')
    .on('portfolio_aliases')
    .column('portfolio_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('portfolio_aliases').execute();
}
