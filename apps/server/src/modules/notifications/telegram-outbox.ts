import { DEFAULT_LOCALE, isLocale, type MessageKey } from '@portfolio-master/i18n';
import type { FastifyBaseLogger } from 'fastify';
import { GrammyError } from 'grammy';
import type { Kysely } from 'kysely';
import type { Database, NotificationKind } from '../../db/schema.js';
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
  like: 'bot.notice.like',
  post: 'bot.notice.post',
} as const satisfies Record<NotificationKind, MessageKey>;

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
  /** When each recent send began, oldest first, and the last send to each account's chat. */
  private readonly starts: number[] = [];
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
    // New work's followers first: their messages then wait in line like the rest.
    const fannedOut = await outbox.fanOutChunk(this.options.db);
    const now = Date.now();
    const ids = await outbox.claimDue(this.options.db, {
      now: new Date(now).toISOString(),
      until: new Date(now + CLAIM_MS).toISOString(),
      limit: BATCH,
      postgres: this.options.postgres,
    });
    if (ids.length > 0) await this.sendAll(ids);
    return fannedOut || ids.length > 0;
  }

  private async sendAll(ids: readonly string[]): Promise<void> {
    const { db } = this.options;
    const messages = await outbox.findMessages(db, ids);
    for (const message of messages) {
      // Hidden by a moderator before its turn: nobody is told of it.
      if (message.portfolio_hidden_at !== null || message.comment_hidden_at !== null) {
        await outbox.deleteRow(db, message.id);
        continue;
      }
      const last = this.lastToChat.get(message.user_id);
      if (last !== undefined && Date.now() - last < SEND_LIMITS.perChatMs) {
        await outbox.release(db, message.id, {
          nextAt: new Date(last + SEND_LIMITS.perChatMs).toISOString(),
        });
        continue;
      }
      // One at a time: a send begins after the one before it was answered, so they reach Telegram no
      // faster than they begin (a burst of concurrent requests could arrive together).
      await this.slot();
      this.lastToChat.set(message.user_id, Date.now());
      await this.send(message);
    }
    this.forgetOldChats();
  }

  /** Waits until one more send keeps within `perWindow` sends a `windowMs`. */
  private async slot(): Promise<void> {
    for (;;) {
      const now = Date.now();
      while (this.starts.length > 0 && now - this.starts[0]! >= SEND_LIMITS.windowMs) this.starts.shift();
      if (this.starts.length < SEND_LIMITS.perWindow) {
        this.starts.push(now);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, this.starts[0]! + SEND_LIMITS.windowMs - now));
    }
  }

  private forgetOldChats(): void {
    if (this.lastToChat.size < 10_000) return;
    const now = Date.now();
    for (const [userId, at] of this.lastToChat) {
      if (now - at >= SEND_LIMITS.perChatMs) this.lastToChat.delete(userId);
    }
  }

  /** One row, one message: gone once sent or once there is no chat to send it to; retried otherwise. */
  private async send(message: outbox.OutboxMessage): Promise<void> {
    const { db, chats, logger } = this.options;
    try {
      const delivery = await chats.sendToChat(message.user_id, this.text(message));
      if (delivery === 'unlinked') await outbox.deleteRecipientRows(db, message.user_id);
      await outbox.deleteRow(db, message.id);
    } catch (error) {
      const now = Date.now();
      if (error instanceof GrammyError && error.error_code === 429) {
        const seconds = error.parameters.retry_after ?? 5;
        await outbox.release(db, message.id, { nextAt: new Date(now + seconds * 1000).toISOString() });
        return;
      }
      const attempts = message.attempts + 1;
      // Telegram refused the message itself (400: a chat not found…): sending it again changes nothing.
      const refused = error instanceof GrammyError && error.error_code < 500;
      if (refused || attempts >= this.maxAttempts) {
        logger.warn({ err: error, outboxId: message.id }, 'Telegram notification given up');
        await outbox.markFailed(db, message.id, attempts);
        return;
      }
      await outbox.release(db, message.id, {
        nextAt: new Date(now + this.backoffMs * 2 ** (attempts - 1)).toISOString(),
        attempts,
      });
    }
  }

  /** Who did what, the portfolio's title and address, in the recipient's language. */
  private text(message: outbox.OutboxMessage): string {
    const locale = isLocale(message.locale) ? message.locale : DEFAULT_LOCALE;
    return say(locale, {
      key: NOTICE[message.kind],
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
