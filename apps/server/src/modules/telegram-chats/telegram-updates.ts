import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Bot } from 'grammy';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { releaseLease, takeLease } from '../../data/telegram-chats.repository.js';

export const WEBHOOK_PATH = '/api/telegram/webhook';

/** The one instance that polls Telegram holds this lease. */
const POLLER_LEASE = 'telegram-updates';

export interface PollingTimes {
  /** How long one `getUpdates` waits for an update (Telegram's long polling). */
  pollSeconds: number;
  /** How long the lease lasts unless renewed (before each poll): longer than a poll. */
  leaseMs: number;
  /** How soon an instance without the lease, or after a failed poll, tries again. */
  retryMs: number;
}

const TIMES: PollingTimes = { pollSeconds: 25, leaseMs: 60_000, retryMs: 15_000 };

export interface Receiving {
  /** Stops receiving: a poll under way is cut off and the lease let go. */
  stop(): Promise<void>;
}

/**
 * Where Telegram's updates come in (docs/decisions/0043-telegram-bot.md): with an https `PUBLIC_URL` and a
 * webhook secret, Telegram posts them to the webhook, registered here with `setWebhook`; otherwise (a
 * laptop) the instance holding the poller's lease in the database fetches them with `getUpdates`. Nothing
 * without a bot.
 */
export function receiveUpdates(
  deps: {
    bot: Bot | undefined;
    db: Kysely<Database>;
    config: Pick<Config, 'publicUrl' | 'telegramWebhookSecret'>;
    handle: (update: unknown) => Promise<void>;
    logger: FastifyBaseLogger;
  },
  times: PollingTimes = TIMES,
): Receiving {
  const { bot, config, logger } = deps;
  if (!bot) return { stop: async () => {} };
  const secret = config.telegramWebhookSecret;
  if (config.publicUrl.startsWith('https://') && secret) {
    const url = `${config.publicUrl}${WEBHOOK_PATH}`;
    const stopping = new AbortController();
    const registered = bot.api
      .setWebhook(url, { secret_token: secret, allowed_updates: ['message'] }, abortable(stopping.signal))
      .then(() => logger.info({ url }, 'Telegram webhook set'))
      .catch((error: unknown) => {
        if (!stopping.signal.aborted) logger.error({ err: error }, 'Telegram webhook not set');
      });
    return {
      async stop() {
        stopping.abort();
        await registered;
      },
    };
  }
  return poll({ ...deps, bot }, times);
}

/** grammY types its signals with the abort-controller package's shim; Node's own is what it is given. */
const abortable = (signal: AbortSignal) => signal as unknown as Parameters<Bot['api']['getUpdates']>[1];

function poll(deps: Parameters<typeof receiveUpdates>[0] & { bot: Bot }, times: PollingTimes): Receiving {
  const { bot, db, handle, logger } = deps;
  const holder = randomUUID();
  const stopping = new AbortController();
  const { signal } = stopping;
  const cutOff = abortable(signal);
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done);
    });
  const holdLease = () => {
    const now = Date.now();
    return takeLease(db, {
      name: POLLER_LEASE,
      holder,
      now: new Date(now).toISOString(),
      until: new Date(now + times.leaseMs).toISOString(),
    });
  };

  const loop = async () => {
    let offset: number | undefined;
    // Whether the lease is this instance's, and whether it started polling since it took it.
    let leased = false;
    let held = false;
    // Telegram away: said once when it goes and once when it is back, not at every retry.
    let away = false;
    while (!signal.aborted) {
      try {
        leased = await holdLease();
        if (!leased) {
          held = false;
          await pause(times.retryMs);
          continue;
        }
        if (!held) {
          // Telegram refuses getUpdates while a webhook is set (one left from an https deployment).
          await bot.api.deleteWebhook({}, cutOff);
          held = true;
          logger.info('polling Telegram for updates');
        }
        const updates = await bot.api.getUpdates(
          { offset, timeout: times.pollSeconds, allowed_updates: ['message'] },
          cutOff,
        );
        if (away) {
          away = false;
          logger.info('Telegram updates fetched again');
        }
        for (const update of updates) {
          offset = update.update_id + 1;
          await handle(update);
        }
      } catch (error) {
        if (signal.aborted) break;
        if (!away) logger.warn({ err: error }, 'Telegram updates not fetched; trying again until they are');
        away = true;
        await pause(times.retryMs);
      }
    }
    if (!leased) return;
    // The updates handled last are confirmed, so the next poller does not get them again.
    if (offset !== undefined) await bot.api.getUpdates({ offset, timeout: 0, limit: 1 }).catch(() => {});
    await releaseLease(db, POLLER_LEASE, holder).catch(() => {});
  };
  const running = loop();
  return {
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
