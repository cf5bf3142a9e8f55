import { DEFAULT_LOCALE } from '@portfolio-master/i18n';
import type { FastifyBaseLogger } from 'fastify';
import { type Bot, GrammyError } from 'grammy';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import * as channel from '../../data/telegram-channel.repository.js';
import { say } from '../../lib/messages.js';
import { pageLink } from '../mail/templates.js';
import type { Config } from '../../config.js';
import { findPortfoliosByIds, findTrendingIds } from '../../data/portfolios.repository.js';
import { WEEK_BEST } from '../portfolios/portfolios.service.js';
import { LeasedWorker } from '../telegram-chats/leased-worker.js';
import type { TelegramChatsService } from '../telegram-chats/telegram-chats.service.js';

const BATCH = 10;
/** Telegram lets a bot write about 20 messages a minute to one channel: one each 3 s, with a margin. */
export const CHANNEL_GAP_MS = 3100;
/** Uzbekistan keeps UTC+5 all year. */
const TASHKENT_OFFSET_MS = 5 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface TelegramChannelOptions {
  db: Kysely<Database>;
  postgres: boolean;
  bot: Bot;
  /** `@name` or the channel's numeric id. */
  channelId: string;
  publicUrl: string;
  logger: FastifyBaseLogger;
  /** What time it is for the digest's Monday (tests move it). */
  digestClock?: () => number;
  /** False: this worker posts no digest. */
  digests?: boolean;
  idleMs?: number;
  leaseMs?: number;
  /** How long a claimed row is the claimer's: past it, a worker that died is replaced. */
  claimMs?: number;
  backoffMs?: number;
  maxAttempts?: number;
  gapMs?: number;
  /** How often a worker looks whether this week's digest is posted. */
  digestCheckMs?: number;
}

/**
 * The digest's week: the Monday (Tashkent's date, `YYYY-MM-DD`) of the latest Monday 09:00 in Tashkent
 * at or before `now`, and that moment.
 */
export function digestWeek(now: number): { week: string; dueAt: number } {
  const local = new Date(now + TASHKENT_OFFSET_MS);
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  let monday =
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - sinceMonday * DAY_MS;
  // Monday before 09:00: the week that is due is the one before.
  if (now + TASHKENT_OFFSET_MS < monday + 9 * 60 * 60 * 1000) monday -= 7 * DAY_MS;
  return {
    week: new Date(monday).toISOString().slice(0, 10),
    dueAt: monday + 9 * 60 * 60 * 1000 - TASHKENT_OFFSET_MS,
  };
}

/** A technology as a hashtag: letters, digits and `_` only (`Node.js` → `#Node_js`), or nothing. */
export function hashtag(name: string): string | null {
  const tag = name
    .replace(/\+/g, 'p')
    .replace(/#/g, 'sharp')
    .replace(/[^\p{L}\p{N}_]+/gu, '_');
  const trimmed = tag.replace(/^_+|_+$/g, '');
  return /\p{L}/u.test(trimmed) ? `#${trimmed}` : null;
}

/**
 * The site's Telegram channel (docs/decisions/0046-telegram-channel.md): each new public portfolio posted
 * once from `telegram_channel_posts`, its message deleted when it is hidden, deleted or opted out, and
 * the week's best every Monday at 09:00 Tashkent time. One worker across instances (a lease), rows and
 * the week claimed by one statement each besides.
 */
export class TelegramChannel extends LeasedWorker {
  private lastSend = 0;
  /** The week whose digest is known to be posted, and when to look again. */
  private postedWeek = '';
  private nextDigestCheck = 0;
  private readonly clock: () => number;

  constructor(private readonly options: TelegramChannelOptions) {
    super({
      db: options.db,
      logger: options.logger,
      lease: 'telegram-channel',
      leaseMs: options.leaseMs ?? 60_000,
      idleMs: options.idleMs ?? 1000,
      name: 'Telegram channel',
    });
    this.clock = options.digestClock ?? Date.now;
  }

  protected async round(): Promise<boolean> {
    const { db } = this.options;
    const now = Date.now();
    const ids = await channel.claimDue(db, {
      now: new Date(now).toISOString(),
      until: new Date(now + (this.options.claimMs ?? 60_000)).toISOString(),
      limit: BATCH,
      postgres: this.options.postgres,
    });
    for (const post of await channel.findPosts(db, ids)) {
      if (this.stopped) break;
      await this.handle(post);
    }
    await this.digestIfDue();
    return ids.length > 0;
  }

  /** This week's digest, if due and not known to be posted: looked at once a minute at most. */
  private async digestIfDue(): Promise<void> {
    if (this.options.digests === false) return;
    const due = digestWeek(this.clock());
    if (this.clock() < due.dueAt || due.week === this.postedWeek || Date.now() < this.nextDigestCheck) return;
    this.nextDigestCheck = Date.now() + (this.options.digestCheckMs ?? 60_000);
    // 'already' is also the answer while another worker holds the week: only a posted row ends the looking.
    if (
      (await this.postDigest(due.week)) === 'posted' ||
      (await channel.findDigest(this.options.db, due.week))?.status === 'posted'
    )
      this.postedWeek = due.week;
  }

  /** One at a time, `gapMs` apart: within what Telegram lets a bot write to one channel. */
  private async turn(): Promise<void> {
    const wait = this.lastSend + (this.options.gapMs ?? CHANNEL_GAP_MS) - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    this.lastSend = Date.now();
  }

  /** A claimed row: posted, its message deleted, or dropped; retried on Telegram's 429 and 5xx. */
  private async handle(post: channel.ChannelPost): Promise<void> {
    const { db, bot, channelId } = this.options;
    const visible =
      post.title !== null && post.hidden_at === null && post.channel_opt_out === 0 && post.withdrawn === 0;
    try {
      if (post.message_id === null) {
        // Hidden, deleted or opted out before its turn: never posted.
        if (!visible) return await channel.deleteRow(db, post.portfolio_id);
        await this.turn();
        const sent = await bot.api.sendPhoto(channelId, this.cardUrl(post), { caption: this.caption(post) });
        await channel.markPosted(db, post.portfolio_id, sent.message_id, new Date(Date.now()).toISOString());
        return;
      }
      if (visible)
        return await channel.markPosted(
          db,
          post.portfolio_id,
          Number(post.message_id),
          new Date(Date.now()).toISOString(),
        );
      await this.turn();
      await bot.api.deleteMessage(channelId, Number(post.message_id)).catch((error: unknown) => {
        // Deleted by hand already, or too old for a bot to delete (48 hours): nothing more can be done.
        if (!(error instanceof GrammyError && error.error_code === 400)) throw error;
        this.options.logger.info({ err: error, portfolioId: post.portfolio_id }, 'Channel post not deleted');
      });
      await channel.deleteRow(db, post.portfolio_id);
    } catch (error) {
      await this.failed(post, error);
    }
  }

  private async failed(post: channel.ChannelPost, error: unknown): Promise<void> {
    const { db, logger } = this.options;
    const now = Date.now();
    if (error instanceof GrammyError && error.error_code === 429) {
      const seconds = error.parameters.retry_after ?? 5;
      await channel.release(db, post.portfolio_id, { nextAt: new Date(now + seconds * 1000).toISOString() });
      return;
    }
    const attempts = post.attempts + 1;
    const refused = error instanceof GrammyError && error.error_code < 500;
    if (refused || attempts >= (this.options.maxAttempts ?? 8)) {
      logger.warn({ err: error, portfolioId: post.portfolio_id }, 'Telegram channel post given up');
      await channel.markFailed(db, post.portfolio_id, attempts);
      return;
    }
    await channel.release(db, post.portfolio_id, {
      nextAt: new Date(now + (this.options.backoffMs ?? 5000) * 2 ** (attempts - 1)).toISOString(),
      attempts,
    });
  }

  private cardUrl(post: channel.ChannelPost): string {
    return `${this.options.publicUrl}/og/portfolio/${encodeURIComponent(post.linktitle!)}.png`;
  }

  /** Title, author, technologies as hashtags, the page's address: in the site's first language. */
  private caption(post: channel.ChannelPost): string {
    const names = JSON.parse(post.technology_names ?? '[]') as string[];
    const tags = [...new Set(names.map(hashtag).filter((tag): tag is string => tag !== null))];
    return say(DEFAULT_LOCALE, {
      key: 'bot.channel.post',
      values: {
        title: post.title!,
        name: `${post.firstname ?? ''} ${post.lastname ?? ''}`.trim(),
        tags: tags.join(' '),
        link: pageLink(
          this.options.publicUrl,
          DEFAULT_LOCALE,
          `/portfolio/${encodeURIComponent(post.linktitle!)}`,
        ),
      },
    }).trim();
  }

  /**
   * This week's best, once however many workers try and whenever they start: the week is claimed by one
   * statement; a worker that dies holding it is replaced once its claim runs out. Answers whether this
   * call posted it.
   */
  async postDigest(week = digestWeek(this.clock()).week): Promise<'posted' | 'already'> {
    const { db, bot, channelId, logger } = this.options;
    const now = Date.now();
    const claimed = await channel.claimDigest(db, {
      week,
      now: new Date(now).toISOString(),
      until: new Date(now + (this.options.claimMs ?? 60_000)).toISOString(),
    });
    if (!claimed) return 'already';
    try {
      // "Haftaning eng yaxshilari": the same ranking and number as the list page's.
      const best = await findPortfoliosByIds(db, await findTrendingIds(db, WEEK_BEST));
      let messageId: number | null = null;
      if (best.length > 0) {
        await this.turn();
        const sent = await bot.api.sendMessage(channelId, this.digestText(best), {
          link_preview_options: { is_disabled: true },
        });
        messageId = sent.message_id;
      }
      await channel.markDigestPosted(db, week, messageId, new Date(Date.now()).toISOString());
      return 'posted';
    } catch (error) {
      const retryAfter =
        error instanceof GrammyError && error.error_code === 429 ? (error.parameters.retry_after ?? 5) : 60;
      logger.warn({ err: error, week }, 'Telegram channel: the week’s best not posted; trying again');
      await channel.releaseDigest(db, week, new Date(Date.now() + retryAfter * 1000).toISOString());
      throw error;
    }
  }

  private digestText(best: Awaited<ReturnType<typeof findPortfoliosByIds>>): string {
    const lines = best.map((portfolio, index) =>
      say(DEFAULT_LOCALE, {
        key: 'bot.channel.digestLine',
        values: {
          place: index + 1,
          title: portfolio.title,
          name: `${portfolio.author_firstname} ${portfolio.author_lastname}`.trim(),
          likes: portfolio.likes_count,
          link: pageLink(
            this.options.publicUrl,
            DEFAULT_LOCALE,
            `/portfolio/${encodeURIComponent(portfolio.linktitle)}`,
          ),
        },
      }),
    );
    return [say(DEFAULT_LOCALE, 'bot.channel.digestTitle'), ...lines].join('\n\n');
  }
}

/** The channel's worker, when a bot and a channel are configured. */
export function createTelegramChannel(
  services: {
    db: Kysely<Database>;
    dialect: 'sqlite' | 'postgres';
    config: Pick<Config, 'telegramChannel' | 'publicUrl'>;
    telegramChats: Pick<TelegramChatsService, 'bot'>;
  },
  logger: FastifyBaseLogger,
  options: Partial<TelegramChannelOptions> = {},
): TelegramChannel | undefined {
  const { bot } = services.telegramChats;
  const channelId = services.config.telegramChannel;
  if (!bot || !channelId) return undefined;
  return new TelegramChannel({
    db: services.db,
    postgres: services.dialect === 'postgres',
    bot,
    channelId,
    publicUrl: services.config.publicUrl,
    logger,
    ...options,
  });
}
