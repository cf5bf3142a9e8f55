import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { bringSearchIndexUpToDate } from '../data/search.repository.js';
import { createDatabase, type DatabaseHandle, SERVER_BUSY_TIMEOUT_MS } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { dropValueSamples } from '../db/statistics.js';
import type { Metrics } from '../lib/metrics.js';
import { Outages } from '../lib/outages.js';
import type { ImageStore } from '../modules/images/image-store.js';
import { seedDemo } from '../seed/demo.js';
import type { Jobs } from './jobs.js';
import type { AppServices } from './services.js';

/**
 * The database, migrated and with its search index written by the current rules, before anything reads
 * it; `given` is one the caller opened (and closes). Outages watch the parts that may go away.
 */
export async function openDatabase(
  app: FastifyInstance,
  config: Config,
  given: DatabaseHandle | undefined,
  metrics: Metrics,
): Promise<{ database: DatabaseHandle; outages: Outages }> {
  const outages = new Outages(app.log, metrics);
  const database =
    given ??
    createDatabase(config.database, {
      logger: app.log,
      outages,
      busyTimeoutMs: SERVER_BUSY_TIMEOUT_MS,
      checkpointOnThread: true,
    });
  await migrateToLatest(database.db);
  if (database.dialect === 'sqlite' && (await dropValueSamples(database.db)))
    app.log.info('SQLite value samples (sqlite_stat4) removed: statements keep their plans');
  const reindexed = await bringSearchIndexUpToDate(database.db, database.dialect);
  if (reindexed > 0)
    app.log.info({ portfolios: reindexed }, 'search index entries rewritten by its current rules');
  if (database.poolStats) metrics.watchPool(database.poolStats);
  return { database, outages };
}

/** Demo content, when the configuration asks for it and the database is empty. */
export async function seedWhenEmpty(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
  imageStore: ImageStore,
): Promise<void> {
  if (config.seedDemo && (await seedDemo(database.db, database.dialect, imageStore, app.log))) {
    app.log.info('demo content added to the empty database');
  }
}

/** What closing the app stops and closes; `database` only when the app opened it. */
export interface Closing {
  jobs: Jobs;
  services: AppServices;
  outages: Outages;
  database: DatabaseHandle | undefined;
}

export function closeWithApp(app: FastifyInstance, { jobs, services, outages, database }: Closing): void {
  // Shutting down: requests under way finish, but their connections are not kept open for another
  // (idle ones are closed by the framework), so the process ends as soon as the last answer is out.
  app.addHook('preClose', async () => {
    app.server.keepAliveTimeout = 1;
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    // Mail the writes just answered asked for still goes out before the mailer closes.
    await services.notifications.settled();
    services.mailer.close();
    await services.limiter.close();
    await services.changes.close();
    services.bucket?.close();
    services.locks?.close();
    outages.close();
    await database?.destroy();
  });
}
