import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database, DeliveredKind } from '../db/schema.js';
import { countedStatement, hotStatement } from '../db/hot-reads.js';
import { newId } from '../lib/ids.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Notifications read by one statement: one parameter each, well under SQLite's limit. */
const IDS_PER_STATEMENT = 500;

/** What an outbox row copies from its notification `n`. */
const FROM_NOTIFICATION = [
  'n.id',
  'n.user_id',
  'n.kind',
  'n.actor_id',
  'n.portfolio_id',
  'n.comment_id',
] as const;

/** Whether the recipient `s` (their settings) wants `kind` in Telegram, for the kind in column `kindColumn`. */
const wantsKind = (kindColumn: 'n.kind') =>
  sql<boolean>`((${sql.ref(kindColumn)} = 'comment' and s.telegram_comment = 1)
    or (${sql.ref(kindColumn)} = 'reply' and s.telegram_reply = 1)
    or (${sql.ref(kindColumn)} = 'mention' and s.telegram_mention = 1)
    or (${sql.ref(kindColumn)} = 'post' and s.telegram_post = 1))`;

/**
 * Queues these new notifications (comments, replies, mentions, posts) for the bot, each under its own id, for those
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
    // Built once per number of ids (one to a few for a comment): `now` twice, the ids, the kind left out.
    await countedStatement(db, 'outbox-enqueue', chunk.length, [now, now, ...chunk, 'like'], () =>
      db
        .insertInto('telegram_outbox')
        .columns(['id', 'user_id', 'kind', 'actor_id', 'portfolio_id', 'comment_id', 'next_at', 'created_at'])
        .expression(
          db
            .selectFrom('notifications as n')
            .innerJoin('users as u', 'u.id', 'n.user_id')
            .innerJoin('notification_settings as s', 's.user_id', 'n.user_id')
            .select([
              ...FROM_NOTIFICATION,
              sql<string>`${now}`.as('next_at'),
              sql<string>`${now}`.as('created_at'),
            ])
            .where('n.id', 'in', chunk)
            .where('u.telegram_chat_id', 'is not', null)
            .where(wantsKind('n.kind'))
            .where('n.kind', '!=', 'like'),
        ),
    );
  }
}

/**
 * A new portfolio by `authorId`: its followers are sent their messages later by the worker (`claimFanOut`),
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

/** A range of a new portfolio's followers that one worker claimed to send to (`claimFanOut`). */
export interface FanOutRange {
  portfolioId: string;
  /** The follower the range begins after: the fan-out's cursor, which guards the range's end. */
  afterUserId: string;
  /** The range's last follower looked at. */
  through: string;
  /** Whether the range reaches the fan-out's end (the row goes with it). */
  last: boolean;
  claimedUntil: string;
  /** The portfolio was hidden by a moderator before its followers' turn: nobody is told of it. */
  hidden: boolean;
  /** One message per follower in the range who linked a chat and wants new work there. */
  messages: OutboxMessage[];
}

/**
 * Claims the next `size` followers of the oldest fan-out that no live worker holds (docs/decisions/0054):
 * the messages of those who linked a chat and want new work there, read from the portfolio's `post`
 * notifications in recipient order, and the claim on the fan-out row that makes them this worker's until
 * `until`. Three small reads and one guarded statement; nothing is written per follower. Undefined when there is
 * no fan-out to take.
 */
export async function claimFanOut(
  db: Kysely<Database>,
  claim: { now: string; until: string; size: number },
): Promise<FanOutRange | undefined> {
  // Not held, or held by a worker whose claim ran out.
  const free = sql<boolean>`(claimed_until is null or claimed_until <= ${claim.now})`;
  // The oldest free fan-out alone (a tiny table), then its portfolio and author by their keys: joined in
  // one statement, SQLite's planner (not knowing the limit is 1) would walk every author instead.
  const fanout = await db
    .selectFrom('telegram_fanouts')
    .select(['portfolio_id', 'after_user_id'])
    .where(free)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  if (!fanout) return undefined;
  const portfolio = await db
    .selectFrom('portfolios as p')
    .innerJoin('users as a', 'a.id', 'p.author_id')
    .select(['p.hidden_at', 'p.title', 'p.linktitle', 'a.firstname', 'a.lastname'])
    .where('p.id', '=', fanout.portfolio_id)
    .executeTakeFirst();
  // Deleted meanwhile: its fan-out goes with it (the foreign key).
  if (!portfolio) return undefined;
  const followers = await db
    .selectFrom('notifications')
    .select(['id', 'user_id'])
    .where('portfolio_id', '=', fanout.portfolio_id)
    .where('user_id', '>', fanout.after_user_id)
    .where('kind', '=', 'post')
    .orderBy('user_id')
    .limit(claim.size)
    .execute();
  const through = followers.at(-1)?.user_id ?? fanout.after_user_id;
  const claimed = await db
    .updateTable('telegram_fanouts')
    .set({ claimed_through: through, claimed_until: claim.until })
    .where('portfolio_id', '=', fanout.portfolio_id)
    .where('after_user_id', '=', fanout.after_user_id)
    .where(free)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return undefined;
  const recipients =
    followers.length === 0 || portfolio.hidden_at !== null
      ? []
      : await db
          .selectFrom('notifications as n')
          .innerJoin('users as r', 'r.id', 'n.user_id')
          .innerJoin('notification_settings as s', 's.user_id', 'n.user_id')
          .select(['n.id', 'n.user_id', 'r.telegram_chat_id', 'r.locale'])
          .where(
            'n.id',
            'in',
            followers.map((follower) => follower.id),
          )
          .where('r.telegram_chat_id', 'is not', null)
          .where('s.telegram_post', '=', 1)
          .orderBy('n.user_id')
          .execute();
  return {
    portfolioId: fanout.portfolio_id,
    afterUserId: fanout.after_user_id,
    through,
    last: followers.length < claim.size,
    claimedUntil: claim.until,
    hidden: portfolio.hidden_at !== null,
    messages: recipients.map((recipient) => ({
      id: recipient.id,
      user_id: recipient.user_id,
      chat_id: recipient.telegram_chat_id,
      kind: 'post',
      others_count: 0,
      attempts: 0,
      locale: recipient.locale,
      actor_firstname: portfolio.firstname,
      actor_lastname: portfolio.lastname,
      portfolio_title: portfolio.title,
      portfolio_linktitle: portfolio.linktitle,
      portfolio_hidden_at: portfolio.hidden_at,
      comment_body: null,
      comment_hidden_at: null,
    })),
  };
}

/**
 * The range is sent: the cursor moves past it, or the fan-out goes with its last range. Guarded by the
 * claim, so that a worker whose claim ran out (and was taken over) changes nothing.
 */
export async function finishFanOut(db: Executor, range: FanOutRange): Promise<void> {
  const mine = (eb: ExpressionBuilder<Database, 'telegram_fanouts'>) =>
    eb.and([
      eb('portfolio_id', '=', range.portfolioId),
      eb('after_user_id', '=', range.afterUserId),
      eb('claimed_until', '=', range.claimedUntil),
    ]);
  if (range.last || range.hidden) {
    await db.deleteFrom('telegram_fanouts').where(mine).execute();
    return;
  }
  await db
    .updateTable('telegram_fanouts')
    .set({ after_user_id: range.through, claimed_through: null, claimed_until: null })
    .where(mine)
    .execute();
}

/**
 * A fan-out's message that could not go now (the chat's last message too recent, Telegram's 429, a
 * failure): queued as an outbox row under its notification's id, due at `nextAt`, or kept as failed.
 */
export async function queueNotification(
  db: Executor,
  row: { notificationId: string; nextAt: string; attempts: number; failed: boolean; now: string },
): Promise<void> {
  await db
    .insertInto('telegram_outbox')
    .columns([
      'id',
      'user_id',
      'kind',
      'actor_id',
      'portfolio_id',
      'comment_id',
      'status',
      'attempts',
      'next_at',
      'created_at',
    ])
    .expression(
      db
        .selectFrom('notifications as n')
        .select([
          ...FROM_NOTIFICATION,
          sql<'pending' | 'failed'>`${row.failed ? 'failed' : 'pending'}`.as('status'),
          sql<number>`${row.attempts}`.as('attempts'),
          sql<string>`${row.nextAt}`.as('next_at'),
          sql<string>`${row.now}`.as('created_at'),
        ])
        .where('n.id', '=', row.notificationId),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * A like by `likerId`: it joins the message about this portfolio still waiting for its owner (the newest
 * liker named, one more counted), or begins one held until `holdUntil` so that the likes after it join it,
 * when the owner linked a chat and wants likes there. The owner's own like is nobody's news.
 */
export async function enqueueLike(
  db: Transaction<Database>,
  like: { portfolioId: string; ownerId: string; likerId: string; now: string; holdUntil: string },
): Promise<void> {
  if (like.ownerId === like.likerId) return;
  const merged = await hotStatement(
    db,
    'enqueue-like-merge',
    [like.likerId, 1, like.portfolioId, 'like', 'pending', like.likerId],
    () =>
      db
        .updateTable('telegram_outbox')
        .set((eb) => ({ actor_id: like.likerId, others_count: eb('others_count', '+', 1) }))
        .where('portfolio_id', '=', like.portfolioId)
        .where('kind', '=', 'like')
        .where('status', '=', 'pending')
        .where('user_id', '!=', like.likerId),
  );
  if (Number(merged.numAffectedRows ?? 0) > 0) return;
  // Most owners have no chat linked: a read by primary key says so, where an insert that finds no row to
  // insert would still open the outbox and its indexes for writing.
  const { rows: wanted } = await hotStatement(db, 'owner-wants-likes-in-telegram', [like.ownerId, 1], () =>
    db
      .selectFrom('users as u')
      .innerJoin('notification_settings as s', 's.user_id', 'u.id')
      .select('u.id')
      .where('u.id', '=', like.ownerId)
      .where('u.telegram_chat_id', 'is not', null)
      .where('s.telegram_like', '=', 1),
  );
  if (wanted.length === 0) return;
  const id = newId();
  await hotStatement(
    db,
    'enqueue-like',
    [id, like.ownerId, 'like', like.likerId, like.portfolioId, like.holdUntil, like.now],
    () =>
      db.insertInto('telegram_outbox').values({
        id,
        user_id: like.ownerId,
        kind: 'like',
        actor_id: like.likerId,
        portfolio_id: like.portfolioId,
        next_at: like.holdUntil,
        created_at: like.now,
      }),
  );
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
  /** The recipient's chat as it was read with the message. */
  chat_id: string | null;
  kind: DeliveredKind;
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
      'r.telegram_chat_id as chat_id',
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

/** Drops these rows (sent, or nobody to send them to): one statement for a round's rows. */
export async function deleteRows(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('telegram_outbox').where('id', 'in', ids).execute();
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
