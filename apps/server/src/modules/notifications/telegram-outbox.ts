import { DEFAULT_LOCALE, isLocale, type MessageKey } from '@portfolio-master/i18n';
import type { FastifyBaseLogger } from 'fastify';
import { GrammyError } from 'grammy';
import type { Kysely } from 'kysely';
import type { Database, DeliveredKind } from '../../db/schema.js';
import * as outbox from '../../data/telegram-outbox.repository.js';
import { say } from '../../lib/messages.js';
import { pageLink } from '../mail/templates.js';
import { LeasedWorker } from '../telegram-chats/leased-worker.js';
import type { TelegramChatsService } from '../telegram-chats/telegram-chats.service.js';
import { excerpt } from './notifications.service.js';

/** How long a claimed row is the claimer's: past it, a worker that died is replaced. */
const CLAIM_MS = 60_000;
const BATCH = 30;

/** Telegram's limits (about 30 a second in all, one a second per chat), with a margin for the network. */
export const SEND_LIMITS = { perWindow: 25, windowMs: 1000, perChatMs: 1100 };

const NOTICE = {
  comment: 'bot.notice.comment',
  reply: 'bot.notice.reply',
  mention: 'bot.notice.mention',
  like: 'bot.notice.like',
  post: 'bot.notice.post',
} as const satisfies Record<DeliveredKind, MessageKey>;

/**
 * Where a message came from, told what became of it: a row of the outbox, or a new portfolio's follower
 * who has no row (sent from the fan-out).
 */
interface Source {
  /** Sent, or nobody to send it to. */
  done(message: outbox.OutboxMessage): void;
  /** To be tried again at `nextAt` (`attempts` counts the failed sends), or given up. */
  later(
    message: outbox.OutboxMessage,
    retry: { nextAt: string; attempts?: number } | 'failed',
  ): Promise<void>;
}

export interface TelegramOutboxOptions {
  db: Kysely<Database>;
  postgres: boolean;
  chats: TelegramChatsService;
  publicUrl: string;
  logger: FastifyBaseLogger;
  /** How often an idle worker looks for due rows. */
  idleMs?: number;
  /** The first retry's wait after a failure (5xx, the network); each next one waits twice as long. */
  backoffMs?: number;
  /** Failed sends of a row before it is given up (`failed`). */
  maxAttempts?: number;
}

/**
 * Sends the notifications queued in `telegram_outbox` through the bot (docs/decisions/0044): one worker
 * across instances (the one holding the `telegram-outbox` lease; rows are claimed by one statement
 * besides), within Telegram's limits, each row one message in its recipient's language.
 */
export class TelegramOutbox extends LeasedWorker {
  /** When the next send may begin, and the last send to each account's chat. */
  private nextStart = 0;
  private readonly lastToChat = new Map<string, number>();
  private readonly backoffMs: number;
  private readonly maxAttempts: number;

  constructor(private readonly options: TelegramOutboxOptions) {
    super({
      db: options.db,
      logger: options.logger,
      lease: 'telegram-outbox',
      leaseMs: 60_000,
      idleMs: options.idleMs ?? 1000,
      name: 'Telegram outbox',
    });
    this.backoffMs = options.backoffMs ?? 5000;
    this.maxAttempts = options.maxAttempts ?? 8;
  }

  /** Failed rows older than a week are dropped (hourly). */
  async purgeFailed(): Promise<void> {
    await outbox.deleteFailedBefore(
      this.options.db,
      new Date(Date.now() - 7 * 24 * 60 * 60 * 1000).toISOString(),
    );
  }

  protected async round(): Promise<boolean> {
    const now = Date.now();
    const ids = await outbox.claimDue(this.options.db, {
      now: new Date(now).toISOString(),
      until: new Date(now + CLAIM_MS).toISOString(),
      limit: BATCH,
      postgres: this.options.postgres,
    });
    if (ids.length > 0) await this.sendRows(ids);
    // What room the round has left goes to new work's followers, straight from its fan-out.
    const fannedOut = ids.length < BATCH && (await this.sendFanOut(BATCH - ids.length));
    return fannedOut || ids.length > 0;
  }

  /** Claimed outbox rows: each sent row is dropped with the round's others, in one statement. */
  private async sendRows(ids: readonly string[]): Promise<void> {
    const { db } = this.options;
    const messages = await outbox.findMessages(db, ids);
    const gone: string[] = [];
    try {
      await this.deliverAll(messages, {
        done: (message) => void gone.push(message.id),
        later: (message, retry) =>
          retry === 'failed'
            ? outbox.markFailed(db, message.id, message.attempts + 1)
            : outbox.release(db, message.id, retry),
      });
    } finally {
      await outbox.deleteRows(db, gone);
    }
  }

  /**
   * The next followers of the oldest new portfolio (docs/decisions/0054): sent from the notifications,
   * with a row in the outbox only for a message that has to wait. True when there was a fan-out.
   */
  private async sendFanOut(size: number): Promise<boolean> {
    const { db } = this.options;
    const now = Date.now();
    const range = await outbox.claimFanOut(db, {
      now: new Date(now).toISOString(),
      until: new Date(now + CLAIM_MS).toISOString(),
      size,
    });
    if (!range) return false;
    if (!range.hidden) {
      await this.deliverAll(range.messages, {
        done: () => undefined,
        later: (message, retry) =>
          outbox.queueNotification(db, {
            notificationId: message.id,
            now: new Date().toISOString(),
            ...(retry === 'failed'
              ? { nextAt: new Date().toISOString(), attempts: 1, failed: true }
              : { nextAt: retry.nextAt, attempts: retry.attempts ?? 0, failed: false }),
          }),
      });
    }
    await outbox.finishFanOut(db, range);
    return true;
  }

  /** Sends each message in turn within Telegram's limits, telling `source` what became of it. */
  private async deliverAll(messages: readonly outbox.OutboxMessage[], source: Source): Promise<void> {
    for (const message of messages) {
      // Hidden by a moderator before its turn: nobody is told of it.
      if (message.portfolio_hidden_at !== null || message.comment_hidden_at !== null) {
        source.done(message);
        continue;
      }
      const last = this.lastToChat.get(message.user_id);
      if (last !== undefined && Date.now() - last < SEND_LIMITS.perChatMs) {
        await source.later(message, { nextAt: new Date(last + SEND_LIMITS.perChatMs).toISOString() });
        continue;
      }
      // One at a time: a send begins after the one before it was answered, so they reach Telegram no
      // faster than they begin (a burst of concurrent requests could arrive together).
      await this.slot();
      this.lastToChat.set(message.user_id, Date.now());
      await this.send(message, source);
    }
    this.forgetOldChats();
  }

  /**
   * Waits for the next send's turn: sends begin evenly, `windowMs / perWindow` apart, so that at most
   * `perWindow` begin within any `windowMs` and the work of sending them is spread over the second instead of
   * crowding its beginning (where it would hold up the requests that come meanwhile).
   */
  private async slot(): Promise<void> {
    const wait = this.nextStart - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    this.nextStart = Math.max(Date.now(), this.nextStart) + SEND_LIMITS.windowMs / SEND_LIMITS.perWindow;
  }

  private forgetOldChats(): void {
    if (this.lastToChat.size < 10_000) return;
    const now = Date.now();
    for (const [userId, at] of this.lastToChat) {
      if (now - at >= SEND_LIMITS.perChatMs) this.lastToChat.delete(userId);
    }
  }

  /** One message: done once sent or once there is no chat to send it to; later otherwise. */
  private async send(message: outbox.OutboxMessage, source: Source): Promise<void> {
    const { db, chats, logger } = this.options;
    try {
      const delivery = await chats.sendToChat(
        { userId: message.user_id, chatId: message.chat_id },
        this.text(message),
      );
      if (delivery === 'unlinked') await outbox.deleteRecipientRows(db, message.user_id);
      source.done(message);
    } catch (error) {
      const now = Date.now();
      if (error instanceof GrammyError && error.error_code === 429) {
        const seconds = error.parameters.retry_after ?? 5;
        await source.later(message, { nextAt: new Date(now + seconds * 1000).toISOString() });
        return;
      }
      const attempts = message.attempts + 1;
      // Telegram refused the message itself (400: a chat not found…): sending it again changes nothing.
      const refused = error instanceof GrammyError && error.error_code < 500;
      if (refused || attempts >= this.maxAttempts) {
        logger.warn({ err: error, outboxId: message.id }, 'Telegram notification given up');
        await source.later(message, 'failed');
        return;
      }
      await source.later(message, {
        nextAt: new Date(now + this.backoffMs * 2 ** (attempts - 1)).toISOString(),
        attempts,
      });
    }
  }

  /** Who did what, the portfolio's title and address, in the recipient's language. */
  private text(message: outbox.OutboxMessage): string {
    const locale = isLocale(message.locale) ? message.locale : DEFAULT_LOCALE;
    return say(locale, {
      // A mention in a description has no comment to quote.
      key:
        message.kind === 'mention' && message.comment_body === null
          ? 'bot.notice.mentionDescription'
          : NOTICE[message.kind],
      values: {
        name: `${message.actor_firstname} ${message.actor_lastname}`.trim(),
        title: message.portfolio_title,
        others: message.others_count,
        comment: message.comment_body === null ? '' : excerpt(message.comment_body),
        link: pageLink(
          this.options.publicUrl,
          locale,
          `/portfolio/${encodeURIComponent(message.portfolio_linktitle)}`,
        ),
      },
    });
  }
}
