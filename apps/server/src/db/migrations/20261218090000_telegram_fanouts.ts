import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * A new portfolio's followers hear of it in Telegram through the worker, not the request
 * (docs/decisions/0047): `telegram_fanouts` holds one row per such portfolio, written in its create's
 * transaction when a follower linked a chat. The worker turns it into `telegram_outbox` rows a chunk of
 * recipients at a time: `after_user_id` is the last recipient done ('' before the first chunk), and the row
 * is gone with the last chunk.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = postgres ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('telegram_fanouts')
    .addColumn('portfolio_id', sql`char(24)`, (c) =>
      c.primaryKey().references('portfolios.id').onDelete('cascade'),
    )
    .addColumn('after_user_id', sql`char(24)`, (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('telegram_fanouts_created_index')
    .on('telegram_fanouts')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('telegram_fanouts').execute();
}
