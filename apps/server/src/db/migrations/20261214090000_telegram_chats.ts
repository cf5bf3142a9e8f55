import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * The bot's chats (issue 29):
 * - `users.telegram_chat_id` and `users.telegram_chat_linked_at`: the private chat with the site's bot that
 *   an account linked, and when; both null while none is. One chat per account, by being the account's
 *   columns.
 * - `telegram_link_tokens`: the one-time tokens of the bot's deep links (`/start <token>`), kept as their
 *   SHA-256, each bound to an account, valid until `expires_at`, and `used_at` once taken.
 * - `leases`: named leases that instances take in turn (the one instance that polls Telegram for
 *   updates): who holds it, and until when unless renewed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = postgres ? sql`timestamptz` : 'text';
  await db.schema.alterTable('users').addColumn('telegram_chat_id', 'varchar(20)').execute();
  await db.schema.alterTable('users').addColumn('telegram_chat_linked_at', time).execute();

  await db.schema
    .createTable('telegram_link_tokens')
    .addColumn('hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'char(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .execute();
  await db.schema
    .createIndex('telegram_link_tokens_user_id_index')
    .on('telegram_link_tokens')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('telegram_link_tokens_expires_at_index')
    .on('telegram_link_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('leases')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('leases').execute();
  await db.schema.dropTable('telegram_link_tokens').execute();
  await db.schema.alterTable('users').dropColumn('telegram_chat_linked_at').execute();
  await db.schema.alterTable('users').dropColumn('telegram_chat_id').execute();
}
