import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * The worker sends a new portfolio's followers their messages straight from the fan-out (docs/decisions/
 * 0054) rather than copying each into `telegram_outbox` first. It claims the next range of followers on the
 * fan-out row itself: `claimed_through` is the range's last follower and `claimed_until` when the claim
 * runs out (a worker that died is then replaced, and the range is sent again). The followers are walked in
 * order from the portfolio's notifications, which their portfolio index now keeps by recipient.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = postgres ? sql`timestamptz` : sql`text`;
  await db.schema.alterTable('telegram_fanouts').addColumn('claimed_until', time).execute();
  await db.schema
    .alterTable('telegram_fanouts')
    .addColumn('claimed_through', sql`char(24)`)
    .execute();
  await db.schema.dropIndex('notifications_portfolio_index').execute();
  await db.schema
    .createIndex('notifications_portfolio_index')
    .on('notifications')
    .columns(['portfolio_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_portfolio_index').execute();
  await db.schema
    .createIndex('notifications_portfolio_index')
    .on('notifications')
    .column('portfolio_id')
    .execute();
  await db.schema.alterTable('telegram_fanouts').dropColumn('claimed_through').execute();
  await db.schema.alterTable('telegram_fanouts').dropColumn('claimed_until').execute();
}
