import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * People follow authors. A follow is a row (one per pair, the pair its key); each account keeps how many
 * follow it and how many it follows, written in the same transaction as the rows they count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  const id = sql`char(24)`;

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pkey', ['follower_id', 'followee_id'])
    .execute();
  // Whom one follows, newest first (the key serves "does A follow B"), and who follows one.
  await db.schema
    .createIndex('follows_follower_created_index')
    .on('follows')
    .columns(['follower_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('follows_followee_created_index')
    .on('follows')
    .columns(['followee_id', 'created_at'])
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('followers_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('following_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('following_count').execute();
  await db.schema.alterTable('users').dropColumn('followers_count').execute();
  await db.schema.dropTable('follows').execute();
}
