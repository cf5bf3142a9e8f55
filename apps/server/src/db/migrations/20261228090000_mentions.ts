import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * Mentions (docs/decisions/0057-mentions.md):
 * - `notification_settings.email_mention` and `telegram_mention`: whether an `@username` written about
 *   the person comes by mail and through the bot. Existing accounts get what they chose for `reply`, the
 *   talk they already hear of; new ones mail by default, as for replies.
 * - Usernames suggested after `@` are read by prefix, in byte order, from an index of the lowercased
 *   username: SQLite's `users_username_lower_unique` already is one (its default collation compares
 *   bytes); PostgreSQL's compares by the database's collation, which cannot bound a prefix, so it gets
 *   one in the "C" collation.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('notification_settings')
    .addColumn('email_mention', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('notification_settings')
    .addColumn('telegram_mention', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update notification_settings set email_mention = email_reply, telegram_mention = telegram_reply`.execute(
    db,
  );
  if (postgres) {
    await sql`create index users_username_prefix_index on users ((lower(username) collate "C"))`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) await sql`drop index users_username_prefix_index`.execute(db);
  await db.schema.alterTable('notification_settings').dropColumn('telegram_mention').execute();
  await db.schema.alterTable('notification_settings').dropColumn('email_mention').execute();
}
