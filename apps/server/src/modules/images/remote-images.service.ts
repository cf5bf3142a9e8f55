import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LIMITS } from '@portfolio-master/contract';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import type { AddressPolicy } from '../../lib/address-policy.js';
import { fileExists } from '../../lib/files.js';
import { HttpError } from '../../lib/http-error.js';
import { lruTtl } from '../../lib/lru-ttl.js';
import { newId } from '../../lib/ids.js';
import { missingPart } from '../../lib/outages.js';
import { RATE_RULES, type RateLimiter } from '../../lib/rate-limiter.js';
import { TEMPORARY_SUFFIX } from '../../lib/uploads.js';
import type { ImageBucket } from './bucket.js';
import { JobSlots, type ImageStore } from './image-store.js';
import { fetchRemote, notAnImage, tooLarge, type FetchLimits } from './remote-fetch.js';

export const REMOTE_PREFIX = '/image/remote/';
/** Longer addresses are not shown: a picture's address is rarely a tenth of this. */
const MAX_URL_LENGTH = 2048;
const MAX_WIDTH = 1600;
const DEFAULT_LIMITS: FetchLimits = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3 };
/** A copy older than this is fetched again when next asked for (the picture at an address may change). */
export const COPY_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Copies cached at most (about 200 KB each): the oldest beyond go first. */
const MAX_COPIES = 10_000;
/** A failure is answered again from memory for this long, so a broken picture does not ask its host each time. */
const FAILURE_MS = 5 * 60 * 1000;
const KEY_FILE = 'image-proxy.key';

export interface RemoteCopy {
  file: string;
  etag: string;
}

/**
 * Pictures from other sites that descriptions show, served by the site (decision 35): the renderer writes
 * each as `/image/remote/<HMAC>/<base64url of its address>`, signed so the site fetches only what it put
 * into a page; the first request fetches it (`fetchRemote`), decodes it and keeps a WebP of at most
 * 1600 px in `UPLOAD_DIR/remote` (and, with `S3_URL`, in the bucket under `remote/`, where other
 * instances find it), so its host is asked once.
 */
export class RemoteImages {
  readonly dir: string;
  private readonly pending = new Map<string, Promise<RemoteCopy>>();
  private readonly failures = new LRUCache<string, HttpError>({ max: 1_000, ...lruTtl(FAILURE_MS) });
  private readonly encodes = new JobSlots(1);
  private readonly ownOrigin: string;

  constructor(
    private readonly key: Buffer,
    private readonly deps: {
      imageStore: ImageStore;
      bucket: ImageBucket | undefined;
      policy: AddressPolicy;
      limiter: RateLimiter;
      publicUrl: string;
      limits?: FetchLimits;
    },
  ) {
    this.dir = path.join(deps.imageStore.dir, 'remote');
    this.ownOrigin = new URL(deps.publicUrl).origin;
  }

  /**
   * The key: `IMAGE_PROXY_KEY`; or derived from the bucket's secret, which every instance on the bucket
   * has; or, with neither, made once and kept in the upload folder the instances share.
   */
  static async loadKey(options: {
    configured: string | undefined;
    bucketSecret: string | undefined;
    uploadDir: string;
  }): Promise<Buffer> {
    if (options.configured) return Buffer.from(options.configured);
    if (options.bucketSecret) {
      return createHmac('sha256', options.bucketSecret).update('portfolio-master image proxy').digest();
    }
    const file = path.join(options.uploadDir, KEY_FILE);
    await fs.mkdir(options.uploadDir, { recursive: true });
    try {
      await fs.writeFile(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return Buffer.from((await fs.readFile(file, 'utf8')).trim());
  }

  async init(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
  }

  /** Where a page loads a picture written as `href` from; null when it cannot be shown. */
  address(href: string): string | null {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      return null;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    // The site's own pictures, written with its full address, need no proxy.
    if (url.origin === this.ownOrigin) return `${url.pathname}${url.search}`;
    if (url.href.length > MAX_URL_LENGTH) return null;
    return `${REMOTE_PREFIX}${this.sign(url.href)}/${Buffer.from(url.href).toString('base64url')}`;
  }

  /** The address a signed pair names, or null when the signature is not ours. */
  verify(mac: string, encoded: string): URL | null {
    if (!/^[A-Za-z0-9_-]{43}$/.test(mac) || !/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
    const href = Buffer.from(encoded, 'base64url').toString('utf8');
    const expected = Buffer.from(this.sign(href));
    if (!timingSafeEqual(Buffer.from(mac), expected)) return null;
    try {
      return new URL(href);
    } catch {
      return null;
    }
  }

  /** The cached copy of a picture, fetched and made first if there is none; `requester` is rate limited. */
  get(url: URL, requester: string): Promise<RemoteCopy> {
    const name = createHash('sha256').update(url.href).digest('base64url');
    let job = this.pending.get(name);
    if (!job) {
      job = this.ensure(name, url, requester).finally(() => this.pending.delete(name));
      this.pending.set(name, job);
    }
    return job;
  }

  /**
   * Removes copies older than `COPY_MAX_AGE_MS` and, beyond `MAX_COPIES`, the oldest, here and in the bucket.
   * Answers how many went.
   */
  async sweep(now = Date.now()): Promise<number> {
    const entries = await Promise.all(
      (await fs.readdir(this.dir))
        .filter((entry) => entry.endsWith('.webp'))
        .map(async (entry) => {
          const stats = await fs.stat(path.join(this.dir, entry)).catch(() => undefined);
          return { entry, modified: stats?.mtimeMs ?? 0 };
        }),
    );
    entries.sort((a, b) => b.modified - a.modified);
    const old = entries.filter((item, index) => index >= MAX_COPIES || item.modified < now - COPY_MAX_AGE_MS);
    await Promise.all(old.map(({ entry }) => fs.rm(path.join(this.dir, entry), { force: true })));
    let removed = old.length;
    if (this.deps.bucket) {
      const keys: string[] = [];
      for await (const { key, modified } of this.deps.bucket.list('remote/')) {
        if (modified.getTime() < now - COPY_MAX_AGE_MS) keys.push(key);
      }
      await this.deps.bucket.delete(keys);
      removed += keys.length;
    }
    return removed;
  }

  private sign(href: string): string {
    return createHmac('sha256', this.key).update(href).digest('base64url');
  }

  private async ensure(name: string, url: URL, requester: string): Promise<RemoteCopy> {
    const file = path.join(this.dir, `${name}.webp`);
    const copy = { file, etag: `"${name}"` };
    if (await fileExists(file)) return copy;
    const key = `remote/${name}.webp`;
    // A bucket that does not answer is no reason to show no picture: its host is asked instead.
    if (this.deps.bucket && (await this.deps.bucket.fetch(key, file).catch(() => false))) return copy;
    const failure = this.failures.get(name);
    if (failure) throw failure;
    try {
      await this.deps.limiter.consume(RATE_RULES.remoteImageFetchesPerHost, url.hostname);
      await this.deps.limiter.consume(RATE_RULES.remoteImageFetchesPerAddress, requester);
      const bytes = await fetchRemote(url, this.deps.policy, this.deps.limits ?? DEFAULT_LIMITS);
      await this.encode(bytes, file);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode !== 429) {
        this.failures.set(name, error);
      }
      throw error;
    }
    this.failures.delete(name);
    // Other instances find it there; until the put succeeds they fetch it themselves.
    await this.deps.bucket?.put(key, file).catch(() => undefined);
    return copy;
  }

  private async encode(bytes: Buffer, file: string): Promise<void> {
    try {
      await this.deps.imageStore.check(bytes);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 413) {
        throw tooLarge(this.deps.limits?.maxBytes ?? DEFAULT_LIMITS.maxBytes);
      }
      throw notAnImage();
    }
    const temporary = `${file}.${newId()}${TEMPORARY_SUFFIX}`;
    try {
      await this.encodes.run(() =>
        sharp(bytes, { limitInputPixels: LIMITS.images.maxPixels, failOn: 'error', pages: 1 })
          .autoOrient()
          .resize({ width: MAX_WIDTH, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toFile(temporary),
      );
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      if (missingPart(error)) throw error;
      throw notAnImage();
    }
  }
}
