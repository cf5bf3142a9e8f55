import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * A comment's writer may edit it (issue 30, item 7):
 * - `comments.edited_at`: when it was last edited; null while it is as first written.
 * - `comment_revisions`: each earlier text of an edited comment and when it was replaced, for the admins'
 *   moderation queue. They go with their comment.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = postgres ? sql`timestamptz` : sql`text`;
  await db.schema.alterTable('comments').addColumn('edited_at', time).execute();
  await db.schema
    .createTable('comment_revisions')
    .addColumn('id', sql`char(24)`, (c) => c.primaryKey())
    .addColumn('comment_id', sql`char(24)`, (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('replaced_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comment_revisions_comment_index')
    .on('comment_revisions')
    .columns(['comment_id', 'replaced_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('comment_revisions').execute();
  await db.schema.alterTable('comments').dropColumn('edited_at').execute();
}
