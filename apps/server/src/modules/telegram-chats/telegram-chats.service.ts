import { DEFAULT_LOCALE, isLocale, type Locale } from '@portfolio-master/i18n';
import type { TelegramChat } from '@portfolio-master/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type Bot, GrammyError } from 'grammy';
import type { Update } from 'grammy/types';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import * as chats from '../../data/telegram-chats.repository.js';
import { copyEmailToTelegram } from '../../data/notifications.repository.js';
import { changeTags, type ChangeFeed } from '../../lib/changes.js';
import { toIsoString } from '../../lib/dates.js';
import { HttpError } from '../../lib/http-error.js';
import { type Message, say } from '../../lib/messages.js';
import { hashToken, newToken } from '../../lib/tokens.js';

/** How long a deep link links a chat (issue 29: at most 15 minutes). */
export const LINK_TOKEN_MS = 15 * 60 * 1000;

const botOff = () => new HttpError(409, 'CONFLICT', 'problem.telegramChat.off');

/** What became of a message to an account's chat. */
export type ChatDelivery = 'sent' | 'notLinked' | 'unlinked';

/** The chat an account linked, as its owner sees it. */
export function telegramChatOf(
  row: Pick<UserRow, 'telegram_chat_id' | 'telegram_chat_linked_at'>,
): TelegramChat {
  return row.telegram_chat_id === null
    ? { linked: false, linkedAt: null }
    : {
        linked: true,
        linkedAt: row.telegram_chat_linked_at ? toIsoString(row.telegram_chat_linked_at) : null,
      };
}

/**
 * The chats people link with the site's bot (docs/decisions/0043-telegram-bot.md): a deep link with a
 * one-time token, `/start <token>` in a private chat to link it, unlinking, and messages to a linked chat.
 */
export class TelegramChatsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      bot: Bot | undefined;
      changes: ChangeFeed;
      logger: FastifyBaseLogger;
    },
  ) {
    deps.bot?.chatType('private').command('start', async (context) => {
      await this.start(context.chat.id, context.match);
    });
  }

  get bot(): Bot | undefined {
    return this.deps.bot;
  }

  /** The deep link that links the chat where Start is pressed to `userId`: a new token each time. */
  async linkUrl(userId: string): Promise<string> {
    const { bot } = this.deps;
    if (!bot) throw botOff();
    const token = newToken();
    const expiresAt = new Date(Date.now() + LINK_TOKEN_MS).toISOString();
    await chats.insertLinkToken(this.db, { hash: hashToken(token), userId, expiresAt });
    return `https://t.me/${bot.botInfo.username}?start=${token}`;
  }

  /** No chat of `userId`'s gets messages any more (linked or not: the same answer). */
  async unlink(userId: string): Promise<void> {
    await chats.unlinkChat(this.db, userId);
    await this.deps.changes.publish([changeTags.user(userId)]);
  }

  /**
   * Sends `text` to the chat `recipient.userId` linked, as read with the message (`chatId`). Telegram's 403 (the person blocked the bot, or left the
   * chat) unlinks that chat at once, and nothing is sent there again; other failures are thrown for the
   * caller to retry.
   */
  async sendToChat(
    recipient: { userId: string; chatId: string | null },
    text: string,
  ): Promise<ChatDelivery> {
    const { userId } = recipient;
    const { bot } = this.deps;
    if (!bot || !recipient.chatId) return 'notLinked';
    try {
      await bot.api.sendMessage(recipient.chatId, text, { link_preview_options: { is_disabled: true } });
      return 'sent';
    } catch (error) {
      if (!(error instanceof GrammyError) || error.error_code !== 403) throw error;
      await chats.unlinkChat(this.db, userId, recipient.chatId);
      await this.deps.changes.publish([changeTags.user(userId)]);
      this.deps.logger.info({ userId }, 'Telegram chat unlinked: the bot may no longer write there');
      return 'unlinked';
    }
  }

  /**
   * One update from Telegram, through the webhook or polling. Whatever it holds (an unknown kind, another
   * command, a stranger's chat, no update at all) ends here without an error.
   */
  async handle(update: unknown): Promise<void> {
    const { bot } = this.deps;
    if (!bot || !isUpdate(update)) return;
    try {
      await bot.handleUpdate(update);
    } catch (error) {
      this.deps.logger.warn({ err: error, updateId: update.update_id }, 'Telegram update not handled');
    }
  }

  async purgeExpired(): Promise<void> {
    await chats.deleteExpiredLinkTokens(this.db, new Date().toISOString());
  }

  /**
   * `/start <token>` in a private chat: a token unused and unexpired links the chat to its account (taken
   * in the same statement that marks it used, so two at once link once); any other token is refused, in
   * its account's language when it names one. A bare `/start` gets no answer.
   */
  private async start(chatId: number, payload: string): Promise<void> {
    const token = payload.trim();
    if (token === '') return;
    const hash = hashToken(token);
    const now = new Date().toISOString();
    const userId = await this.db.transaction().execute(async (trx) => {
      const owner = await chats.takeLinkToken(trx, hash, now);
      if (owner) {
        await chats.linkChat(trx, owner, String(chatId), now);
        // From now on Telegram gets the kinds that go by mail (each its own switch after this).
        await copyEmailToTelegram(trx, owner);
      }
      return owner;
    });
    if (userId) await this.deps.changes.publish([changeTags.user(userId)]);
    const recipient = await chats.findRecipient(
      this.db,
      userId ?? (await chats.findLinkTokenOwner(this.db, hash)),
    );
    const locale: Locale = isLocale(recipient?.locale) ? recipient.locale : DEFAULT_LOCALE;
    const answer: Message = userId
      ? { key: 'bot.greeting', values: { name: recipient?.firstname ?? '' } }
      : 'bot.linkRefused';
    await this.reply(chatId, say(locale, answer));
  }

  /** An answer in the chat that wrote: a failure (a storm of commands meets Telegram's limits) is logged. */
  private async reply(chatId: number, text: string): Promise<void> {
    try {
      await this.deps.bot?.api.sendMessage(chatId, text);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'Telegram answer not sent');
    }
  }
}

function isUpdate(value: unknown): value is Update {
  return (
    typeof value === 'object' &&
    value !== null &&
    Number.isSafeInteger((value as { update_id?: unknown }).update_id)
  );
}
