import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { type Dialect, probeDatabase } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { ChangeFeed, changeTags } from '../lib/changes.js';
import type { Metrics } from '../lib/metrics.js';
import type { Outages } from '../lib/outages.js';
import { RateLimiter } from '../lib/rate-limiter.js';
import { SharedLocks } from '../lib/shared-locks.js';
import { Reads } from '../lib/reads.js';
import { AccountService } from '../modules/account/account.service.js';
import { AuthService } from '../modules/auth/auth.service.js';
import { TelegramService } from '../modules/auth/telegram.service.js';
import { CommentsService } from '../modules/comments/comments.service.js';
import { FeedsService, type FeedsOptions } from '../modules/feeds/feeds.service.js';
import { FollowsService } from '../modules/follows/follows.service.js';
import { ModerationService } from '../modules/moderation/moderation.service.js';
import { NotificationsService } from '../modules/notifications/notifications.service.js';
import { ViewsService } from '../modules/views/views.service.js';
import type { ImageBucket } from '../modules/images/bucket.js';
import { openBucket } from '../modules/images/open-bucket.js';
import { ImageStore } from '../modules/images/image-store.js';
import { RemoteImages } from '../modules/images/remote-images.service.js';
import { AddressPolicy } from '../lib/address-policy.js';
import { createMarkdownRenderer } from '../lib/markdown.js';
import { LikesService } from '../modules/likes/likes.service.js';
import { createMailer, type Mailer } from '../modules/mail/mailer.js';
import { ListTotals } from '../modules/portfolios/list-totals.js';
import { PreviewCards } from '../modules/og/og.service.js';
import { PortfoliosService } from '../modules/portfolios/portfolios.service.js';
import { UsersService } from '../modules/users/users.service.js';
import { authenticationHooks } from '../plugins/authentication.js';

/** Everything a route module may use, built once per app and passed in explicitly. */
export interface AppServices {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  limiter: RateLimiter;
  /** Parts that are away (the database, the disk, Redis): logged once, probed until back. */
  outages: Outages;
  metrics: Metrics;
  /** Tells caches of pages and totals, here and on other instances, what a write changed. */
  changes: ChangeFeed;
  mailer: Mailer;
  imageStore: ImageStore;
  /** The images' bucket (`S3_URL`) and the locks its writers share, closed with the app. */
  bucket: ImageBucket | undefined;
  locks: SharedLocks | undefined;
  /** Pictures of descriptions from other sites, fetched and kept by the site. */
  remoteImages: RemoteImages;
  auth: AuthService;
  telegram: TelegramService;
  account: AccountService;
  users: UsersService;
  portfolios: PortfoliosService;
  likes: LikesService;
  comments: CommentsService;
  follows: FollowsService;
  moderation: ModerationService;
  notifications: NotificationsService;
  views: ViewsService;
  feeds: FeedsService;
  previewCards: PreviewCards;
  hooks: ReturnType<typeof authenticationHooks>;
  /** Drops the kept reads and totals nobody asked for in `idleMs` (see `QuietTime`); answers how many went. */
  trimIdle: (idleMs: number) => number;
}

export async function createServices(
  config: Config,
  database: { db: Kysely<Database>; dialect: Dialect },
  options: { outages: Outages; metrics: Metrics; feeds?: FeedsOptions },
): Promise<AppServices> {
  const { outages, metrics } = options;
  const logger = outages.logger;
  const { db, dialect } = database;
  outages.watch('database', () => probeDatabase(db, dialect));
  const limiter = RateLimiter.create({
    enabled: config.rateLimit,
    redisUrl: config.redisUrl,
    outages,
    metrics,
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    mailDir: config.mailDir,
    logger,
  });
  const bucket = await openBucket(config.bucket);
  const locks = bucket ? new SharedLocks(config.redisUrl) : undefined;
  const imageStore = new ImageStore(config.uploadDir, metrics, bucket, locks);
  outages.watch('storage', () => imageStore.probe());
  await imageStore.init();
  const remoteImages = new RemoteImages(
    await RemoteImages.loadKey({
      configured: config.imageProxyKey,
      bucketSecret: config.bucket?.secretAccessKey,
      uploadDir: config.uploadDir,
    }),
    {
      imageStore,
      bucket,
      policy: new AddressPolicy(config.allowedPrivateAddresses),
      limiter,
      publicUrl: config.publicUrl,
    },
  );
  await remoteImages.init();
  const changes = await ChangeFeed.create({ redisUrl: config.redisUrl, outages });
  imageStore.follow(changes);
  const totals = new ListTotals();
  totals.follow(changes);
  const feeds = new FeedsService(db, dialect, config.publicUrl, options.feeds);
  changes.subscribe((tags) => {
    if (tags.includes(changeTags.catalog) || tags.includes(changeTags.everything)) feeds.clear();
  });
  const users = new UsersService(db, dialect, imageStore, config.adminEmails, changes);
  const notifications = new NotificationsService(db, { users, mailer, publicUrl: config.publicUrl, logger });
  const auth = new AuthService(db, {
    mailer,
    limiter,
    imageStore,
    changes,
    publicUrl: config.publicUrl,
    logger,
    dialect,
  });
  const comments = new CommentsService(db, users, changes, notifications);
  const reads = new Reads({ enabled: config.readCache, changes });
  const portfolios = new PortfoliosService(db, dialect, {
    users,
    comments,
    imageStore,
    totals,
    changes,
    reads,
    notifications,
    renderMarkdown: createMarkdownRenderer({ imageSource: (url) => remoteImages.address(url) }),
  });
  const previewCards = new PreviewCards(db, dialect, { imageStore, portfolios, users });
  await previewCards.init();
  previewCards.follow(changes, logger);
  return {
    config,
    db,
    dialect,
    limiter,
    outages,
    metrics,
    changes,
    mailer,
    imageStore,
    bucket,
    locks,
    remoteImages,
    auth,
    telegram: new TelegramService(db, { telegram: config.telegram, auth, limiter, changes }),
    account: new AccountService(db, {
      auth,
      users,
      mailer,
      limiter,
      imageStore,
      changes,
      publicUrl: config.publicUrl,
    }),
    users,
    portfolios,
    likes: new LikesService(db, changes, users, notifications),
    comments,
    follows: new FollowsService(db, { users, portfolios, changes }),
    moderation: new ModerationService(db, dialect, { users, portfolios, comments, changes }),
    notifications,
    views: new ViewsService(db),
    feeds,
    previewCards,
    hooks: authenticationHooks(auth),
    trimIdle: (idleMs) => reads.trimIdle(idleMs) + totals.trimIdle(idleMs),
  };
}
