import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * Co-authors (docs/decisions/0056-co-authors.md): a portfolio's owner invites up to four people; each row
 * is one invitation, `invited` until its person accepts. Only `accepted` rows credit them. The
 * portfolio's creation time is copied onto the row so that a person's co-authored work is read newest
 * first as one range of `(user_id, status, portfolio_created_at, portfolio_id)`, like their own work
 * through the author index. A person's or a portfolio's deletion takes its rows with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = postgres ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('portfolio_authors')
    .addColumn('portfolio_id', sql`char(24)`, (c) =>
      c.notNull().references('portfolios.id').onDelete('cascade'),
    )
    .addColumn('user_id', sql`char(24)`, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('portfolio_created_at', time, (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('accepted_at', time)
    .addPrimaryKeyConstraint('portfolio_authors_pkey', ['portfolio_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('portfolio_authors_user_index')
    .on('portfolio_authors')
    .columns(['user_id', 'status', 'portfolio_created_at', 'portfolio_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('portfolio_authors').execute();
}
