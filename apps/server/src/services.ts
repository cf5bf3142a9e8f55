import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Dialect } from './db/database.js';
import type { Database } from './db/schema.js';
import { ChangeFeed, changeTags } from './lib/changes.js';
import { RateLimiter } from './lib/rate-limiter.js';
import { Reads } from './lib/reads.js';
import { AuthService } from './modules/auth/auth.service.js';
import { CommentsService } from './modules/comments/comments.service.js';
import { FeedsService, type FeedsOptions } from './modules/feeds/feeds.service.js';
import { ImageStore } from './modules/images/image-store.js';
import { LikesService } from './modules/likes/likes.service.js';
import { createMailer, type Mailer } from './modules/mail/mailer.js';
import { ListTotals } from './modules/portfolios/list-totals.js';
import { PreviewCards } from './modules/og/og.service.js';
import { PortfoliosService } from './modules/portfolios/portfolios.service.js';
import { UsersService } from './modules/users/users.service.js';
import { authenticationHooks } from './plugins/authentication.js';

/** Everything a route module may use, built once per app and passed in explicitly. */
export interface AppServices {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  limiter: RateLimiter;
  /** Tells caches of pages and totals, here and on other instances, what a write changed. */
  changes: ChangeFeed;
  mailer: Mailer;
  imageStore: ImageStore;
  auth: AuthService;
  users: UsersService;
  portfolios: PortfoliosService;
  likes: LikesService;
  comments: CommentsService;
  feeds: FeedsService;
  previewCards: PreviewCards;
  hooks: ReturnType<typeof authenticationHooks>;
}

export async function createServices(
  config: Config,
  database: { db: Kysely<Database>; dialect: Dialect },
  logger: FastifyBaseLogger,
  options: { feeds?: FeedsOptions } = {},
): Promise<AppServices> {
  const { db, dialect } = database;
  const limiter = RateLimiter.create({ enabled: config.rateLimit, redisUrl: config.redisUrl });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    mailDir: config.mailDir,
    logger,
  });
  const imageStore = new ImageStore(config.uploadDir);
  await imageStore.init();
  const changes = await ChangeFeed.create({ redisUrl: config.redisUrl, logger });
  const totals = new ListTotals();
  const feeds = new FeedsService(db, dialect, config.publicUrl, options.feeds);
  changes.subscribe((tags) => {
    if (tags.includes(changeTags.lists) || tags.includes(changeTags.everything)) totals.clear();
    if (tags.includes(changeTags.catalog) || tags.includes(changeTags.everything)) feeds.clear();
  });
  const users = new UsersService(db, dialect, imageStore, config.adminEmails, changes);
  const auth = new AuthService(db, {
    mailer,
    limiter,
    imageStore,
    changes,
    publicUrl: config.publicUrl,
    logger,
    dialect,
  });
  const comments = new CommentsService(db, users, changes);
  const reads = new Reads({ enabled: config.readCache, changes });
  const portfolios = new PortfoliosService(db, dialect, {
    users,
    comments,
    imageStore,
    totals,
    changes,
    reads,
  });
  const previewCards = new PreviewCards(db, dialect, { imageStore, portfolios, users });
  await previewCards.init();
  previewCards.follow(changes, logger);
  return {
    config,
    db,
    dialect,
    limiter,
    changes,
    mailer,
    imageStore,
    auth,
    users,
    portfolios,
    likes: new LikesService(db, changes, users),
    comments,
    feeds,
    previewCards,
    hooks: authenticationHooks(auth),
  };
}
