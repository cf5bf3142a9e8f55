import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * What happened to a person's work while they were away: a comment on their portfolio, likes (one row
 * for the unread likes of a portfolio, its newest liker and how many others), a reply where they
 * commented, a new portfolio by someone they follow. Each row goes with what it points at (the
 * recipient, the actor, the portfolio, the comment). Mail settings per kind, and a token for the
 * one-click unsubscribe link in those mails.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  const id = sql`char(24)`;

  await db.schema
    .createTable('notifications')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('portfolio_id', id, (c) => c.notNull().references('portfolios.id').onDelete('cascade'))
    .addColumn('comment_id', id, (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('others_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('since', timestamp, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('read_at', timestamp)
    .execute();
  await db.schema
    .createIndex('notifications_user_created_index')
    .on('notifications')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_user_unread_index')
    .on('notifications')
    .columns(['user_id', 'read_at'])
    .execute();
  // Cascades from a deleted portfolio, comment or actor find their rows by these.
  await db.schema
    .createIndex('notifications_portfolio_index')
    .on('notifications')
    .column('portfolio_id')
    .execute();
  await db.schema
    .createIndex('notifications_comment_index')
    .on('notifications')
    .column('comment_id')
    .execute();
  await db.schema.createIndex('notifications_actor_index').on('notifications').column('actor_id').execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', id, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email_comment', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('email_like', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email_reply', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('email_post', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('unsubscribe_token', 'char(43)', (c) => c.notNull().unique())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.dropTable('notifications').execute();
}
