import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import { hotRead } from '../../db/hot-reads.js';
import type { Database, UserRow } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export function insertSession(
  db: Executor,
  session: { id: string; userId: string; tokenHash: string; createdAt: string; expiresAt: string },
) {
  return db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      token_hash: session.tokenHash,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

export async function findSessionWithUser(
  db: Executor,
  tokenHash: string,
  now: string,
): Promise<{ sessionId: string; expiresAt: Date | string; user: UserRow } | undefined> {
  const [row] = await hotRead(db, 'session-with-user', [tokenHash, now], () =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select(['sessions.id as session_id', 'sessions.expires_at as session_expires_at'])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.expires_at', '>', now),
  );
  if (!row) return undefined;
  const { session_id, session_expires_at, ...user } = row;
  return { sessionId: session_id, expiresAt: session_expires_at, user };
}

/**
 * A session by its token, with which of `portfolioIds` its user likes, in one statement (one round trip
 * on PostgreSQL): what a signed-in read of kept portfolios needs (see plugins/read-cache.ts). A row per
 * liked portfolio, or one with none.
 */
export async function findSessionLikes(
  db: Executor,
  tokenHash: string,
  now: string,
  portfolioIds: readonly string[],
): Promise<{ sessionId: string; expiresAt: Date | string; liked: string[] } | undefined> {
  // `in ()` is not SQL; no portfolio has the empty id.
  const among = portfolioIds.length > 0 ? portfolioIds : [''];
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const rows = await hotRead(db, `session-likes:${among.length}`, [...among, tokenHash, now], () => ({
    // A session goes with its user (on delete cascade): no join to users. On SQLite the likes are probed
    // in (user_id, portfolio_id), where one user's are neighbours, rather than in the primary key, where
    // each portfolio's are elsewhere: the planner sees no difference, memory does.
    compile: () =>
      sql<{ session_id: string; expires_at: Date | string; portfolio_id: string | null }>`
        select s.id as session_id, s.expires_at, l.portfolio_id
        from sessions s
        left join likes l ${postgres ? sql`` : sql`indexed by likes_user_index`}
          on l.user_id = s.user_id and l.portfolio_id in (${sql.join(among)})
        where s.token_hash = ${tokenHash} and s.expires_at > ${now}`.compile(db),
  }));
  const [first] = rows;
  if (!first) return undefined;
  const liked = rows.flatMap((row) => (row.portfolio_id === null ? [] : [row.portfolio_id]));
  return { sessionId: first.session_id, expiresAt: first.expires_at, liked };
}

export function extendSession(db: Executor, sessionId: string, expiresAt: string) {
  return db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
}

export function deleteSession(db: Executor, sessionId: string) {
  return db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export function deleteOtherSessions(db: Executor, userId: string, keepSessionId: string) {
  return db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepSessionId).execute();
}

export function deleteExpiredSessions(db: Executor, now: string) {
  return db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

export function insertVerification(
  db: Executor,
  verification: { id: string; email: string; tokenHash: string; createdAt: string; expiresAt: string },
) {
  return db
    .insertInto('email_verifications')
    .values({
      id: verification.id,
      email: verification.email,
      token_hash: verification.tokenHash,
      created_at: verification.createdAt,
      expires_at: verification.expiresAt,
      used_at: null,
    })
    .execute();
}

/** Marks a matching, unused, unexpired token as used; true when exactly this call consumed it. */
export async function consumeVerification(db: Executor, tokenHash: string, email: string, now: string) {
  const result = await db
    .updateTable('email_verifications')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the link is live; for `email` too when one is given. */
export async function isVerificationUsable(db: Executor, tokenHash: string, now: string, email?: string) {
  let query = db
    .selectFrom('email_verifications')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (email !== undefined) query = query.where('email', '=', email);
  const row = await query.executeTakeFirst();
  return row !== undefined;
}

export function deleteExpiredVerifications(db: Executor, now: string) {
  return db.deleteFrom('email_verifications').where('expires_at', '<=', now).execute();
}
