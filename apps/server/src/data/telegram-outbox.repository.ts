import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database, NotificationKind } from '../db/schema.js';
import { newId } from '../lib/ids.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Notifications read by one statement: one parameter each, well under SQLite's limit. */
const IDS_PER_STATEMENT = 500;

/** Whether the recipient `s` (their settings) wants `kind` in Telegram, for the kind in column `kindColumn`. */
const wantsKind = (kindColumn: 'n.kind') =>
  sql<boolean>`((${sql.ref(kindColumn)} = 'comment' and s.telegram_comment = 1)
    or (${sql.ref(kindColumn)} = 'reply' and s.telegram_reply = 1)
    or (${sql.ref(kindColumn)} = 'post' and s.telegram_post = 1))`;

/**
 * Queues these new notifications (comments, replies, posts) for the bot, each under its own id, for those
 * recipients who linked a chat and want their kind there: one statement per chunk, and no row at all when
 * no recipient linked a chat.
 */
export async function enqueueNotifications(
  db: Transaction<Database>,
  ids: readonly string[],
  now: string,
): Promise<void> {
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    const chunk = ids.slice(start, start + IDS_PER_STATEMENT);
    await db
      .insertInto('telegram_outbox')
      .columns(['id', 'user_id', 'kind', 'actor_id', 'portfolio_id', 'comment_id', 'next_at', 'created_at'])
      .expression(
        db
          .selectFrom('notifications as n')
          .innerJoin('users as u', 'u.id', 'n.user_id')
          .innerJoin('notification_settings as s', 's.user_id', 'n.user_id')
          .select([
            'n.id',
            'n.user_id',
            'n.kind',
            'n.actor_id',
            'n.portfolio_id',
            'n.comment_id',
            sql<string>`${now}`.as('next_at'),
            sql<string>`${now}`.as('created_at'),
          ])
          .where('n.id', 'in', chunk)
          .where('u.telegram_chat_id', 'is not', null)
          .where(wantsKind('n.kind'))
          .where('n.kind', '!=', 'like'),
      )
      .execute();
  }
}

/**
 * A new portfolio by `authorId`: its followers' messages are queued later by the worker (`fanOutChunk`),
 * so that the create pays one row however many follow (docs/decisions/0047). The row is written only when
 * some follower linked a chat and wants new work there.
 */
export async function enqueueFanOut(
  db: Transaction<Database>,
  post: { portfolioId: string; authorId: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('telegram_fanouts')
    .columns(['portfolio_id', 'created_at'])
    .expression(
      db
        .selectFrom('follows as f')
        .innerJoin('users as u', 'u.id', 'f.follower_id')
        .innerJoin('notification_settings as s', 's.user_id', 'f.follower_id')
        .select([
          sql<string>`${post.portfolioId}`.as('portfolio_id'),
          sql<string>`${post.createdAt}`.as('created_at'),
        ])
        .where('f.followee_id', '=', post.authorId)
        .where('u.telegram_chat_id', 'is not', null)
        .where('s.telegram_post', '=', 1)
        .limit(1),
    )
    .execute();
}

/**
 * Recipients queued by one fan-out transaction: a short hold of the writer (SQLite has one), and still
 * well ahead of the sending, which takes 30 rows a round.
 */
const FAN_OUT_CHUNK = 100;

/** Another worker took this chunk first (a lease that ran out under a slow worker): this one stands back. */
class ChunkTaken extends Error {}

/**
 * Queues the next chunk of the oldest fan-out's recipients (their post notifications, by recipient) and
 * moves its cursor past them, or drops it with its last chunk: one transaction, which the cursor's old
 * value guards, so that no recipient is queued twice or skipped. Answers whether there was a fan-out.
 */
export async function fanOutChunk(db: Kysely<Database>, size = FAN_OUT_CHUNK): Promise<boolean> {
  const fanout = await db
    .selectFrom('telegram_fanouts')
    .selectAll()
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  if (!fanout) return false;
  const createdAt = new Date(fanout.created_at).toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      const recipients = await trx
        .selectFrom('notifications')
        .select(['id', 'user_id'])
        .where('portfolio_id', '=', fanout.portfolio_id)
        .where('kind', '=', 'post')
        .where('user_id', '>', fanout.after_user_id)
        .orderBy('user_id')
        .limit(size)
        .execute();
      await enqueueNotifications(
        trx,
        recipients.map((row) => row.id),
        createdAt,
      );
      const mine = (eb: ExpressionBuilder<Database, 'telegram_fanouts'>) =>
        eb.and([
          eb('portfolio_id', '=', fanout.portfolio_id),
          eb('after_user_id', '=', fanout.after_user_id),
        ]);
      const last = recipients.at(-1);
      const changed =
        recipients.length < size || last === undefined
          ? (await trx.deleteFrom('telegram_fanouts').where(mine).executeTakeFirst()).numDeletedRows
          : (
              await trx
                .updateTable('telegram_fanouts')
                .set({ after_user_id: last.user_id })
                .where(mine)
                .executeTakeFirst()
            ).numUpdatedRows;
      if (Number(changed) === 0) throw new ChunkTaken();
    });
  } catch (error) {
    if (!(error instanceof ChunkTaken)) throw error;
  }
  return true;
}

/**
 * A like by `likerId`: it joins the message about this portfolio still waiting for its owner (the newest
 * liker named, one more counted), or begins one held until `holdUntil` so that the likes after it join it,
 * when the owner linked a chat and wants likes there. The owner's own like is nobody's news.
 */
export async function enqueueLike(
  db: Transaction<Database>,
  like: { portfolioId: string; likerId: string; now: string; holdUntil: string },
): Promise<void> {
  const merged = await db
    .updateTable('telegram_outbox')
    .set((eb) => ({ actor_id: like.likerId, others_count: eb('others_count', '+', 1) }))
    .where('portfolio_id', '=', like.portfolioId)
    .where('kind', '=', 'like')
    .where('status', '=', 'pending')
    .where('user_id', '!=', like.likerId)
    .executeTakeFirst();
  if (Number(merged.numUpdatedRows) > 0) return;
  await db
    .insertInto('telegram_outbox')
    .columns(['id', 'user_id', 'kind', 'actor_id', 'portfolio_id', 'next_at', 'created_at'])
    .expression(
      db
        .selectFrom('portfolios as p')
        .innerJoin('users as u', 'u.id', 'p.author_id')
        .innerJoin('notification_settings as s', 's.user_id', 'p.author_id')
        .select([
          sql<string>`${newId()}`.as('id'),
          'p.author_id',
          sql<NotificationKind>`'like'`.as('kind'),
          sql<string>`${like.likerId}`.as('actor_id'),
          'p.id',
          sql<string>`${like.holdUntil}`.as('next_at'),
          sql<string>`${like.now}`.as('created_at'),
        ])
        .where('p.id', '=', like.portfolioId)
        .where('p.author_id', '!=', like.likerId)
        .where('u.telegram_chat_id', 'is not', null)
        .where('s.telegram_like', '=', 1),
    )
    .execute();
}

/**
 * Takes up to `limit` rows that are due (pending and `next_at` passed, or claimed by a worker whose claim
 * ran out) for `until`: one statement, so that two workers never take the same row. PostgreSQL skips the
 * rows another worker is taking, and both re-check the row's state as they change it.
 */
export async function claimDue(
  db: Kysely<Database>,
  claim: { now: string; until: string; limit: number; postgres: boolean },
): Promise<string[]> {
  const due = (eb: ExpressionBuilder<Database, 'telegram_outbox'>) =>
    eb.or([
      eb.and([eb('status', '=', 'pending'), eb('next_at', '<=', claim.now)]),
      eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<=', claim.now)]),
    ]);
  let candidates = db
    .selectFrom('telegram_outbox')
    .select('id')
    .where(due)
    .orderBy('next_at')
    .limit(claim.limit);
  if (claim.postgres) candidates = candidates.forUpdate().skipLocked();
  const rows = await db
    .updateTable('telegram_outbox')
    .set({ status: 'sending', claimed_until: claim.until })
    .where('id', 'in', candidates)
    .where(due)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export interface OutboxMessage {
  id: string;
  user_id: string;
  kind: NotificationKind;
  others_count: number;
  attempts: number;
  locale: string | null;
  actor_firstname: string;
  actor_lastname: string;
  portfolio_title: string;
  portfolio_linktitle: string;
  portfolio_hidden_at: Date | string | null;
  comment_body: string | null;
  comment_hidden_at: Date | string | null;
}

/** What the claimed rows say: recipient's language, actor's name, portfolio, comment. */
export function findMessages(db: Executor, ids: readonly string[]): Promise<OutboxMessage[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('telegram_outbox as o')
    .innerJoin('users as r', 'r.id', 'o.user_id')
    .innerJoin('users as a', 'a.id', 'o.actor_id')
    .innerJoin('portfolios as p', 'p.id', 'o.portfolio_id')
    .leftJoin('comments as c', 'c.id', 'o.comment_id')
    .select([
      'o.id',
      'o.user_id',
      'o.kind',
      'o.others_count',
      'o.attempts',
      'r.locale',
      'a.firstname as actor_firstname',
      'a.lastname as actor_lastname',
      'p.title as portfolio_title',
      'p.linktitle as portfolio_linktitle',
      'p.hidden_at as portfolio_hidden_at',
      'c.body as comment_body',
      'c.hidden_at as comment_hidden_at',
    ])
    .where('o.id', 'in', ids)
    .orderBy('o.next_at')
    .execute();
}

export async function deleteRow(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('telegram_outbox').where('id', '=', id).execute();
}

/** Drops every row waiting for this account (its chat is gone). */
export async function deleteRecipientRows(db: Executor, userId: string): Promise<void> {
  await db
    .deleteFrom('telegram_outbox')
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .execute();
}

/** Back to waiting until `nextAt`; `failed` counts a failed send. */
export async function release(
  db: Executor,
  id: string,
  change: { nextAt: string; attempts?: number },
): Promise<void> {
  await db
    .updateTable('telegram_outbox')
    .set({
      status: 'pending',
      claimed_until: null,
      next_at: change.nextAt,
      ...(change.attempts === undefined ? {} : { attempts: change.attempts }),
    })
    .where('id', '=', id)
    .execute();
}

export async function markFailed(db: Executor, id: string, attempts: number): Promise<void> {
  await db
    .updateTable('telegram_outbox')
    .set({ status: 'failed', claimed_until: null, attempts })
    .where('id', '=', id)
    .execute();
}

/** Rows that could not be sent, kept a while for a look, then dropped. */
export async function deleteFailedBefore(db: Executor, before: string): Promise<void> {
  await db
    .deleteFrom('telegram_outbox')
    .where('status', '=', 'failed')
    .where('created_at', '<', before)
    .execute();
}
