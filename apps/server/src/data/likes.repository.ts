import type { Kysely, Transaction } from 'kysely';
import { hotRead, hotStatement } from '../db/hot-reads.js';
import type { Database } from '../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Adds the like unless it exists; true when this call added it. The primary key decides races. */
export async function insertLike(
  db: Executor,
  portfolioId: string,
  userId: string,
  now: string,
): Promise<boolean> {
  const inserted = await hotStatement(db, 'insert-like', [portfolioId, userId, now], () =>
    db
      .insertInto('likes')
      .values({ portfolio_id: portfolioId, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['portfolio_id', 'user_id']).doNothing())
      .returning('user_id'),
  );
  return inserted.rows.length > 0;
}

export async function deleteLike(db: Executor, portfolioId: string, userId: string): Promise<boolean> {
  const result = await hotStatement(db, 'delete-like', [portfolioId, userId], () =>
    db.deleteFrom('likes').where('portfolio_id', '=', portfolioId).where('user_id', '=', userId),
  );
  return Number(result.numAffectedRows ?? 0) === 1;
}

/**
 * Moves the stored count by delta in the same statement that reads it back, and the ranked count too
 * unless `userId` is the author (one's own like does not rank one's work).
 */
export async function adjustLikesCount(
  db: Executor,
  portfolioId: string,
  userId: string,
  delta: number,
): Promise<number> {
  // The case's two results are written into the statement: one statement for each delta.
  const { rows } = await hotStatement<{ likes_count: number }>(
    db,
    `adjust-likes-count:${delta}`,
    [delta, userId, portfolioId],
    () =>
      db
        .updateTable('portfolios')
        .set((eb) => ({
          likes_count: eb('likes_count', '+', delta),
          ranked_likes: eb(
            'ranked_likes',
            '+',
            eb.case().when('author_id', '=', userId).then(0).else(delta).end(),
          ),
        }))
        .where('id', '=', portfolioId)
        .returning('likes_count'),
  );
  if (!rows[0]) throw new Error('adjustLikesCount: no such portfolio');
  return rows[0].likes_count;
}

export interface LikerRow {
  user_id: string;
  created_at: Date | string;
  username: string;
  firstname: string;
  lastname: string;
  image: string | null;
  is_admin: number;
  email: string | null;
}

/** One page of a portfolio's likers, newest first, before `before` when given: a seek and `limit` steps. */
export function findLikersPage(
  db: Executor,
  portfolioId: string,
  before: { at: string; id: string } | undefined,
  limit: number,
): Promise<LikerRow[]> {
  const page = (query: ReturnType<typeof selectLikers>) =>
    query.orderBy('l.created_at', 'desc').orderBy('l.user_id', 'desc').limit(limit);
  if (!before) {
    return hotRead(db, 'likers-page', [portfolioId, limit], () => page(selectLikers(db, portfolioId)));
  }
  // A row-value comparison: a range of (portfolio_id, created_at, user_id) on both databases.
  return hotRead(db, 'likers-page-before', [portfolioId, before.at, before.id, limit], () =>
    page(
      selectLikers(db, portfolioId).where((eb) =>
        eb(eb.refTuple('l.created_at', 'l.user_id'), '<', eb.tuple(before.at, before.id)),
      ),
    ),
  );
}

function selectLikers(db: Executor, portfolioId: string) {
  return db
    .selectFrom('likes as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select([
      'l.user_id',
      'l.created_at',
      'u.username',
      'u.firstname',
      'u.lastname',
      'u.image',
      'u.is_admin',
      'u.email',
    ])
    .where('l.portfolio_id', '=', portfolioId);
}

/** The newest `limit` likers' ids of each of these portfolios. */
export async function findNewestLikerIds(
  db: Executor,
  portfolioIds: readonly string[],
  limit: number,
): Promise<{ portfolio_id: string; user_id: string }[]> {
  if (portfolioIds.length === 0) return [];
  if (portfolioIds.length === 1) {
    const [portfolioId] = portfolioIds as [string];
    return hotRead(db, 'newest-liker-ids', [portfolioId, limit], () =>
      db
        .selectFrom('likes')
        .select(['portfolio_id', 'user_id'])
        .where('portfolio_id', '=', portfolioId)
        .orderBy('created_at', 'desc')
        .orderBy('user_id', 'desc')
        .limit(limit),
    );
  }
  const ranked = db
    .selectFrom('likes')
    .select(['portfolio_id', 'user_id'])
    .select((eb) =>
      eb.fn
        .agg<number>('row_number')
        .over((over) =>
          over.partitionBy('portfolio_id').orderBy('created_at', 'desc').orderBy('user_id', 'desc'),
        )
        .as('rank'),
    )
    .where('portfolio_id', 'in', portfolioIds);
  return db
    .selectFrom(ranked.as('ranked'))
    .select(['portfolio_id', 'user_id'])
    .where('rank', '<=', limit)
    .orderBy('portfolio_id')
    .orderBy('rank')
    .execute();
}
