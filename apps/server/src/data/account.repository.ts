import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { deleteEmptyThreads } from './comments.repository.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** A mailed link that acts on one account: its row's fields as both link tables share them. */
interface AccountLink {
  id: string;
  userId: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}

export function insertPasswordReset(db: Executor, link: AccountLink) {
  return db
    .insertInto('password_resets')
    .values({
      id: link.id,
      user_id: link.userId,
      token_hash: link.tokenHash,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
    })
    .execute();
}

/** The account a live reset link belongs to, read before the link is used. */
export function findPasswordResetOwner(db: Executor, tokenHash: string, now: string) {
  return db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .selectAll('users')
    .where('password_resets.token_hash', '=', tokenHash)
    .where('password_resets.expires_at', '>', now)
    .executeTakeFirst();
}

/** Deletes a live reset link and answers whose it was: exactly one caller can use a link. */
export async function takePasswordReset(db: Executor, tokenHash: string, now: string) {
  const row = await db
    .deleteFrom('password_resets')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export function deletePasswordResets(db: Executor, userId: string) {
  return db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}

export function insertEmailChange(db: Executor, link: AccountLink & { newEmail: string }) {
  return db
    .insertInto('email_changes')
    .values({
      id: link.id,
      user_id: link.userId,
      new_email: link.newEmail,
      token_hash: link.tokenHash,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
    })
    .execute();
}

/** Deletes a live email-change link and answers whose it was and the address it confirms. */
export async function takeEmailChange(db: Executor, tokenHash: string, now: string) {
  const row = await db
    .deleteFrom('email_changes')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .returning(['user_id', 'new_email'])
    .executeTakeFirst();
  return row && { userId: row.user_id, newEmail: row.new_email };
}

export function deleteEmailChanges(db: Executor, userId: string) {
  return db.deleteFrom('email_changes').where('user_id', '=', userId).execute();
}

export function findEmailChanges(db: Executor, userId: string, now: string) {
  return db
    .selectFrom('email_changes')
    .select(['new_email', 'created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .execute();
}

export async function deleteExpiredLinks(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('password_resets').where('expires_at', '<=', now).execute();
  await db.deleteFrom('email_changes').where('expires_at', '<=', now).execute();
}

export function updateEmail(db: Executor, userId: string, email: string, now: string) {
  return db.updateTable('users').set({ email, updated_at: now }).where('id', '=', userId).execute();
}

export function updatePasswordHash(db: Executor, userId: string, passwordHash: string, now: string) {
  return db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export function deleteSessionsOf(db: Executor, userId: string) {
  return db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/**
 * Locks the account's row until the transaction ends (PostgreSQL; SQLite writes one at a time). A like
 * or comment by the account checks its row through a foreign key, which waits for this lock: none can
 * slip in between the counting down below and the deletion. Such a write locks its portfolio first, so
 * waiting here for the portfolios could close a circle; waits are bounded instead (`lock_timeout`) and
 * the caller starts again once the other write is done.
 */
export async function lockAccount(
  db: Transaction<Database>,
  userId: string,
  waitMs: number,
): Promise<boolean> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (!postgres)
    return (
      (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined
    );
  await sql`select set_config('lock_timeout', ${`${waitMs}ms`}, true)`.execute(db);
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes the account's likes, comments and follows (both ways) and takes each off the counter it was
 * counted in. Only rows
 * this statement really deleted are counted (one the account removed itself a moment earlier is not), so
 * counters stay equal to their rows whatever ran alongside.
 */
export async function removeActivity(db: Transaction<Database>, userId: string): Promise<void> {
  const liked = await db
    .deleteFrom('likes')
    .where('user_id', '=', userId)
    .returning('portfolio_id')
    .execute();
  const commented = await db
    .deleteFrom('comments')
    .where('author_id', '=', userId)
    .returning(['portfolio_id', 'parent_id', 'hidden_at', 'deleted_at'])
    .execute();
  // Deleted comments kept only for the account's replies go with them.
  const threads = [...new Set(commented.flatMap((row) => (row.parent_id === null ? [] : [row.parent_id])))];
  for (const batch of batches(threads)) await deleteEmptyThreads(db, batch);
  const followed = await db
    .deleteFrom('follows')
    .where('follower_id', '=', userId)
    .returning('followee_id')
    .execute();
  const followers = await db
    .deleteFrom('follows')
    .where('followee_id', '=', userId)
    .returning('follower_id')
    .execute();
  for (const batch of batches(followed.map((row) => row.followee_id))) {
    await db
      .updateTable('users')
      .set({ followers_count: sql`followers_count - 1` })
      .where('id', 'in', batch)
      .execute();
  }
  for (const batch of batches(followers.map((row) => row.follower_id))) {
    await db
      .updateTable('users')
      .set({ following_count: sql`following_count - 1` })
      .where('id', 'in', batch)
      .execute();
  }
  // Grouped by how much each counter goes down: one statement per amount and batch of portfolios.
  const likesOff = countBy(liked.map((row) => row.portfolio_id));
  // A hidden comment was never in its portfolio's count, a deleted one left for its replies no longer is;
  // the replies to the account's comments stay, as top-level comments (the foreign key sets them so).
  const commentsOff = countBy(
    commented
      .filter((row) => row.hidden_at === null && row.deleted_at === null)
      .map((row) => row.portfolio_id),
  );
  for (const [amount, ids] of byAmount(likesOff)) {
    for (const batch of batches(ids)) {
      await db
        .updateTable('portfolios')
        // A like of one's own portfolio was never ranked.
        .set({
          likes_count: sql`likes_count - ${amount}`,
          ranked_likes: sql`ranked_likes - (case when author_id = ${userId} then 0 else ${amount} end)`,
        })
        .where('id', 'in', batch)
        .execute();
    }
  }
  for (const [amount, ids] of byAmount(commentsOff)) {
    for (const batch of batches(ids)) {
      await db
        .updateTable('portfolios')
        .set({ comments_count: sql`comments_count - ${amount}` })
        .where('id', 'in', batch)
        .execute();
    }
  }
}

function countBy(ids: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

function byAmount(counts: ReadonlyMap<string, number>): Map<number, string[]> {
  const groups = new Map<number, string[]>();
  for (const [id, amount] of counts) {
    const group = groups.get(amount);
    if (group) group.push(id);
    else groups.set(amount, [id]);
  }
  return groups;
}

function batches(ids: readonly string[], size = 500): string[][] {
  const result: string[][] = [];
  for (let start = 0; start < ids.length; start += size) result.push(ids.slice(start, start + size));
  return result;
}

export function findOwnPortfolioIds(db: Executor, userId: string): Promise<string[]> {
  return db
    .selectFrom('portfolios')
    .select('id')
    .where('author_id', '=', userId)
    .execute()
    .then((rows) => rows.map((row) => row.id));
}

export function findOwnImageNames(db: Executor, userId: string): Promise<string[]> {
  return db
    .selectFrom('images')
    .select('filename')
    .where('owner_id', '=', userId)
    .execute()
    .then((rows) => rows.map((row) => row.filename));
}

export function deleteUser(db: Executor, userId: string) {
  return db.deleteFrom('users').where('id', '=', userId).execute();
}

/** What the export holds besides the account row: everything keyed by the account, oldest first. */
export async function findAccountData(db: Executor, userId: string, now: string) {
  const [
    sessions,
    portfolios,
    comments,
    likes,
    images,
    emailChanges,
    saved,
    following,
    hides,
    coauthorships,
  ] = await Promise.all([
    db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'expires_at'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('portfolios')
      .selectAll()
      .where('author_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('comments')
      .innerJoin('portfolios', 'portfolios.id', 'comments.portfolio_id')
      .select([
        'comments.id',
        'comments.body',
        'comments.created_at',
        'portfolios.id as portfolio_id',
        'portfolios.title',
        'portfolios.linktitle',
      ])
      .where('comments.author_id', '=', userId)
      .where('comments.deleted_at', 'is', null)
      .orderBy('comments.created_at')
      .orderBy('comments.id')
      .execute(),
    db
      .selectFrom('likes')
      .innerJoin('portfolios', 'portfolios.id', 'likes.portfolio_id')
      .select([
        'likes.created_at',
        'portfolios.id as portfolio_id',
        'portfolios.title',
        'portfolios.linktitle',
      ])
      .where('likes.user_id', '=', userId)
      .orderBy('likes.created_at')
      .execute(),
    db
      .selectFrom('images')
      .select(['filename', 'portfolio_id', 'width', 'height', 'bytes', 'alt', 'created_at'])
      .where('owner_id', '=', userId)
      .orderBy('created_at')
      .orderBy('filename')
      .execute(),
    findEmailChanges(db, userId, now),
    db
      .selectFrom('bookmarks')
      .innerJoin('portfolios', 'portfolios.id', 'bookmarks.portfolio_id')
      .select([
        'bookmarks.created_at',
        'portfolios.id as portfolio_id',
        'portfolios.title',
        'portfolios.linktitle',
      ])
      .where('bookmarks.user_id', '=', userId)
      .orderBy('bookmarks.created_at')
      .execute(),
    db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.followee_id')
      .select(['follows.created_at', 'users.id', 'users.username'])
      .where('follows.follower_id', '=', userId)
      .orderBy('follows.created_at')
      .execute(),
    db
      .selectFrom('person_blocks')
      .innerJoin('users', 'users.id', 'person_blocks.other_id')
      .select(['person_blocks.kind', 'person_blocks.created_at', 'users.id', 'users.username'])
      .where('person_blocks.user_id', '=', userId)
      .orderBy('person_blocks.created_at')
      .execute(),
    db
      .selectFrom('portfolio_authors')
      .innerJoin('portfolios', 'portfolios.id', 'portfolio_authors.portfolio_id')
      .select([
        'portfolio_authors.status',
        'portfolio_authors.created_at',
        'portfolios.id as portfolio_id',
        'portfolios.title',
        'portfolios.linktitle',
      ])
      .where('portfolio_authors.user_id', '=', userId)
      .orderBy('portfolio_authors.created_at')
      .execute(),
  ]);
  return {
    sessions,
    portfolios,
    comments,
    likes,
    images,
    emailChanges,
    saved,
    following,
    hides,
    coauthorships,
  };
}
