import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * The site's Telegram channel (issue 29):
 * - `portfolios.channel_opt_out`: 1 when the author asked that it not be posted ("Kanalda e’lon
 *   qilinmasin"), 0 by default.
 * - `telegram_channel_posts`: one row per portfolio that is to be, or was, posted. `message_id` is
 *   Telegram's once posted. `withdrawn` is set when the portfolio is hidden, deleted or opted out: a row not
 *   yet posted is then dropped, a posted one has its message deleted. `status` is `pending` while work is
 *   due at `next_at`, `sending` while a worker holds it (until `claimed_until`), `posted` when done,
 *   `failed` once Telegram refused it. No foreign key: the row outlives its portfolio until the message
 *   is deleted.
 * - `telegram_digests`: the week's best, one row per week (its Monday, `YYYY-MM-DD`), so that however many
 *   instances run it is posted once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = postgres ? sql`timestamptz` : sql`text`;
  await db.schema
    .alterTable('portfolios')
    .addColumn('channel_opt_out', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('telegram_channel_posts')
    .addColumn('portfolio_id', sql`char(24)`, (c) => c.primaryKey())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('message_id', 'bigint')
    .addColumn('withdrawn', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', time, (c) => c.notNull())
    .addColumn('claimed_until', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('posted_at', time)
    .execute();
  await db.schema
    .createIndex('telegram_channel_posts_due_index')
    .on('telegram_channel_posts')
    .columns(['status', 'next_at'])
    .execute();
  await db.schema
    .createTable('telegram_digests')
    .addColumn('week', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('message_id', 'bigint')
    .addColumn('claimed_until', time)
    .addColumn('posted_at', time)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('telegram_digests').execute();
  await db.schema.dropTable('telegram_channel_posts').execute();
  await db.schema.alterTable('portfolios').dropColumn('channel_opt_out').execute();
}
