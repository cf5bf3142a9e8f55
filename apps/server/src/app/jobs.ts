import type { FastifyInstance } from 'fastify';
import { findLinkedImageNames } from '../data/images.repository.js';
import { receiveUpdates } from '../modules/telegram-chats/telegram-updates.js';
import { GithubRefresh, type GithubRefreshOptions } from '../modules/github/github-refresh.js';
import { TelegramOutbox } from '../modules/notifications/telegram-outbox.js';
import {
  createTelegramChannel,
  type TelegramChannelOptions,
} from '../modules/telegram-channel/telegram-channel.js';
import type { AppServices } from './services.js';

const HOUR_MS = 60 * 60 * 1000;
const TRENDING_REFRESH_MS = 10 * 60 * 1000;

export interface Jobs {
  /** Clears the timers, once the sweep made at start has finished. */
  stop(): Promise<void>;
}

/** What runs on timers while the site is up: purges, trending scores, sweeps of image files. */
export function startJobs(
  app: FastifyInstance,
  services: AppServices,
  options: {
    telegramChannel?: Partial<TelegramChannelOptions>;
    githubRefresh?: Partial<GithubRefreshOptions>;
  } = {},
): Jobs {
  // Expired sessions and mailed links are useless; drop them hourly.
  const purge = setInterval(
    () =>
      void Promise.all([
        services.auth.purgeExpired(),
        services.account.purgeExpired(),
        services.views.purgeOld(),
        services.telegramChats.purgeExpired(),
      ]).catch((error: unknown) => app.log.warn({ err: error }, 'purge failed')),
    HOUR_MS,
  );
  purge.unref();
  // What is trending moves with time as well as with likes: rescored at start and every 10 minutes.
  const rescore = () =>
    void services.portfolios
      .refreshTrending()
      .catch((error: unknown) => app.log.warn({ err: error }, 'trending scores not refreshed'));
  rescore();
  const trending = setInterval(rescore, TRENDING_REFRESH_MS);
  trending.unref();
  // Image files a crash left between saving and committing their rows: at start, then hourly.
  const sweepImages = () =>
    services.imageStore
      .sweep((names) => findLinkedImageNames(services.db, names))
      .then(({ placed, removed }) => {
        if (placed + removed > 0)
          app.log.info({ placed, removed }, 'image files left by an interrupted write swept');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'image sweep failed'));
  // Copies of other sites' pictures past their time, or beyond how many are cached.
  const sweepRemoteImages = () =>
    services.remoteImages
      .sweep()
      .catch((error: unknown) => app.log.warn({ err: error }, 'remote picture sweep failed'));
  const firstSweep = Promise.all([sweepImages(), sweepRemoteImages()]);
  const sweep = setInterval(() => void Promise.all([sweepImages(), sweepRemoteImages()]), HOUR_MS);
  sweep.unref();
  // Telegram's updates for the bot: through the webhook, or polled by one instance.
  const updates = receiveUpdates({
    bot: services.telegramChats.bot,
    db: services.db,
    config: services.config,
    handle: (update) => services.telegramChats.handle(update),
    logger: app.log,
  });
  // Notifications through the bot: one worker across instances drains the outbox within Telegram's limits.
  const telegramOutbox = services.telegramChats.bot
    ? new TelegramOutbox({
        db: services.db,
        postgres: services.dialect === 'postgres',
        chats: services.telegramChats,
        publicUrl: services.config.publicUrl,
        logger: app.log,
      })
    : undefined;
  telegramOutbox?.start();
  const purgeOutbox = setInterval(
    () =>
      void telegramOutbox
        ?.purgeFailed()
        .catch((error: unknown) => app.log.warn({ err: error }, 'Telegram outbox purge failed')),
    HOUR_MS,
  );
  purgeOutbox.unref();
  // The site's channel: new portfolios and the week's best, posted by one worker across instances.
  const telegramChannel = createTelegramChannel(services, app.log, options.telegramChannel);
  telegramChannel?.start();
  // Stars and main languages of portfolios' GitHub repositories, checked daily by one worker across instances.
  const githubRefresh = new GithubRefresh(
    { db: services.db, client: services.github.client, changes: services.changes, logger: app.log },
    options.githubRefresh,
  );
  githubRefresh.start();
  return {
    async stop() {
      await telegramOutbox?.stop();
      await telegramChannel?.stop();
      await githubRefresh.stop();
      clearInterval(purgeOutbox);
      await updates.stop();
      clearInterval(purge);
      clearInterval(trending);
      clearInterval(sweep);
      await firstSweep;
    },
  };
}
