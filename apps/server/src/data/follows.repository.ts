import { LIMITS } from '@portfolio-master/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Adds the follow unless it exists; true when this call added it. The primary key decides races. */
export async function insertFollow(db: Executor, followerId: string, followeeId: string, now: string) {
  const inserted = await db
    .insertInto('follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .returning('followee_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Removes the follow; true when a row really went. */
export async function deleteFollow(db: Executor, followerId: string, followeeId: string) {
  const result = await db
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Moves both counters of a follow by `delta` and answers the followee's number of followers. The two
 * rows are written in the order of their ids, so that two people following each other at the same
 * moment cannot each hold the row the other waits for.
 */
export async function adjustFollowCounts(
  db: Executor,
  followerId: string,
  followeeId: string,
  delta: number,
): Promise<number> {
  let followers = 0;
  const writes = [
    { id: followerId, column: 'following_count' as const },
    { id: followeeId, column: 'followers_count' as const },
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const { id, column } of writes) {
    const row = await db
      .updateTable('users')
      .set({ [column]: sql`${sql.ref(column)} + ${delta}` })
      .where('id', '=', id)
      .returning('followers_count')
      .executeTakeFirst();
    if (id === followeeId) followers = row?.followers_count ?? 0;
  }
  return followers;
}

/** Which of these accounts `followerId` follows, from the key. */
export async function findFollowed(
  db: Executor,
  followerId: string,
  followeeIds: readonly string[],
): Promise<Set<string>> {
  if (followeeIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('follows')
    .select('followee_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', 'in', followeeIds)
    .execute();
  return new Set(rows.map((row) => row.followee_id));
}

/** A page of the accounts on one side of `userId`'s follows, the newest follow first. */
export function findFollowPage(
  db: Executor,
  userId: string,
  side: 'followers' | 'following',
  limit: number,
  offset: number,
): Promise<UserRow[]> {
  const [mine, theirs] =
    side === 'followers'
      ? (['followee_id', 'follower_id'] as const)
      : (['follower_id', 'followee_id'] as const);
  return db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', `follows.${theirs}`)
    .selectAll('users')
    .where(`follows.${mine}`, '=', userId)
    .orderBy('follows.created_at', 'desc')
    .orderBy(`follows.${theirs}`, 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * Ids of a page of the portfolios by the authors `userId` follows or co-authored by them (accepted),
 * newest first, and how many there are. Each of the two is read newest first no deeper than the page's
 * end, then merged; without co-authored work, the authors' own alone as before.
 */
export async function findFollowedPortfolioIds(
  db: Executor,
  userId: string,
  limit: number,
  offset: number,
): Promise<{ ids: string[]; total: number }> {
  const followed = db.selectFrom('follows').select('followee_id').where('follower_id', '=', userId);
  const coauthored = db
    .selectFrom('portfolio_authors as pa')
    .innerJoin('portfolios as p', 'p.id', 'pa.portfolio_id')
    .where('pa.user_id', 'in', followed)
    .where('pa.status', '=', 'accepted')
    .where('p.hidden_at', 'is', null)
    .where('p.author_id', 'not in', followed);
  const [own, credited, counted, creditedCount] = await Promise.all([
    db
      .selectFrom('portfolios')
      .select(['id', 'created_at'])
      .where('author_id', 'in', followed)
      .where('hidden_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(offset + limit)
      .execute(),
    coauthored
      .select(['p.id', 'p.created_at'])
      .orderBy('pa.portfolio_created_at', 'desc')
      .orderBy('pa.portfolio_id', 'desc')
      // Several people one follows may co-author one portfolio: its rows are read once per person.
      .limit((offset + limit) * LIMITS.coauthors.max)
      .execute(),
    db
      .selectFrom('portfolios')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('author_id', 'in', followed)
      .where('hidden_at', 'is', null)
      .executeTakeFirstOrThrow(),
    coauthored
      .select((eb) => eb.fn.count<number | string>('pa.portfolio_id').distinct().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  const time = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);
  const ids = [...own, ...credited]
    .sort((a, b) => {
      const [x, y] = [time(a.created_at), time(b.created_at)];
      if (x !== y) return x < y ? 1 : -1;
      return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
    })
    .map((row) => row.id);
  return {
    ids: [...new Set(ids)].slice(offset, offset + limit),
    total: Number(counted.count) + Number(creditedCount.count),
  };
}
