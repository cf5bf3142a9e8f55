import {
  BOUNDS,
  type MarkReadBody,
  NOTIFICATION_KINDS as KINDS,
  type Notification,
  type NotificationKind,
  type NotificationPage,
  type NotificationSettings,
  type NotificationSettingsBody,
} from '@portfolio-master/contract';
import { DEFAULT_LOCALE, isLocale } from '@portfolio-master/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { toIsoString } from '../../lib/dates.js';
import { HttpError } from '../../lib/http-error.js';
import type { Mailer } from '../mail/mailer.js';
import { notificationMail, pageLink } from '../mail/templates.js';
import type { UsersService } from '../users/users.service.js';
import { findBlockers } from '../../data/blocks.repository.js';
import * as mentions from '../../data/mentions.repository.js';
import * as notifications from '../../data/notifications.repository.js';
import { commentMentions, descriptionMentions } from '../../lib/markdown.js';
import * as outbox from '../../data/telegram-outbox.repository.js';

const EXCERPT = 140;
const column = (kind: NotificationKind) => `email_${kind}` as const;
const telegramColumn = (kind: NotificationKind) => `telegram_${kind}` as const;
/** How long a like waits in the bot's outbox for the likes after it, so that they make one message. */
export const LIKE_HOLD_MS = 60 * 1000;
/** Accounts whose settings are read (and made) by one statement: 7 parameters each, well under SQLite's limit. */
const RECIPIENTS_PER_STATEMENT = 500;
/** Notifications mailed after one read of them: their ids are one statement's parameters. */
const MAILS_PER_BATCH = 500;
/** Mails of a batch on their way at the same time (the mailer's pool sends five at once, queues the rest). */
const MAILS_AT_ONCE = 8;

export const excerpt = (body: string) => {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
};

/**
 * What happened to people's work while they were away (docs/decisions/0026-notifications.md): written
 * in the transaction of the like, comment or portfolio that caused it, read a page at a time, mailed
 * after the commit to those who want mail of that kind.
 */
export class NotificationsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      users: UsersService;
      mailer: Mailer;
      publicUrl: string;
      logger: FastifyBaseLogger;
    },
  ) {}

  /** Notifications waiting for the mail under way (see `deliver`). */
  private queued: string[] = [];
  private sending: Promise<void> | undefined;

  /**
   * In a like's (or unlike's) transaction; answers a notification to mail when this like began one. A
   * like by `likerId` also joins, or begins, the bot's message about it (docs/decisions/0044).
   */
  async liked(
    trx: Transaction<Database>,
    portfolio: { id: string; ownerId: string },
    now: string,
    likerId?: string,
  ): Promise<string | undefined> {
    const portfolioId = portfolio.id;
    const id = await notifications.refreshLikeGroup(trx, portfolio, now);
    if (likerId !== undefined) {
      const holdUntil = new Date(Date.parse(now) + LIKE_HOLD_MS).toISOString();
      await outbox.enqueueLike(trx, { portfolioId, ownerId: portfolio.ownerId, likerId, now, holdUntil });
    }
    return id;
  }

  /**
   * In a comment's transaction (`answered`: for a reply, the writer of the comment it answers; `body`:
   * its text, for its mentions); those who want it in Telegram get it queued for the bot.
   */
  async commented(
    trx: Transaction<Database>,
    comment: {
      id: string;
      portfolioId: string;
      /** The portfolio's author, who hears of a comment on it. */
      ownerId: string;
      authorId: string;
      createdAt: string;
      body: string;
    },
    answered?: string,
  ): Promise<string[]> {
    const mentioned = await this.reachable(trx, comment.authorId, commentMentions(comment.body));
    const ids = await notifications.notifyComment(trx, comment, answered, mentioned);
    await outbox.enqueueNotifications(trx, ids, comment.createdAt);
    return ids;
  }

  /**
   * In the transaction of a comment's edit (`commentId`) or of a portfolio's create or edit (`commentId`
   * null, `text` its description): the people `text` mentions who were not told of it yet hear of it as
   * `mention`, once however often it is edited (docs/decisions/0057-mentions.md).
   */
  async mentioned(
    trx: Transaction<Database>,
    source: { portfolioId: string; commentId: string | null; writerId: string; createdAt: string },
    text: string,
  ): Promise<string[]> {
    const usernames = source.commentId === null ? descriptionMentions(text) : commentMentions(text);
    const reachable = await this.reachable(trx, source.writerId, usernames);
    const about =
      source.commentId === null ? { portfolioId: source.portfolioId } : { commentId: source.commentId };
    const told = await mentions.findAlreadyTold(trx, about, reachable);
    const ids = await notifications.notifyMentions(
      trx,
      { ...source, actorId: source.writerId },
      reachable.filter((userId) => !told.has(userId)),
    );
    await outbox.enqueueNotifications(trx, ids, source.createdAt);
    return ids;
  }

  /**
   * The accounts of the first `BOUNDS.mentions` of these usernames that `writerId` may reach: not the
   * writer, and no block between them either way (docs/decisions/0055).
   */
  private async reachable(
    trx: Transaction<Database>,
    writerId: string,
    usernames: readonly string[],
  ): Promise<string[]> {
    if (usernames.length === 0) return [];
    const ids = await mentions.findAccountIds(trx, usernames.slice(0, BOUNDS.mentions));
    const others = ids.filter((id) => id !== writerId);
    const blocked = await findBlockers(trx, writerId, others);
    return others.filter((id) => !blocked.has(id));
  }

  /**
   * In a new portfolio's transaction; those who want it in Telegram get it queued for the bot by its
   * worker, a chunk of followers at a time (one row here however many follow).
   */
  async posted(
    trx: Transaction<Database>,
    post: { portfolioId: string; authorId: string; createdAt: string },
  ): Promise<string[]> {
    const ids = await notifications.notifyPost(trx, post);
    if (ids.length > 0) await outbox.enqueueFanOut(trx, post);
    return ids;
  }

  /**
   * In an invitation's transaction: the invitee's bell only. An invitation asks for an answer on the
   * site, so it is neither mailed nor queued for the bot, and has no setting (docs/decisions/0056).
   */
  async invited(
    trx: Transaction<Database>,
    invite: { portfolioId: string; ownerId: string; userId: string; createdAt: string },
  ): Promise<void> {
    await notifications.notifyInvite(trx, invite);
  }

  /** An invitation accepted: answered, so no longer unread. */
  async markInviteRead(
    trx: Transaction<Database>,
    portfolioId: string,
    userId: string,
    now: string,
  ): Promise<void> {
    await notifications.markInviteRead(trx, portfolioId, userId, now);
  }

  /** An invitation declined or withdrawn: its notification is gone from the bell. */
  async uninvited(trx: Transaction<Database>, portfolioId: string, userId: string): Promise<void> {
    await notifications.deleteInviteNotification(trx, portfolioId, userId);
  }

  /**
   * Mails these notifications to the recipients who want mail of their kind, after the request that
   * made them has been answered; a mail that cannot go is logged, never the writer's failure. While
   * mail is going out, what later writes notify waits in a queue and goes out together: one read of the
   * notifications and one of their recipients for all of them, however many writes made them.
   */
  deliver(ids: readonly (string | undefined)[]): void {
    for (const id of ids) if (id !== undefined) this.queued.push(id);
    this.sendQueued();
  }

  /** Resolves once every notification delivered so far has been mailed (or failed to be): before closing. */
  async settled(): Promise<void> {
    while (this.sending) await this.sending;
  }

  private sendQueued(): void {
    if (this.sending || this.queued.length === 0) return;
    const ids = this.queued.splice(0, MAILS_PER_BATCH);
    this.sending = this.mail(ids)
      .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'notification mail failed'))
      .finally(() => {
        this.sending = undefined;
        this.sendQueued();
      });
  }

  private async mail(ids: readonly string[]): Promise<void> {
    const rows = await notifications.findNotificationsByIds(this.db, ids);
    if (rows.length === 0) return;
    // Every recipient's settings and address in one statement per chunk: a new portfolio notifies each
    // follower of its author, and one look-up per follower would be thousands after one post.
    const recipients = await this.recipientsOf([...new Set(rows.map((row) => row.user_id))]);
    const { publicUrl } = this.deps;
    const mails = rows.flatMap((row) => {
      const recipient = recipients.get(row.user_id);
      // An account made with Telegram has no address until its owner adds one.
      // An invitation has no mail of its own (see `invited`), whatever asked for it.
      if (row.kind === 'invite' || !recipient?.email || recipient[column(row.kind)] !== 1) return [];
      const query = `token=${encodeURIComponent(recipient.unsubscribe_token)}&kind=${row.kind}`;
      // Someone else's action: written in the language the recipient last read the site in.
      const locale = isLocale(recipient.locale) ? recipient.locale : DEFAULT_LOCALE;
      return [
        notificationMail(
          recipient.email,
          { ...this.toNotification(row), kind: row.kind },
          {
            portfolioLink: pageLink(
              publicUrl,
              locale,
              `/portfolio/${encodeURIComponent(row.portfolio_linktitle)}`,
            ),
            unsubscribeLink: pageLink(publicUrl, locale, `/unsubscribe?${query}`),
            oneClickLink: `${publicUrl}/api/notifications/unsubscribe?${query}`,
          },
          locale,
        ),
      ];
    });
    // A few at a time, as the writes that made them sent theirs side by side; one that cannot go (a
    // refused address) does not keep the others back.
    let next = 0;
    const sender = async () => {
      while (next < mails.length) {
        const mail = mails[next++]!;
        await this.deps.mailer
          .send(mail)
          .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'notification mail failed'));
      }
    };
    await Promise.all(Array.from({ length: Math.min(MAILS_AT_ONCE, mails.length) }, sender));
  }

  async page(
    userId: string,
    query: { before?: string | undefined; limit: number },
  ): Promise<NotificationPage> {
    const before = query.before ? this.cursor(userId, query.before) : undefined;
    const [rows, unread] = await Promise.all([
      notifications.findNotificationsPage(this.db, userId, before, query.limit + 1),
      notifications.countUnread(this.db, userId),
    ]);
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    return {
      items: items.map((row) => this.toNotification(row)),
      unread,
      next:
        rows.length > query.limit && last
          ? encodeCursor(scope(userId), toIsoString(last.created_at), last.id)
          : null,
    };
  }

  async unread(userId: string): Promise<number> {
    return notifications.countUnread(this.db, userId);
  }

  async markRead(userId: string, body: MarkReadBody): Promise<number> {
    await notifications.markRead(this.db, userId, body.ids, new Date().toISOString());
    return notifications.countUnread(this.db, userId);
  }

  async settings(userId: string): Promise<NotificationSettings> {
    const row = await this.ensureSettings(userId);
    const switches = (name: (kind: NotificationKind) => keyof typeof row) =>
      Object.fromEntries(KINDS.map((kind) => [kind, row[name(kind)] === 1])) as NotificationSettings['email'];
    return { email: switches(column), telegram: switches(telegramColumn) };
  }

  /**
   * Sets the switches given; a body without `telegram`, or without a kind (an older client), leaves those
   * as they are.
   */
  async updateSettings(userId: string, body: NotificationSettingsBody): Promise<NotificationSettings> {
    await this.ensureSettings(userId);
    const columns = <C extends string>(
      name: (kind: NotificationKind) => C,
      on: NotificationSettingsBody['email'],
    ) =>
      Object.fromEntries(
        KINDS.filter((kind) => on[kind] !== undefined).map((kind) => [name(kind), on[kind] ? 1 : 0]),
      ) as Partial<Record<C, number>>;
    await notifications.updateSettings(this.db, userId, {
      ...columns(column, body.email),
      ...(body.telegram ? columns(telegramColumn, body.telegram) : {}),
    });
    return this.settings(userId);
  }

  /** The one-click link of a notification mail: no more mail of that kind. */
  async unsubscribe(token: string, kind: NotificationKind): Promise<void> {
    if (!(await notifications.unsubscribe(this.db, token, column(kind)))) {
      throw new HttpError(400, 'LINK_INVALID', 'problem.unsubscribe.invalid');
    }
  }

  private async ensureSettings(userId: string) {
    await this.createMissingSettings([userId]);
    return notifications.findSettings(this.db, userId);
  }

  /** The default settings for those of these accounts that have none yet. */
  private async createMissingSettings(userIds: readonly string[]): Promise<void> {
    await notifications.insertMissingSettings(this.db, userIds.map(notifications.defaultSettings));
  }

  /** Each account's mail settings with its address and language, by account id. */
  private async recipientsOf(userIds: readonly string[]) {
    const recipients = new Map<
      string,
      Selectable<Database['notification_settings']> & { email: string | null; locale: string | null }
    >();
    const read = async (ids: readonly string[]) => {
      for (const row of await notifications.findRecipients(this.db, ids)) recipients.set(row.user_id, row);
    };
    for (let start = 0; start < userIds.length; start += RECIPIENTS_PER_STATEMENT) {
      const chunk = userIds.slice(start, start + RECIPIENTS_PER_STATEMENT);
      // Settings are made on an account's first notification: most recipients have theirs already.
      await read(chunk);
      const missing = chunk.filter((userId) => !recipients.has(userId));
      if (missing.length === 0) continue;
      await this.createMissingSettings(missing);
      await read(missing);
    }
    return recipients;
  }

  private cursor(userId: string, cursor: string): { createdAt: string; id: string } {
    const { at, id } = decodeCursor(scope(userId), cursor);
    return { createdAt: at, id };
  }

  private toNotification(row: notifications.NotificationRow): Notification {
    return {
      _id: row.id,
      kind: row.kind,
      actor: {
        _id: row.actor_id,
        username: row.actor_username,
        firstname: row.actor_firstname,
        lastname: row.actor_lastname,
        image: row.actor_image,
        isAdmin: this.deps.users.isAdmin({ is_admin: row.actor_is_admin, email: row.actor_email }),
      },
      othersCount: row.others_count,
      portfolio: { _id: row.portfolio_id, title: row.portfolio_title, linktitle: row.portfolio_linktitle },
      comment:
        row.comment_id && row.comment_body !== null
          ? { _id: row.comment_id, excerpt: excerpt(row.comment_body) }
          : null,
      date: toIsoString(row.created_at),
      read: row.read_at !== null,
      ...(row.kind === 'invite' && row.invite_status !== null ? { invite: row.invite_status } : {}),
    };
  }
}

const scope = (userId: string) => `notifications:${userId}`;
