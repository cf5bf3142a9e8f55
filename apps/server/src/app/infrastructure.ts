import type { Config } from '../config.js';
import { AddressPolicy } from '../lib/address-policy.js';
import { ChangeFeed } from '../lib/changes.js';
import type { Metrics } from '../lib/metrics.js';
import type { Outages } from '../lib/outages.js';
import { RateLimiter } from '../lib/rate-limiter.js';
import { SharedLocks } from '../lib/shared-locks.js';
import type { ImageBucket } from '../modules/images/bucket.js';
import { ImageStore } from '../modules/images/image-store.js';
import { openBucket } from '../modules/images/open-bucket.js';
import { RemoteImages } from '../modules/images/remote-images.service.js';
import { createMailer, type Mailer } from '../modules/mail/mailer.js';

/** What the services stand on: limits, mail, image files, and the feed of changes. */
export interface Infrastructure {
  limiter: RateLimiter;
  /** Tells caches of pages and totals, here and on other instances, what a write changed. */
  changes: ChangeFeed;
  mailer: Mailer;
  imageStore: ImageStore;
  /** The images' bucket (`S3_URL`) and the locks its writers share, closed with the app. */
  bucket: ImageBucket | undefined;
  locks: SharedLocks | undefined;
  /** Pictures of descriptions from other sites, fetched and cached by the site. */
  remoteImages: RemoteImages;
}

export async function createInfrastructure(
  config: Config,
  { outages, metrics }: { outages: Outages; metrics: Metrics },
): Promise<Infrastructure> {
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
    logger: outages.logger,
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
  return { limiter, changes, mailer, imageStore, bucket, locks, remoteImages };
}
