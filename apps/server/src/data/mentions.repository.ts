import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/*
 * Mentions (docs/decisions/0057-mentions.md): who an `@username` names, who was already told of a text,
 * and the usernames suggested as one types one.
 */

/** The accounts named by these lowercased usernames, through the unique index on lower(username). */
export async function findAccountIds(db: Executor, usernames: readonly string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, 'in', usernames)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Which of `userIds` already have a notification of this comment (any kind: its portfolio's owner, the
 * person it answers, someone it mentioned), or of a mention in this portfolio's description.
 */
export async function findAlreadyTold(
  db: Executor,
  about: { commentId: string } | { portfolioId: string },
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  let query = db.selectFrom('notifications').select('user_id').where('user_id', 'in', userIds);
  query =
    'commentId' in about
      ? query.where('comment_id', '=', about.commentId)
      : query
          .where('portfolio_id', '=', about.portfolioId)
          .where('kind', '=', 'mention')
          .where('comment_id', 'is', null);
  const rows = await query.execute();
  return new Set(rows.map((row) => row.user_id));
}

export interface MentionCandidateRow {
  id: string;
  username: string;
  firstname: string;
  lastname: string;
  image: string | null;
}

/**
 * Accounts whose username begins with `prefix` (lowercased, username characters only), in the order of
 * their lowercased usernames (so an exact match comes first): one bounded walk of a username index.
 * Hidden accounts and those blocked from writing now are left out, as in the people directory.
 */
export function findMentionCandidates(
  db: Executor,
  dialect: Dialect,
  prefix: string,
  limit: number,
  now: string,
): Promise<MentionCandidateRow[]> {
  // Every username character sorts below U+007F, so [prefix, prefix + U+007F) is exactly the prefix's
  // names in byte order, which SQLite's index has and PostgreSQL's "C" one (the mentions migration).
  const key =
    dialect === 'postgres' ? sql<string>`lower(username) collate "C"` : sql<string>`lower(username)`;
  return db
    .selectFrom('users')
    .select(['id', 'username', 'firstname', 'lastname', 'image'])
    .where(key, '>=', prefix)
    .where(key, '<', `${prefix}\u007f`)
    .where('hidden_at', 'is', null)
    .where((eb) => eb.or([eb('blocked_at', 'is', null), eb('blocked_until', '<=', now)]))
    .orderBy(key)
    .limit(limit)
    .execute();
}
