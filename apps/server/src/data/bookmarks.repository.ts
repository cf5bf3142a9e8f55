import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export async function insertBookmark(db: Executor, userId: string, portfolioId: string, now: string) {
  await db
    .insertInto('bookmarks')
    .values({ user_id: userId, portfolio_id: portfolioId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'portfolio_id']).doNothing())
    .execute();
}

export async function deleteBookmark(db: Executor, userId: string, portfolioId: string) {
  await db
    .deleteFrom('bookmarks')
    .where('user_id', '=', userId)
    .where('portfolio_id', '=', portfolioId)
    .execute();
}

export async function isBookmarked(db: Executor, userId: string, portfolioId: string): Promise<boolean> {
  const row = await db
    .selectFrom('bookmarks')
    .select('portfolio_id')
    .where('user_id', '=', userId)
    .where('portfolio_id', '=', portfolioId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Ids of a page of what `userId` saved, the newest save first, and how many there are. */
export async function findBookmarkedIds(
  db: Executor,
  userId: string,
  limit: number,
  offset: number,
): Promise<{ ids: string[]; total: number }> {
  const [rows, counted] = await Promise.all([
    db
      .selectFrom('bookmarks as b')
      .innerJoin('portfolios as p', 'p.id', 'b.portfolio_id')
      .select('b.portfolio_id')
      .where('b.user_id', '=', userId)
      .where('p.hidden_at', 'is', null)
      .orderBy('b.created_at', 'desc')
      .orderBy('b.portfolio_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('bookmarks as b')
      .innerJoin('portfolios as p', 'p.id', 'b.portfolio_id')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('b.user_id', '=', userId)
      .where('p.hidden_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.portfolio_id), total: Number(counted.count) };
}
