import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * Notifications through the bot (issue 29):
 * - `notification_settings.telegram_<kind>`: which kinds go to the linked Telegram chat, 1 or 0, off by
 *   default. Accounts that linked a chat before this migration get their mail switches.
 * - `telegram_outbox`: a notification waiting for the bot, one message each: to whom, what kind, who did
 *   it (the newest liker of a group of likes, `others_count` more), on which portfolio, which comment.
 *   `status` is `pending` until a worker claims it (`sending`, until `claimed_until`) and it goes or is
 *   dropped; `failed` once retries are spent. `next_at` is when it may go (a like waits a minute for the
 *   likes after it; a 429 or a failure puts it later), `attempts` how many sends failed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = postgres ? sql`timestamptz` : sql`text`;
  const id = sql`char(24)`;
  for (const kind of ['comment', 'like', 'reply', 'post']) {
    await db.schema
      .alterTable('notification_settings')
      .addColumn(`telegram_${kind}`, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await sql`update notification_settings set telegram_comment = email_comment, telegram_like = email_like,
    telegram_reply = email_reply, telegram_post = email_post
    where user_id in (select id from users where telegram_chat_id is not null)`.execute(db);

  await db.schema
    .createTable('telegram_outbox')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('portfolio_id', id, (c) => c.notNull().references('portfolios.id').onDelete('cascade'))
    .addColumn('comment_id', id, (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('others_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', time, (c) => c.notNull())
    .addColumn('claimed_until', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  // The worker's claim: what is due, oldest first.
  await db.schema
    .createIndex('telegram_outbox_due_index')
    .on('telegram_outbox')
    .columns(['status', 'next_at'])
    .execute();
  // A like joins the pending message of its recipient and portfolio; cascades find rows by these.
  await db.schema
    .createIndex('telegram_outbox_recipient_index')
    .on('telegram_outbox')
    .columns(['user_id', 'portfolio_id', 'kind', 'status'])
    .execute();
  await db.schema
    .createIndex('telegram_outbox_portfolio_index')
    .on('telegram_outbox')
    .column('portfolio_id')
    .execute();
  await db.schema
    .createIndex('telegram_outbox_actor_index')
    .on('telegram_outbox')
    .column('actor_id')
    .execute();
  await db.schema
    .createIndex('telegram_outbox_comment_index')
    .on('telegram_outbox')
    .column('comment_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('telegram_outbox').execute();
  for (const kind of ['post', 'reply', 'like', 'comment']) {
    await db.schema.alterTable('notification_settings').dropColumn(`telegram_${kind}`).execute();
  }
}
