import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database, DeliveredKind, NotificationKind, NotificationSettingsTable } from '../db/schema.js';
import { countedStatement, hotStatement } from '../db/hot-reads.js';
import { newId } from '../lib/ids.js';
import { newToken } from '../lib/tokens.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** How many earlier commenters of a portfolio hear of a new comment there (the most recent ones). */
export const REPLY_FAN_OUT = 50;

/**
 * Brings the portfolio owner's unread like notification in line with the likes: the newest liker since
 * it began and how many others; gone when none are left, begun by the first like after the last read.
 * Runs inside the like's transaction, which holds the portfolio's row lock, so likes of one portfolio
 * refresh it one at a time. Answers the id of a notification this like began.
 */
export async function refreshLikeGroup(
  db: Transaction<Database>,
  portfolio: { id: string; ownerId: string },
  now: string,
): Promise<string | undefined> {
  const { id: portfolioId, ownerId: owner } = portfolio;
  const {
    rows: [group],
  } = await hotStatement<{ id: string; since: string }>(db, 'like-group', [owner, 'like', portfolioId], () =>
    db
      .selectFrom('notifications')
      .select(['id', 'since'])
      .where('user_id', '=', owner)
      .where('kind', '=', 'like')
      .where('portfolio_id', '=', portfolioId)
      .where('read_at', 'is', null),
  );
  const since = group ? group.since : now;
  const likes = () =>
    db
      .selectFrom('likes')
      .where('portfolio_id', '=', portfolioId)
      .where('created_at', '>=', since)
      .where('user_id', '!=', owner);
  const [counted, newestRows] = await Promise.all([
    hotStatement<{ n: number | string }>(db, 'like-group-count', [portfolioId, since, owner], () =>
      likes().select((eb) => eb.fn.countAll<number | string>().as('n')),
    ),
    hotStatement<{ user_id: string; created_at: string }>(
      db,
      'like-group-newest',
      [portfolioId, since, owner, 1],
      () =>
        likes()
          .select(['user_id', 'created_at'])
          .orderBy('created_at', 'desc')
          .orderBy('user_id', 'desc')
          .limit(1),
    ),
  ]);
  const n = Number(counted.rows[0]?.n ?? 0);
  const newest = newestRows.rows[0];
  if (n === 0 || !newest) {
    if (group) {
      await hotStatement(db, 'like-group-delete', [group.id], () =>
        db.deleteFrom('notifications').where('id', '=', group.id),
      );
    }
    return undefined;
  }
  if (group) {
    const values = [newest.user_id, n - 1, newest.created_at, group.id];
    await hotStatement(db, 'like-group-update', values, () =>
      db
        .updateTable('notifications')
        .set({ actor_id: newest.user_id, others_count: n - 1, created_at: newest.created_at })
        .where('id', '=', group.id),
    );
    return undefined;
  }
  const id = newId();
  await db
    .insertInto('notifications')
    .values({
      id,
      user_id: owner,
      kind: 'like',
      actor_id: newest.user_id,
      portfolio_id: portfolioId,
      comment_id: null,
      others_count: n - 1,
      since: now,
      created_at: now,
      read_at: null,
    })
    .execute();
  return id;
}

/**
 * A new top-level comment: its portfolio's owner hears of it as `comment`, up to `REPLY_FAN_OUT` earlier
 * commenters (the most recent) as `reply`. A reply (`answered`: the writer of the comment it answers):
 * that writer hears of it as `reply`, the owner, when someone else, as `comment`, nobody else. Those it
 * mentions (`mentioned`, already checked: people the writer may reach) hear of it as `mention`, and of
 * it only. Never the commenter, and everyone once. Answers the new notifications' ids.
 */
export async function notifyComment(
  db: Transaction<Database>,
  comment: { id: string; portfolioId: string; ownerId: string; authorId: string; createdAt: string },
  answered?: string,
  mentioned: readonly string[] = [],
): Promise<string[]> {
  const owner = comment.ownerId;
  const replied = answered !== undefined ? [answered] : await earlierCommenters(db, comment, owner);
  const told = new Set([comment.authorId, ...mentioned]);
  const rows: { user_id: string; kind: NotificationKind }[] = [
    ...mentioned
      .filter((userId) => userId !== comment.authorId)
      .map((userId) => ({ user_id: userId, kind: 'mention' as const })),
    ...(told.has(owner) || replied.includes(owner) ? [] : [{ user_id: owner, kind: 'comment' as const }]),
    ...replied
      .filter((userId) => !told.has(userId))
      .map((userId) => ({ user_id: userId, kind: 'reply' as const })),
  ];
  return insertAbout(db, { ...comment, commentId: comment.id, actorId: comment.authorId }, rows);
}

/**
 * People a comment (after an edit) or a portfolio's description newly mentions hear of it as `mention`
 * (`userIds`: already checked and not yet told). Answers the new notifications' ids.
 */
export function notifyMentions(
  db: Transaction<Database>,
  source: { portfolioId: string; commentId: string | null; actorId: string; createdAt: string },
  userIds: readonly string[],
): Promise<string[]> {
  return insertAbout(
    db,
    source,
    userIds.map((userId) => ({ user_id: userId, kind: 'mention' as const })),
  );
}

/** One notification per row, all of one action on one portfolio; answers their ids. */
async function insertAbout(
  db: Transaction<Database>,
  source: { portfolioId: string; commentId: string | null; actorId: string; createdAt: string },
  rows: readonly { user_id: string; kind: NotificationKind }[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const values = rows.map((row) => ({
    id: newId(),
    user_id: row.user_id,
    kind: row.kind,
    actor_id: source.actorId,
    portfolio_id: source.portfolioId,
    comment_id: source.commentId,
    others_count: 0,
    since: source.createdAt,
    created_at: source.createdAt,
    read_at: null,
  }));
  // Built once per number of rows (a comment tells one to a few people): the values bound in column order.
  const parameters = values.flatMap((value) => Object.values(value));
  await countedStatement(db, 'notifications-insert', values.length, parameters, () =>
    db.insertInto('notifications').values(values),
  );
  return values.map((value) => value.id);
}

/** The most recent other writers of comments on the portfolio, neither the commenter nor its owner. */
async function earlierCommenters(
  db: Transaction<Database>,
  comment: { id: string; portfolioId: string; authorId: string },
  ownerId: string,
): Promise<string[]> {
  const parameters = [comment.portfolioId, comment.id, comment.authorId, ownerId, REPLY_FAN_OUT];
  const { rows } = await hotStatement<{ author_id: string }>(db, 'earlier-commenters', parameters, () =>
    db
      .selectFrom('comments')
      .select('author_id')
      .select((eb) => eb.fn.max('created_at').as('last'))
      .where('portfolio_id', '=', comment.portfolioId)
      .where('id', '!=', comment.id)
      .where('deleted_at', 'is', null)
      .where('author_id', 'not in', [comment.authorId, ownerId])
      .groupBy('author_id')
      .orderBy('last', 'desc')
      .limit(REPLY_FAN_OUT),
  );
  return rows.map((row) => row.author_id);
}

/** A new portfolio: every follower of its author hears of it. Answers the new notifications' ids. */
export async function notifyPost(
  db: Transaction<Database>,
  post: { portfolioId: string; authorId: string; createdAt: string },
): Promise<string[]> {
  const followers = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('followee_id', '=', post.authorId)
    .execute();
  const ids: string[] = [];
  for (let start = 0; start < followers.length; start += 500) {
    const values = followers.slice(start, start + 500).map((row) => ({
      id: newId(),
      user_id: row.follower_id,
      kind: 'post' as const,
      actor_id: post.authorId,
      portfolio_id: post.portfolioId,
      comment_id: null,
      others_count: 0,
      since: post.createdAt,
      created_at: post.createdAt,
      read_at: null,
    }));
    await db.insertInto('notifications').values(values).execute();
    ids.push(...values.map((value) => value.id));
  }
  return ids;
}

/** An invitation to be a co-author: its invitee hears of it once, in the bell. Answers the new id. */
export async function notifyInvite(
  db: Transaction<Database>,
  invite: { portfolioId: string; ownerId: string; userId: string; createdAt: string },
): Promise<string> {
  const source = { ...invite, commentId: null, actorId: invite.ownerId };
  const [id] = await insertAbout(db, source, [{ user_id: invite.userId, kind: 'invite' }]);
  return id!;
}

export async function markInviteRead(db: Executor, portfolioId: string, userId: string, now: string) {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('portfolio_id', '=', portfolioId)
    .where('kind', '=', 'invite')
    .where('read_at', 'is', null)
    .execute();
}

/** An invitation declined or withdrawn: its notification goes with it. */
export async function deleteInviteNotification(
  db: Executor,
  portfolioId: string,
  userId: string,
): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where('user_id', '=', userId)
    .where('portfolio_id', '=', portfolioId)
    .where('kind', '=', 'invite')
    .execute();
}

export interface NotificationRow {
  id: string;
  kind: NotificationKind;
  others_count: number;
  created_at: Date | string;
  read_at: Date | string | null;
  user_id: string;
  portfolio_id: string;
  portfolio_title: string;
  portfolio_linktitle: string;
  comment_id: string | null;
  comment_body: string | null;
  actor_id: string;
  actor_username: string;
  actor_firstname: string;
  actor_lastname: string;
  actor_image: string | null;
  actor_is_admin: number;
  actor_email: string;
  /** An `invite`'s invitation as it stands; null once declined or withdrawn, and for other kinds. */
  invite_status: 'invited' | 'accepted' | null;
}

/**
 * Notifications from someone the recipient blocked or muted, or who blocked the recipient, are not shown
 * (decision 55): left out as they are read, so undoing a mute brings them back.
 */
const fromSeenPeople = sql<boolean>`not exists (
  select 1 from person_blocks pb
  where (pb.user_id = n.user_id and pb.other_id = n.actor_id)
    or (pb.user_id = n.actor_id and pb.other_id = n.user_id and pb.kind = 'block')
)`;

function selectNotifications(db: Executor) {
  return db
    .selectFrom('notifications as n')
    .where(fromSeenPeople)
    .innerJoin('users as a', 'a.id', 'n.actor_id')
    .innerJoin('portfolios as p', 'p.id', 'n.portfolio_id')
    .leftJoin('comments as c', 'c.id', 'n.comment_id')
    .leftJoin('portfolio_authors as pa', (join) =>
      join
        .onRef('pa.portfolio_id', '=', 'n.portfolio_id')
        .onRef('pa.user_id', '=', 'n.user_id')
        .on('n.kind', '=', 'invite'),
    )
    .select([
      'pa.status as invite_status',
      'n.id',
      'n.kind',
      'n.others_count',
      'n.created_at',
      'n.read_at',
      'n.user_id',
      'p.id as portfolio_id',
      'p.title as portfolio_title',
      'p.linktitle as portfolio_linktitle',
      'c.id as comment_id',
      'c.body as comment_body',
      'a.id as actor_id',
      'a.username as actor_username',
      'a.firstname as actor_firstname',
      'a.lastname as actor_lastname',
      'a.image as actor_image',
      'a.is_admin as actor_is_admin',
      'a.email as actor_email',
    ]);
}

/** A page of someone's notifications, newest first, older than the cursor's (created_at, id). */
export function findNotificationsPage(
  db: Executor,
  userId: string,
  before: { createdAt: string; id: string } | undefined,
  limit: number,
): Promise<NotificationRow[]> {
  let query = selectNotifications(db).where('n.user_id', '=', userId);
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb('n.created_at', '<', before.createdAt),
        eb.and([eb('n.created_at', '=', before.createdAt), eb('n.id', '<', before.id)]),
      ]),
    );
  }
  return query.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(limit).execute() as Promise<
    NotificationRow[]
  >;
}

export function findNotificationsByIds(db: Executor, ids: readonly string[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectNotifications(db).where('n.id', 'in', ids).execute() as Promise<NotificationRow[]>;
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications as n')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('n.user_id', '=', userId)
    .where('n.read_at', 'is', null)
    .where(fromSeenPeople)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function markRead(
  db: Executor,
  userId: string,
  ids: readonly string[] | undefined,
  now: string,
) {
  let query = db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids) {
    if (ids.length === 0) return;
    query = query.where('id', 'in', ids);
  }
  await query.execute();
}

type EmailColumn = `email_${DeliveredKind}`;
type TelegramColumn = `telegram_${DeliveredKind}`;

/** Sets which kinds go by mail and to the linked Telegram chat (1 or 0 per kind), those given only. */
export async function updateSettings(
  db: Executor,
  userId: string,
  switches: Partial<Record<EmailColumn | TelegramColumn, number>>,
): Promise<void> {
  await db.updateTable('notification_settings').set(switches).where('user_id', '=', userId).execute();
}

/** The settings an account has until it changes them: mail for all but likes, nothing to Telegram. */
export const defaultSettings = (userId: string) => ({
  user_id: userId,
  email_comment: 1,
  email_like: 0,
  email_reply: 1,
  email_mention: 1,
  email_post: 1,
  unsubscribe_token: newToken(),
});

/**
 * A chat was just linked: Telegram gets the kinds that go by mail (the defaults when the account has
 * no settings yet).
 */
export async function copyEmailToTelegram(db: Executor, userId: string): Promise<void> {
  await insertMissingSettings(db, [defaultSettings(userId)]);
  await db
    .updateTable('notification_settings')
    .set((eb) => ({
      telegram_comment: eb.ref('email_comment'),
      telegram_like: eb.ref('email_like'),
      telegram_reply: eb.ref('email_reply'),
      telegram_mention: eb.ref('email_mention'),
      telegram_post: eb.ref('email_post'),
    }))
    .where('user_id', '=', userId)
    .execute();
}

/** No more mail of one kind for the account whose unsubscribe token this is; answers whether there was one. */
export async function unsubscribe(db: Executor, token: string, column: EmailColumn): Promise<boolean> {
  const result = await db
    .updateTable('notification_settings')
    .set({ [column]: 0 })
    .where('unsubscribe_token', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findSettings(db: Executor, userId: string) {
  return db
    .selectFrom('notification_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Stores these settings for the accounts that have none yet, leaving the others as they are. */
export async function insertMissingSettings(
  db: Executor,
  settings: Insertable<NotificationSettingsTable>[],
): Promise<void> {
  await db
    .insertInto('notification_settings')
    .values(settings)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** The mail settings of these accounts with each one's address and language. */
export function findRecipients(db: Executor, userIds: readonly string[]) {
  return db
    .selectFrom('notification_settings as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('s')
    .select(['u.email', 'u.locale'])
    .where('s.user_id', 'in', userIds)
    .execute();
}
