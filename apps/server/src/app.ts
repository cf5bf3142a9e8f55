import { Socket } from 'node:net';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.js';
import { createDatabase, type DatabaseHandle, SERVER_BUSY_TIMEOUT_MS } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import { bringSearchIndexUpToDate } from './data/search.repository.js';
import { seedDemo } from './seed/demo.js';
import { Metrics } from './lib/metrics.js';
import { Outages } from './lib/outages.js';
import { requestIds } from './lib/request-ids.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { bookmarkRoutes } from './modules/bookmarks/bookmarks.routes.js';
import { commentRoutes } from './modules/comments/comments.routes.js';
import { feedRoutes } from './modules/feeds/feeds.routes.js';
import { followRoutes } from './modules/follows/follows.routes.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { notificationRoutes } from './modules/notifications/notifications.routes.js';
import { viewRoutes } from './modules/views/views.routes.js';
import type { FeedsOptions } from './modules/feeds/feeds.service.js';
import { findLinkedImageNames } from './data/images.repository.js';
import { imageRoutes } from './modules/images/images.routes.js';
import { remoteImageRoutes } from './modules/images/remote-images.routes.js';
import { previewCardRoutes } from './modules/og/og.routes.js';
import { likeRoutes } from './modules/likes/likes.routes.js';
import { opsRoutes } from './modules/ops/ops.routes.js';
import { portfolioRoutes } from './modules/portfolios/portfolios.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { registerPages } from './modules/pages/pages.routes.js';
import { scriptRoutes } from './modules/pages/script.routes.js';
import { registerErrorHandling, sendProblem } from './plugins/errors.js';
import { registerJsonParser } from './plugins/json-body.js';
import { registerLingeringClose } from './plugins/lingering-close.js';
import { registerRequestMetrics } from './plugins/request-metrics.js';
import { KeptAnswers, registerReadCache, serverWithKeptAnswers } from './plugins/read-cache.js';
import { imageOriginDirectives, registerSecurityHeaders } from './plugins/security-headers.js';
import { registerSerializers } from './plugins/serializers.js';
import { requestForLog, SECRET_HEADERS } from './lib/log-redaction.js';
import { registerUploads } from './plugins/uploads.js';
import { createServices, type AppServices } from './app/services.js';
import { exposedCollector, QuietTime } from './lib/quiet-time.js';
import { nativeHeapTrimmer } from './lib/native-heap.js';

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
}

const TRENDING_REFRESH_MS = 10 * 60 * 1000;

/** No request for this long and the site counts as quiet: what nobody asked for since then is let go. */
const QUIET_MS = 20_000;

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The whole site as a Fastify instance, ready for `inject` or `listen`. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const metrics = new Metrics();
  const requestId = requestIds(Boolean(config.trustProxy));
  const keptAnswers = new KeptAnswers(config.readCache, requestId, metrics);
  const app = Fastify({
    serverFactory: serverWithKeptAnswers(keptAnswers, requestId),
    genReqId: requestId,
    // Whatever logger a caller gives keeps the secrets out of it.
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: SECRET_HEADERS,
            serializers: { req: requestForLog },
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    // The page renderer's API reads are injected (no socket): the page's own request line says enough.
    logController: new LogController({
      disableRequestLogging: (request) => !(request.raw.socket instanceof Socket),
    }),
    // Fastify accepts a hop count too, though its types leave it out.
    trustProxy: (config.trustProxy ?? false) as boolean | string | string[],
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 300 },
    // Errors raised before routing (a malformed URL, say) get the same answers as every other error.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      return sendProblem(request, reply, { status, code: 'BAD_REQUEST', detail: 'So‘rov manzili noto‘g‘ri' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  registerSerializers(app, { validate: config.validateResponses });
  registerRequestMetrics(app, metrics);
  registerErrorHandling(app);
  registerJsonParser(app);
  registerLingeringClose(app);

  const outages = new Outages(app.log, metrics);
  const database =
    options.database ??
    createDatabase(config.database, { logger: app.log, outages, busyTimeoutMs: SERVER_BUSY_TIMEOUT_MS });
  await migrateToLatest(database.db);
  const reindexed = await bringSearchIndexUpToDate(database.db, database.dialect);
  if (reindexed > 0)
    app.log.info({ portfolios: reindexed }, 'search index entries rewritten by its current rules');
  if (database.poolStats) metrics.watchPool(database.poolStats);
  const services = await createServices(config, database, { outages, metrics, feeds: options.feeds });
  app.decorate('services', services);
  if (config.seedDemo && (await seedDemo(database.db, database.dialect, services.imageStore, app.log))) {
    app.log.info('demo content added to the empty database');
  }
  app.decorateRequest('auth', null);
  // Expired sessions and mailed links are useless; drop them hourly.
  const purge = setInterval(
    () =>
      void Promise.all([
        services.auth.purgeExpired(),
        services.account.purgeExpired(),
        services.views.purgeOld(),
      ]).catch((error: unknown) => app.log.warn({ err: error }, 'purge failed')),
    60 * 60 * 1000,
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
      .sweep((names) => findLinkedImageNames(database.db, names))
      .then(({ placed, removed }) => {
        if (placed + removed > 0)
          app.log.info({ placed, removed }, 'image files left by an interrupted write swept');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'image sweep failed'));
  // Copies of other sites' pictures past their time, or beyond how many are kept.
  const sweepRemoteImages = () =>
    services.remoteImages
      .sweep()
      .catch((error: unknown) => app.log.warn({ err: error }, 'remote picture sweep failed'));
  const firstSweep = Promise.all([sweepImages(), sweepRemoteImages()]);
  const sweep = setInterval(() => void Promise.all([sweepImages(), sweepRemoteImages()]), 60 * 60 * 1000);
  sweep.unref();
  // Shutting down: requests under way finish, but their connections are not kept open for another
  // (idle ones are closed by the framework), so the process ends as soon as the last answer is out.
  app.addHook('preClose', async () => {
    app.server.keepAliveTimeout = 1;
  });
  app.addHook('onClose', async () => {
    clearInterval(purge);
    clearInterval(trending);
    clearInterval(sweep);
    await firstSweep;
    services.mailer.close();
    await services.limiter.close();
    await services.changes.close();
    services.bucket?.close();
    services.locks?.close();
    outages.close();
    if (!options.database) await database.destroy();
  });

  // Third-party plugins first, then ours.
  registerSecurityHeaders(app, {
    // Plain-http local use must keep working; TLS terminates at the proxy in production.
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: null,
        ...imageOriginDirectives(config.publicImageUrl),
        // Telegram's Login Widget script (only when signing in with Telegram is on).
        ...(config.telegram && { scriptSrc: ["'self'", 'https://telegram.org'] }),
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // Telegram's sign-in window answers its opener: the opener policy must let popups keep it.
    ...(config.telegram && { crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' } }),
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['x-token', 'token', 'content-type', 'accept'],
    exposedHeaders: ['x-token', 'retry-after'],
    maxAge: 86_400,
  });
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  await registerUploads(app, services.imageStore.incomingDir);
  keptAnswers.follow(services.changes);
  keptAnswers.personalizeWith((token, portfolioIds) => services.auth.likesOf(token, portfolioIds));
  registerReadCache(app, keptAnswers);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Portfolio Master API',
        description: 'Dasturchilar portfoliolari uchun hamjamiyat sayti API’si',
        version: '1.0.0',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'x-token' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      // JSON answers are compressed for clients that ask (the web app's files are compressed at build
      // time). Compressed request bodies are not accepted: they would let a small upload inflate.
      await api.register(compress, {
        globalCompression: true,
        globalDecompression: false,
        encodings: ['br', 'gzip'],
        threshold: 1024,
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      });
      await api.register(authRoutes, services);
      await api.register(userRoutes, services);
      await api.register(accountRoutes, services);
      await api.register(followRoutes, services);
      await api.register(bookmarkRoutes, services);
      await api.register(moderationRoutes, services);
      await api.register(notificationRoutes, services);
      await api.register(viewRoutes, services);
      await api.register(portfolioRoutes, services);
      await api.register(likeRoutes, services);
      await api.register(commentRoutes, services);
      await api.register(scriptRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(opsRoutes, services);
  await app.register(imageRoutes, services);
  await app.register(remoteImageRoutes, services);
  await app.register(feedRoutes, services);
  await app.register(previewCardRoutes, services);

  const trimPages = await registerPages(app, services, config.webDist ?? DEFAULT_WEB_DIST);

  // Once requests stop, what was kept for them goes, and the memory with it (see QuietTime).
  const quiet = new QuietTime({
    quietMs: QUIET_MS,
    trims: [
      (idleMs) => keptAnswers.trimIdle(idleMs),
      services.trimIdle,
      trimPages,
      () => {
        database.shrinkMemory?.();
        return 0;
      },
    ],
    collect: exposedCollector(),
    release: nativeHeapTrimmer(),
    onTrimmed: (dropped) => {
      const { rss, heapTotal, external } = process.memoryUsage();
      const mb = (bytes: number) => Math.round(bytes / 1e6);
      app.log.info(
        { dropped, rssMb: mb(rss), heapMb: mb(heapTotal), externalMb: mb(external) },
        'quiet: let go of what was kept for traffic',
      );
    },
  }).start(QUIET_MS / 2);
  app.server.on('request', () => quiet.seen());
  app.addHook('onClose', async () => quiet.stop());
  return app;
}
