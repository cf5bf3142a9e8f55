import { type Kysely, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * "Eng ko‘p yoqtirilgan" counts only what others think of a portfolio (issue 30, item 9):
 * `portfolios.ranked_likes` is its likes minus its author's own, kept beside `likes_count` (which the
 * pages still show) by the same statements. The popular order's covering index moves to it, under the
 * same name, and with `hidden_at` as before (20261206090000_covering_order_indexes).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('portfolios')
    .addColumn('ranked_likes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update portfolios set ranked_likes = likes_count - (case when exists (
      select 1 from likes l where l.portfolio_id = portfolios.id and l.user_id = portfolios.author_id
    ) then 1 else 0 end)`.execute(db);
  await recreatePopular(db, 'ranked_likes');
}

async function recreatePopular(db: Kysely<any>, column: 'ranked_likes' | 'likes_count'): Promise<void> {
  await db.schema.dropIndex('portfolios_popular_index').execute();
  await db.schema
    .createIndex('portfolios_popular_index')
    .on('portfolios')
    .columns([column, 'created_at', 'id', 'hidden_at'])
    .where(sql.ref('hidden_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await recreatePopular(db, 'likes_count');
  await db.schema.alterTable('portfolios').dropColumn('ranked_likes').execute();
}
