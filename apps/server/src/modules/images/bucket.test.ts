import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { findLinkedImageNames } from '../../data/images.repository.js';
import {
  call,
  createTestContext,
  createWithImages,
  signUp,
  type TestContext,
  type TestUser,
} from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import { startTestBucket } from '../../test/faults.js';
import { startImageHost } from '../../test/image-host.js';
import { multipart } from '../../test/forms.js';
import { backup, restore } from '../../ops/backups.js';
import { parseBucketUrl } from '../../lib/bucket-url.js';
import { ImageBucket } from './bucket.js';
import { COPY_MAX_AGE_MS } from './remote-images.service.js';

describe('images in a bucket, two instances with folders of their own', () => {
  let context: TestContext;
  let bucket: Awaited<ReturnType<typeof startTestBucket>>;
  let objects: ImageBucket;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let author: TestUser;
  const folders: string[] = [];

  const instance = async (extra: Partial<Config> = {}) => {
    const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-bucket-cache-'));
    folders.push(uploadDir);
    const app = await buildApp(
      {
        ...context.config,
        uploadDir,
        bucket: parseBucketUrl(bucket.url),
        redisUrl: 'redis://127.0.0.1:6379',
        ...extra,
      },
      { logger: false },
    );
    await app.ready();
    return app;
  };
  const keys = async () => {
    const found: string[] = [];
    for await (const { key } of objects.list()) found.push(key);
    return found.sort();
  };
  const variantsMade = async (app: FastifyInstance) =>
    (await app.services.metrics.imageVariants.get()).values.find(
      (value) => value.metricName === 'pm_image_variant_seconds_count',
    )?.value ?? 0;

  beforeAll(async () => {
    context = await createTestContext();
    bucket = await startTestBucket();
    objects = new ImageBucket(parseBucketUrl(bucket.url)!);
    first = await instance();
    second = await instance();
    author = await signUp(context);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    objects.close();
    await bucket.close();
    await context.close();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('keep what one instance stores in the bucket, serve it from the other, and make each width once', async () => {
    const created = await createWithImages(first, author, 1);
    const [image] = created.images;
    expect(await keys()).toEqual([image]);

    const fromFirst = await call(first, { method: 'GET', url: `/image/${image}` });
    const fromSecond = await call(second, { method: 'GET', url: `/image/${image}` });
    expect(fromSecond.statusCode).toBe(200);
    expect(fromSecond.rawPayload.equals(fromFirst.rawPayload)).toBe(true);
    expect(fromSecond.headers.etag).toBe(fromFirst.headers.etag);

    const narrow = await call(second, { method: 'GET', url: `/image/${image}?w=128` });
    expect(narrow.statusCode).toBe(200);
    expect((await sharp(narrow.rawPayload).metadata()).width).toBe(128);
    expect(await keys()).toEqual([image, `variants/${image!.replace('.webp', '')}-128.webp`].sort());
    // The first instance takes the width from the bucket rather than making it again.
    const again = await call(first, { method: 'GET', url: `/image/${image}?w=128` });
    expect(again.rawPayload.equals(narrow.rawPayload)).toBe(true);
    expect(await variantsMade(second)).toBe(1);
    expect(await variantsMade(first)).toBe(0);

    // 304 for the copy the client has, from either instance.
    const cached = await call(first, {
      method: 'GET',
      url: `/image/${image}?w=128`,
      headers: { 'if-none-match': narrow.headers.etag as string },
    });
    expect(cached.statusCode).toBe(304);

    // A delete through one instance takes every object of the image.
    const deleted = await call(second, {
      method: 'DELETE',
      url: `/api/portfolio/delete/${created._id}`,
      headers: { 'x-token': author.token },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await keys()).toEqual([]);
    // The other instance drops its own copies when it hears of it (through Redis).
    await expect
      .poll(async () => (await call(first, { method: 'GET', url: `/image/${image}?w=128` })).statusCode)
      .toBe(404);
    expect((await call(first, { method: 'GET', url: `/image/${image}` })).statusCode).toBe(404);
  });

  it('store an upload whose first tries lose their connection', async () => {
    bucket.dropPuts(2);
    const created = await createWithImages(first, author, 1);
    const [image] = created.images;
    expect(await keys()).toContain(image);
    expect(fs.existsSync(path.join(first.services.config.uploadDir, image!))).toBe(true);
    const fromSecond = await call(second, { method: 'GET', url: `/image/${image}` });
    expect(fromSecond.statusCode).toBe(200);
    expect((await sharp(fromSecond.rawPayload).metadata()).format).toBe('webp');
    await call(first, {
      method: 'DELETE',
      url: `/api/portfolio/delete/${created._id}`,
      headers: { 'x-token': author.token },
    });
  });

  it('make a width once when both instances are asked for it at the same moment', async () => {
    // Large enough that making a width takes a while; both instances hold the original already.
    const noise = Buffer.from(Array.from({ length: 1200 * 900 * 3 }, () => Math.floor(Math.random() * 256)));
    const form = await multipart({
      title: 'Bir vaqtda',
      url: 'https://bir.example.uz',
      used: 'Sharp',
      images: [
        {
          content: await sharp(noise, { raw: { width: 1200, height: 900, channels: 3 } })
            .png()
            .toBuffer(),
          filename: 'katta.png',
          contentType: 'image/png',
        },
      ],
    });
    const created = await call(first, {
      method: 'POST',
      url: '/api/portfolio/create',
      ...form,
      headers: { ...form.headers, 'x-token': author.token },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { images } = created.json() as { images: string[] };
    for (const app of [first, second]) {
      expect((await call(app, { method: 'GET', url: `/image/${images[0]}` })).statusCode).toBe(200);
    }
    const before = (await variantsMade(first)) + (await variantsMade(second));
    const answers = await Promise.all(
      [first, second, first, second].map((app) =>
        call(app, { method: 'GET', url: `/image/${images[0]}?w=64` }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(new Set(answers.map((answer) => answer.rawPayload.toString('base64'))).size).toBe(1);
    expect((await variantsMade(first)) + (await variantsMade(second)) - before).toBe(1);
  });

  it('redirect to PUBLIC_IMAGE_URL when the bucket is served from there', async () => {
    const cdn = await instance({ publicImageUrl: 'https://cdn.example.uz/images' });
    try {
      const { images } = await createWithImages(first, author, 1);
      const answer = await call(cdn, { method: 'GET', url: `/image/${images[0]}?w=128` });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(
        `https://cdn.example.uz/images/variants/${images[0]!.replace('.webp', '')}-128.webp`,
      );
      expect(await keys()).toContain(`variants/${images[0]!.replace('.webp', '')}-128.webp`);
    } finally {
      await cdn.close();
    }
  });

  it('sweeps objects that no row names once they are an hour old', async () => {
    const { images } = await createWithImages(first, author, 1);
    const orphan = path.join(folders[0]!, 'orphan.tmp');
    fs.writeFileSync(
      orphan,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .webp()
        .toBuffer(),
    );
    const name = '0123456789abcdef01234567.webp';
    await objects.put(name, orphan);
    const { db } = first.services;
    const linked = (names: readonly string[]) => findLinkedImageNames(db, names);
    // Young: left alone (a write may still be under way).
    await first.services.imageStore.sweep(linked);
    expect(await keys()).toContain(name);
    await first.services.imageStore.sweep(linked, Date.now() + 2 * 60 * 60 * 1000);
    const left = await keys();
    expect(left).not.toContain(name);
    expect(left).toContain(images[0]);
  });

  it('are backed up from the bucket and restored into another', async () => {
    const { images } = await createWithImages(first, author, 1);
    const to = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-bucket-backup-'));
    const emptyCache = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-bucket-cache-'));
    folders.push(to, emptyCache);
    fs.rmSync(to, { recursive: true });
    // An instance's folder need not hold the images: the backup reads the bucket.
    const manifest = await backup(
      { database: first.services.config.database, uploadDir: emptyCache, bucket: parseBucketUrl(bucket.url) },
      to,
    );
    expect(manifest.images.map((image) => image.name)).toContain(images[0]);
    expect(manifest.missingImages).toEqual([]);

    const target = await createTestDatabase();
    const other = await startTestBucket();
    try {
      await restore(
        {
          database: target.url.startsWith('sqlite:')
            ? { dialect: 'sqlite', file: target.url.slice('sqlite:'.length) }
            : { dialect: 'postgres', url: target.url },
          uploadDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pm-bucket-restored-')),
          bucket: parseBucketUrl(other.url),
        },
        to,
      );
      const restored = new ImageBucket(parseBucketUrl(other.url)!);
      const found: string[] = [];
      for await (const { key } of restored.list()) found.push(key);
      restored.close();
      expect(found.sort()).toEqual(manifest.images.map((image) => image.name).sort());
    } finally {
      await other.close();
      await target.drop();
    }
  });

  it('share pictures of descriptions: one instance fetches, the other serves it from the bucket', async () => {
    const host = await startImageHost();
    const [one, other] = await Promise.all([
      instance({ allowedPrivateAddresses: ['127.0.0.1'] }),
      instance({ allowedPrivateAddresses: ['127.0.0.1'] }),
    ]);
    try {
      const picture = `${host.origin}/picture.png`;
      const src = one.services.remoteImages.address(picture)!;
      // Both derive the key from the bucket's secret: what one signs, the other accepts.
      expect(other.services.remoteImages.address(picture)).toBe(src);
      const fetched = await call(one, { method: 'GET', url: src });
      expect(fetched.statusCode).toBe(200);
      expect((await keys()).filter((key) => key.startsWith('remote/'))).toHaveLength(1);
      const served = await call(other, { method: 'GET', url: src });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(fetched.rawPayload);
      expect(host.hits('/picture.png')).toBe(1);

      // Cached a month, then fetched again when asked for.
      expect(await one.services.remoteImages.sweep(Date.now() + COPY_MAX_AGE_MS + 60_000)).toBe(2);
      expect((await keys()).filter((key) => key.startsWith('remote/'))).toEqual([]);
      expect(fs.readdirSync(one.services.remoteImages.dir)).toEqual([]);
    } finally {
      await Promise.all([one.close(), other.close()]);
      await host.close();
    }
  });

  it('is not ready while the bucket does not answer', async () => {
    expect((await call(first, { method: 'GET', url: '/readyz' })).json().checks.storage).toBe('ok');
    const unreachable = await instance({
      bucket: parseBucketUrl('http://A:B@127.0.0.1:9/images'),
    });
    try {
      const ready = await call(unreachable, { method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.storage).not.toBe('ok');
    } finally {
      await unreachable.close();
    }
  });
});
