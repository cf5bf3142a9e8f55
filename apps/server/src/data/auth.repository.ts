import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import { hotRead } from '../db/hot-reads.js';
import type { Database, UserRow } from '../db/schema.js';

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

/** A signed-in session and its user: what `request.auth` holds. */
export interface Authenticated {
  user: UserRow;
  sessionId: string;
  /** When the session was opened: by a sign-in, so a recent one confirms who is there. */
  sessionStartedAt: Date;
}

export async function findSessionWithUser(
  db: Executor,
  tokenHash: string,
  now: string,
): Promise<
  { sessionId: string; startedAt: Date | string; expiresAt: Date | string; user: UserRow } | undefined
> {
  const [row] = await hotRead(db, 'session-with-user', [tokenHash, now], () =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select([
        'sessions.id as session_id',
        'sessions.created_at as session_created_at',
        'sessions.expires_at as session_expires_at',
      ])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.expires_at', '>', now),
  );
  if (!row) return undefined;
  const { session_id, session_created_at, session_expires_at, ...user } = row;
  return { sessionId: session_id, startedAt: session_created_at, expiresAt: session_expires_at, user };
}

export interface SessionLikes {
  sessionId: string;
  userId: string;
  expiresAt: Date | string;
  liked: string[];
}

/**
 * Sessions by their tokens' hashes, each with which of `portfolioIds` its user likes, in one statement
 * (one round trip on PostgreSQL for a whole batch, see `Batches`): what a signed-in read of cached
 * portfolios needs (see plugins/read-cache.ts). Keyed by token hash; a token with no live session is
 * missing.
 */
export async function findSessionsLikes(
  db: Executor,
  tokenHashes: readonly string[],
  now: string,
  portfolioIds: readonly string[],
): Promise<Map<string, SessionLikes>> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // `in ()` is not SQL; no portfolio has the empty id.
  const among = portfolioIds.length > 0 ? portfolioIds : [''];
  // PostgreSQL takes the lists as two array parameters (one statement for every batch); SQLite's `in`
  // lists make one statement per pair of lengths.
  const [shape, parameters] = postgres
    ? ['sessions-likes', [[...among], [...tokenHashes], now]]
    : [`sessions-likes:${among.length}:${tokenHashes.length}`, [...among, ...tokenHashes, now]];
  const rows = await hotRead(db, shape, parameters, () => ({
    // A session goes with its user (on delete cascade): no join to users. On SQLite the likes are probed
    // in (user_id, portfolio_id), where one user's are neighbours, rather than in the primary key, where
    // each portfolio's are elsewhere: the planner sees no difference, memory does.
    compile: () =>
      sql<{
        token_hash: string;
        session_id: string;
        user_id: string;
        expires_at: Date | string;
        portfolio_id: string | null;
      }>`
        select s.token_hash, s.id as session_id, s.user_id, s.expires_at, l.portfolio_id
        from sessions s
        left join likes l ${postgres ? sql`` : sql`indexed by likes_user_index`}
          on l.user_id = s.user_id and ${
            postgres
              ? sql`l.portfolio_id = any(${parameters[0]})`
              : sql`l.portfolio_id in (${sql.join(among)})`
          }
        where ${
          postgres
            ? sql`s.token_hash = any(${parameters[1]})`
            : sql`s.token_hash in (${sql.join(tokenHashes)})`
        } and s.expires_at > ${now}`.compile(db),
  }));
  const sessions = new Map<string, SessionLikes>();
  for (const row of rows) {
    let session = sessions.get(row.token_hash);
    if (!session) {
      session = { sessionId: row.session_id, userId: row.user_id, expiresAt: row.expires_at, liked: [] };
      sessions.set(row.token_hash, session);
    }
    if (row.portfolio_id !== null) session.liked.push(row.portfolio_id);
  }
  return sessions;
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

/** Used Telegram sign-in payloads too old to be taken anyway. */
export function deleteExpiredTelegramLogins(db: Executor, now: string) {
  return db.deleteFrom('telegram_logins').where('expires_at', '<=', now).execute();
}

export function deleteExpiredVerifications(db: Executor, now: string) {
  return db.deleteFrom('email_verifications').where('expires_at', '<=', now).execute();
}

/** Only while the old hash is still there: a password changed meanwhile is not overwritten. */
export function replacePasswordHash(db: Executor, userId: string, oldHash: string, newHash: string) {
  return db
    .updateTable('users')
    .set({ password_hash: newHash })
    .where('id', '=', userId)
    .where('password_hash', '=', oldHash)
    .execute();
}

/** Remembers a Telegram payload as used; a second use fails on the primary key. */
export async function insertTelegramLogin(db: Executor, login: { hash: string; expiresAt: string }) {
  await db.insertInto('telegram_logins').values({ hash: login.hash, expires_at: login.expiresAt }).execute();
}
