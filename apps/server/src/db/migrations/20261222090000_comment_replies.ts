import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * A comment may answer another (one level: a reply's `parent_id` is always a top-level comment):
 * - `comments.parent_id`: the comment whose thread it is in; null for a top-level comment. A deleted
 *   account's comments go with it, and the replies of others to them become top-level comments.
 * - `comments.deleted_at`: a top-level comment deleted while it has replies stays, without its text, so
 *   that its thread keeps reading ("Izoh o‘chirilgan"); it goes with the last of its replies.
 * - One index serves both reads: a portfolio's top-level comments (`parent_id is null`) newest first,
 *   and the replies of one comment.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = postgres ? sql`timestamptz` : sql`text`;
  await db.schema
    .alterTable('comments')
    .addColumn('parent_id', sql`char(24)`, (c) => c.references('comments.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('comments').addColumn('deleted_at', time).execute();
  await db.schema
    .createIndex('comments_thread_index')
    .on('comments')
    .columns(['portfolio_id', 'parent_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('comments_thread_index').execute();
  // A tombstone has no text to show once threads are gone.
  await db.deleteFrom('comments').where('deleted_at', 'is not', null).execute();
  await db.schema.alterTable('comments').dropColumn('deleted_at').execute();
  await db.schema.alterTable('comments').dropColumn('parent_id').execute();
}
