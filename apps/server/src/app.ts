import type { GithubRefreshOptions } from './modules/github/github-refresh.js';
import type { TelegramChannelOptions } from './modules/telegram-channel/telegram-channel.js';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { startJobs } from './app/jobs.js';
import { trimWhenIdle } from './app/idle-trimmer.js';
import { createInstance } from './app/instance.js';
import { closeWithApp, openDatabase, seedWhenEmpty } from './app/lifecycle.js';
import { registerWebApp } from './app/pages.js';
import { registerPlugins } from './app/plugins.js';
import { registerRoutes } from './app/routes.js';
import { type AppServices, createServices } from './app/services.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { FeedsOptions } from './modules/feeds/feeds.service.js';

z.config(z.locales.uz());

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

export interface BuildOptions {
  /** An open database; when absent one is opened from config and closed with the app. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Sitemap limits and cache lifetime; tests make them small. */
  feeds?: FeedsOptions;
  /** The Telegram channel worker's timings and clock; tests make them short. */
  telegramChannel?: Partial<TelegramChannelOptions>;
  /** The GitHub refresh's timings; tests make them short. */
  githubRefresh?: Partial<GithubRefreshOptions>;
}

/** The whole site as a Fastify instance, ready for `inject` or `listen`. Each step is a file in app/. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { app, metrics, cachedResponses } = createInstance(config, options.logger);
  const { database, outages } = await openDatabase(app, config, options.database, metrics);
  const services = await createServices(config, database, { outages, metrics, feeds: options.feeds });
  app.decorate('services', services);
  await seedWhenEmpty(app, config, database, services.imageStore);
  app.decorateRequest('auth', null);
  const jobs = startJobs(app, services, {
    telegramChannel: options.telegramChannel,
    githubRefresh: options.githubRefresh,
  });
  closeWithApp(app, { jobs, services, outages, database: options.database ? undefined : database });

  await registerPlugins(app, config, services, cachedResponses);
  await registerRoutes(app, services);
  const trimPages = await registerWebApp(app, services, config.webDist, cachedResponses);
  trimWhenIdle(app, { cachedResponses, trimServices: services.trimIdle, trimPages, database });
  return app;
}
