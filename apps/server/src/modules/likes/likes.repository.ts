import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Adds the like unless it exists; true when this call added it. The primary key decides races. */
export async function insertLike(
  db: Executor,
  portfolioId: string,
  userId: string,
  now: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('likes')
    .values({ portfolio_id: portfolioId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['portfolio_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteLike(db: Executor, portfolioId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('likes')
    .where('portfolio_id', '=', portfolioId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Moves the stored count by delta in the same statement that reads it back. */
export async function adjustLikesCount(db: Executor, portfolioId: string, delta: number): Promise<number> {
  const row = await db
    .updateTable('portfolios')
    .set((eb) => ({ likes_count: eb('likes_count', '+', delta) }))
    .where('id', '=', portfolioId)
    .returning('likes_count')
    .executeTakeFirstOrThrow();
  return row.likes_count;
}
