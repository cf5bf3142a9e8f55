import type { Kysely } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * A portfolio's likers are paged newest first, (created_at, user_id) being the page boundary: with this
 * index a page is a seek and `limit` steps, whatever the number of likes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('likes_portfolio_created_index')
    .on('likes')
    .columns(['portfolio_id', 'created_at', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('likes_portfolio_created_index').execute();
}
