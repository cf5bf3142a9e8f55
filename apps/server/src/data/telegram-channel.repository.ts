import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** A new portfolio, to be posted once (in its create's transaction). */
export async function enqueuePost(db: Executor, portfolioId: string, now: string): Promise<void> {
  await db
    .insertInto('telegram_channel_posts')
    .values({ portfolio_id: portfolioId, next_at: now, created_at: now })
    .onConflict((conflict) => conflict.column('portfolio_id').doNothing())
    .execute();
}

/**
 * These portfolios are no longer to be in the channel (hidden, deleted, opted out): a row not yet posted
 * is dropped by the worker, a posted one has its message deleted. A row a worker holds keeps its status:
 * the worker sees the mark when it records the post.
 */
export async function withdraw(db: Executor, portfolioIds: readonly string[], now: string): Promise<void> {
  for (let start = 0; start < portfolioIds.length; start += 500) {
    await withdrawChunk(db, portfolioIds.slice(start, start + 500), now);
  }
}

async function withdrawChunk(db: Executor, portfolioIds: readonly string[], now: string): Promise<void> {
  await db
    .updateTable('telegram_channel_posts')
    .set({
      withdrawn: 1,
      status: sql`case when status = 'sending' then status else 'pending' end`,
      next_at: now,
    })
    .where('portfolio_id', 'in', portfolioIds)
    .where('withdrawn', '=', 0)
    .where('status', '!=', 'failed')
    .execute();
}

/** Takes up to `limit` due rows for `until`, as the notifications' outbox does (one statement). */
export async function claimDue(
  db: Kysely<Database>,
  claim: { now: string; until: string; limit: number; postgres: boolean },
): Promise<string[]> {
  const due = (eb: ExpressionBuilder<Database, 'telegram_channel_posts'>) =>
    eb.or([
      eb.and([eb('status', '=', 'pending'), eb('next_at', '<=', claim.now)]),
      eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<=', claim.now)]),
    ]);
  let candidates = db
    .selectFrom('telegram_channel_posts')
    .select('portfolio_id')
    .where(due)
    .orderBy('next_at')
    .limit(claim.limit);
  if (claim.postgres) candidates = candidates.forUpdate().skipLocked();
  const rows = await db
    .updateTable('telegram_channel_posts')
    .set({ status: 'sending', claimed_until: claim.until })
    .where('portfolio_id', 'in', candidates)
    .where(due)
    .returning('portfolio_id')
    .execute();
  return rows.map((row) => row.portfolio_id);
}

export interface ChannelPost {
  portfolio_id: string;
  message_id: number | string | null;
  withdrawn: number;
  attempts: number;
  /** Null when the portfolio is gone. */
  title: string | null;
  linktitle: string | null;
  technology_names: string | null;
  hidden_at: Date | string | null;
  channel_opt_out: number | null;
  firstname: string | null;
  lastname: string | null;
}

/** The claimed rows with what a post says: title, author, technologies; nulls for a portfolio gone. */
export function findPosts(db: Executor, ids: readonly string[]): Promise<ChannelPost[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('telegram_channel_posts as t')
    .leftJoin('portfolios as p', 'p.id', 't.portfolio_id')
    .leftJoin('users as u', 'u.id', 'p.author_id')
    .select([
      't.portfolio_id',
      't.message_id',
      't.withdrawn',
      't.attempts',
      'p.title',
      'p.linktitle',
      'p.technology_names',
      'p.hidden_at',
      'p.channel_opt_out',
      'u.firstname',
      'u.lastname',
    ])
    .where('t.portfolio_id', 'in', ids)
    .orderBy('t.next_at')
    .execute();
}

/**
 * Posted as `messageId`: done, unless it was withdrawn meanwhile (then due again, for the message to be
 * deleted).
 */
export async function markPosted(db: Executor, portfolioId: string, messageId: number, now: string) {
  await db
    .updateTable('telegram_channel_posts')
    .set({
      message_id: messageId,
      posted_at: now,
      claimed_until: null,
      status: sql`case when withdrawn = 1 then 'pending' else 'posted' end`,
      next_at: now,
    })
    .where('portfolio_id', '=', portfolioId)
    .execute();
}

export async function deleteRow(db: Executor, portfolioId: string): Promise<void> {
  await db.deleteFrom('telegram_channel_posts').where('portfolio_id', '=', portfolioId).execute();
}

/** Back to waiting until `nextAt`; `attempts` counts a failed try. */
export async function release(
  db: Executor,
  portfolioId: string,
  change: { nextAt: string; attempts?: number },
): Promise<void> {
  await db
    .updateTable('telegram_channel_posts')
    .set({
      status: 'pending',
      claimed_until: null,
      next_at: change.nextAt,
      ...(change.attempts === undefined ? {} : { attempts: change.attempts }),
    })
    .where('portfolio_id', '=', portfolioId)
    .execute();
}

export async function markFailed(db: Executor, portfolioId: string, attempts: number): Promise<void> {
  await db
    .updateTable('telegram_channel_posts')
    .set({ status: 'failed', claimed_until: null, attempts })
    .where('portfolio_id', '=', portfolioId)
    .execute();
}

/**
 * This week's digest, taken by this worker until `until`: made if there is none, or taken over from a
 * worker whose claim ran out. False when it is posted or another worker holds it.
 */
export async function claimDigest(
  db: Executor,
  claim: { week: string; now: string; until: string },
): Promise<boolean> {
  const row = await db
    .insertInto('telegram_digests')
    .values({ week: claim.week, status: 'sending', claimed_until: claim.until })
    .onConflict((conflict) =>
      conflict
        .column('week')
        .doUpdateSet({ claimed_until: claim.until })
        .where((eb) =>
          eb.and([
            eb('telegram_digests.status', '=', 'sending'),
            eb('telegram_digests.claimed_until', '<=', claim.now),
          ]),
        ),
    )
    .returning('claimed_until')
    .executeTakeFirst();
  return row !== undefined && new Date(row.claimed_until!).getTime() === new Date(claim.until).getTime();
}

export async function markDigestPosted(
  db: Executor,
  week: string,
  messageId: number | null,
  now: string,
): Promise<void> {
  await db
    .updateTable('telegram_digests')
    .set({ status: 'posted', message_id: messageId, posted_at: now, claimed_until: null })
    .where('week', '=', week)
    .execute();
}

/** Lets another try: the digest was not sent (Telegram failed). */
export async function releaseDigest(db: Executor, week: string, retryAt: string): Promise<void> {
  await db
    .updateTable('telegram_digests')
    .set({ claimed_until: retryAt })
    .where('week', '=', week)
    .where('status', '=', 'sending')
    .execute();
}

export function findDigest(db: Executor, week: string) {
  return db.selectFrom('telegram_digests').selectAll().where('week', '=', week).executeTakeFirst();
}
