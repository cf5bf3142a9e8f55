import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * Moderation: reports by users, hidden portfolios, comments and profiles (with the moderator's reason),
 * blocks from writing, and the log of what admins did.
 *
 * The lists' four order indexes and the sitemap's author index become partial (`where hidden_at is
 * null`): a page or a count of what everyone sees stays a walk of one covering index, with hidden
 * portfolios not in it at all.
 */
const ORDER_INDEXES = [
  ['portfolios_created_at_index', ['created_at', 'id']],
  ['portfolios_popular_index', ['likes_count', 'created_at', 'id']],
  ['portfolios_discussed_index', ['comments_count', 'created_at', 'id']],
  ['portfolios_trending_index', ['trend_score', 'created_at', 'id']],
  // The sitemap's "has a portfolio, and when did the newest change" per author.
  ['portfolios_author_updated_index', ['author_id', 'updated_at']],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  for (const table of ['portfolios', 'comments', 'users']) {
    await db.schema.alterTable(table).addColumn('hidden_at', timestamp).execute();
    await db.schema.alterTable(table).addColumn('hidden_reason', 'text').execute();
  }
  await db.schema.alterTable('users').addColumn('blocked_at', timestamp).execute();
  await db.schema.alterTable('users').addColumn('blocked_until', timestamp).execute();
  await db.schema.alterTable('users').addColumn('blocked_reason', 'text').execute();

  for (const [name, columns] of ORDER_INDEXES) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on('portfolios')
      .columns([...columns])
      .where(sql.ref('hidden_at'), 'is', null)
      .execute();
  }

  // The few hidden portfolios, for SQLite's count of the visible ones (all less these).
  await db.schema
    .createIndex('portfolios_hidden_index')
    .on('portfolios')
    .column('hidden_at')
    .where(sql.ref('hidden_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', sql`char(24)`, (c) => c.primaryKey())
    .addColumn('reporter_id', sql`char(24)`, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('target_id', sql`char(24)`, (c) => c.notNull())
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('closed_at', timestamp)
    .execute();
  // One open report per person and thing; the queue groups open reports by thing, newest first.
  await db.schema
    .createIndex('reports_open_unique')
    .on('reports')
    .columns(['reporter_id', 'target_kind', 'target_id'])
    .unique()
    .where(sql<boolean>`status = 'open'`)
    .execute();
  await db.schema
    .createIndex('reports_target_index')
    .on('reports')
    .columns(['target_kind', 'target_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('reports_status_index')
    .on('reports')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('moderation_log')
    .addColumn('id', sql`char(24)`, (c) => c.primaryKey())
    .addColumn('admin_id', sql`char(24)`, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('target_kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('target_id', sql`char(24)`, (c) => c.notNull())
    .addColumn('target_label', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('until', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moderation_log_created_index')
    .on('moderation_log')
    .columns(['created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('moderation_log').execute();
  await db.schema.dropTable('reports').execute();
  await db.schema.dropIndex('portfolios_hidden_index').execute();
  for (const [name, columns] of ORDER_INDEXES) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on('portfolios')
      .columns([...columns])
      .execute();
  }
  for (const column of ['blocked_reason', 'blocked_until', 'blocked_at']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  for (const table of ['users', 'comments', 'portfolios']) {
    await db.schema.alterTable(table).dropColumn('hidden_reason').execute();
    await db.schema.alterTable(table).dropColumn('hidden_at').execute();
  }
}
