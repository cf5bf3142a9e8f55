import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { LIMITS } from '@portfolio-master/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { call, createTestContext, signUp, type TestContext } from '../../test/app.js';
import { multipart } from '../../test/forms.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } });

let context: TestContext;
/** 2000x1000, the widest an original gets in these tests. */
let wide: string;
/** 300x200, narrower than most fixed widths. */
let narrow: string;

const uploadDir = () => context.config.uploadDir;
const originals = () => fs.readdirSync(uploadDir()).filter((name) => name !== 'variants');
const variants = () => fs.readdirSync(path.join(uploadDir(), 'variants'));

beforeAll(async () => {
  context = await createTestContext();
  const store = context.app.services.imageStore;
  wide = (await store.save(await solid(2000, 1000).png().toBuffer(), { maxDimension: 2000 })).filename;
  narrow = (await store.save(await solid(300, 200).jpeg().toBuffer(), { maxDimension: 2000 })).filename;
  // As a write does once the rows naming them are committed.
  await store.place([wide, narrow]);
});

afterAll(async () => {
  await context?.close();
});

describe('GET /image/:filename', () => {
  it('serves the original as cacheable WebP', async () => {
    const response = await call(context.app, { method: 'GET', url: `/image/${wide}` });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{24}-2000-v\d+"$/);
    expect(response.headers['cross-origin-resource-policy']).not.toBe('same-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload).toEqual(fs.readFileSync(path.join(uploadDir(), wide)));
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 2000,
      height: 1000,
    });
  });

  it.each([
    ['64', 64],
    ['100', 128],
    ['256', 256],
    ['1000', 1024],
    ['1024', 1024],
    ['1100', 1600],
    ['1600', 1600],
    ['1601', 2000],
    ['5000', 2000],
    ['abc', 2000],
    ['0', 2000],
    ['-5', 2000],
    ['1.5', 2000],
    ['', 2000],
  ])('answers ?w=%j with a %i px wide image', async (w, expected) => {
    const response = await call(context.app, { method: 'GET', url: `/image/${wide}?w=${w}` });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.etag).toContain(`-${expected}-`);
    const metadata = await sharp(response.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: expected, height: expected / 2 });
  });

  it('serves the original when a width is asked that is wider than it', async () => {
    const original = await call(context.app, { method: 'GET', url: `/image/${narrow}` });
    const asked = await call(context.app, { method: 'GET', url: `/image/${narrow}?w=512` });

    expect(asked.statusCode).toBe(200);
    expect(asked.headers.etag).toBe(original.headers.etag);
    expect(asked.rawPayload).toEqual(original.rawPayload);
    expect((await sharp(asked.rawPayload).metadata()).width).toBe(300);
    expect((await sharp(original.rawPayload).metadata()).width).toBe(300);
  });

  it('keeps a variant on disk once made and serves it from there', async () => {
    const stem = wide.replace('.webp', '');
    const first = await call(context.app, { method: 'GET', url: `/image/${wide}?w=512` });
    const file = path.join(uploadDir(), 'variants', `${stem}-512.webp`);
    expect(fs.existsSync(file)).toBe(true);
    const made = fs.statSync(file);

    const second = await call(context.app, { method: 'GET', url: `/image/${wide}?w=400` });

    expect(second.statusCode).toBe(200);
    expect(second.rawPayload).toEqual(first.rawPayload);
    expect(second.rawPayload).toEqual(fs.readFileSync(file));
    expect(fs.statSync(file).mtimeMs).toBe(made.mtimeMs);
    expect(fs.statSync(file).ino).toBe(made.ino);
  });

  it('makes a variant once when the first requests for it arrive together', async () => {
    const { filename } = await context.app.services.imageStore.save(await solid(1200, 600).png().toBuffer(), {
      maxDimension: 2000,
    });
    await context.app.services.imageStore.place([filename]);
    const stem = filename.replace('.webp', '');

    const responses = await Promise.all(
      Array.from({ length: 6 }, () => call(context.app, { method: 'GET', url: `/image/${filename}?w=128` })),
    );

    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(responses[0]!.rawPayload);
    }
    expect((await sharp(responses[0]!.rawPayload).metadata()).width).toBe(128);
    expect(variants().filter((name) => name.startsWith(stem))).toEqual([`${stem}-128.webp`]);
    expect(variants().filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('answers 304 to a matching If-None-Match, with the cache headers and no body', async () => {
    const first = await call(context.app, { method: 'GET', url: `/image/${wide}?w=256` });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await call(context.app, {
        method: 'GET',
        url: `/image/${wide}?w=256`,
        headers: { 'if-none-match': ifNoneMatch },
      });
      expect(response.statusCode).toBe(304);
      expect(response.body).toBe('');
      expect(response.headers.etag).toBe(etag);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('answers 200 when If-None-Match names another version', async () => {
    const original = await call(context.app, { method: 'GET', url: `/image/${wide}` });
    const response = await call(context.app, {
      method: 'GET',
      url: `/image/${wide}?w=256`,
      headers: { 'if-none-match': original.headers.etag as string },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).not.toBe(original.headers.etag);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(256);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await call(context.app, { method: 'GET', url: `/image/${wide}?w=64` });
    const head = await call(context.app, { method: 'HEAD', url: `/image/${wide}?w=64` });

    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['cache-control']).toBe(IMMUTABLE);
    expect(head.headers['content-length']).toBe(String(get.rawPayload.length));
  });

  const unknown = '0123456789abcdef01234567.webp';
  // A literal /image/../x is resolved to /x by every client (and by inject) before it is sent, so only
  // the encoded forms can reach this route.
  it.each([
    ['an unknown name', () => `/image/${unknown}`],
    ['an unknown name with a width', () => `/image/${unknown}?w=256`],
    ['../ encoded', () => `/image/%2e%2e%2fpackage.json`],
    ['..%2F', () => `/image/..%2F..%2Fetc%2Fpasswd`],
    ['..%5C', () => `/image/..%5C..%5Cetc%5Cpasswd`],
    ['an absolute path', () => `/image/%2Fetc%2Fpasswd`],
    ['the upload directory itself', () => `/image/.`],
    ['the variants directory', () => `/image/variants`],
    ['a file in the variants directory', () => `/image/variants%2F${wide.replace('.webp', '')}-512.webp`],
    ['the name of a variant', () => `/image/${wide.replace('.webp', '')}-512.webp`],
    ['upper-case hex', () => `/image/${wide.replace('.webp', '').toUpperCase()}.webp`],
    ['an upper-case extension', () => `/image/${wide.replace('.webp', '.WEBP')}`],
    ['a null byte after the name', () => `/image/${wide}%00`],
    ['a null byte before the extension', () => `/image/${wide.replace('.webp', '%00.webp')}`],
    ['another extension', () => `/image/${wide.replace('.webp', '.png')}`],
    ['a very long name', () => `/image/${'a'.repeat(250)}.webp`],
    ['no name', () => `/image/`],
  ])('answers 404 NOT_FOUND for %s', async (_case, url) => {
    const response = await call(context.app, { method: 'GET', url: url() });

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(response.headers['cache-control']).not.toBe(IMMUTABLE);
  });

  it('answers a malformed percent-encoding with a client error, never a 500', async () => {
    const response = await call(context.app, { method: 'GET', url: `/image/%E0%A4%A.webp` });
    expect([400, 404]).toContain(response.statusCode);
  });

  it('answers 404 once an image is removed', async () => {
    const store = context.app.services.imageStore;
    const { filename } = await store.save(await solid(800, 400).png().toBuffer(), { maxDimension: 2000 });
    await store.place([filename]);
    expect((await call(context.app, { method: 'GET', url: `/image/${filename}?w=256` })).statusCode).toBe(
      200,
    );

    await store.remove([filename]);

    for (const url of [`/image/${filename}`, `/image/${filename}?w=256`]) {
      const response = await call(context.app, { method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

/** A 1x1 PNG that claims 20000x20000 pixels. */
async function pixelBomb(): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1).png().toBuffer());
  png.writeUInt32BE(20_000, 16);
  png.writeUInt32BE(20_000, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('an avatar upload', () => {
  async function uploadAvatar(token: string, content: Buffer, filename: string, contentType: string) {
    const form = await multipart({ image: { content, filename, contentType } });
    return call(context.app, {
      method: 'PUT',
      url: '/api/user/me/update',
      headers: { ...form.headers, 'x-token': token },
      payload: form.payload,
    });
  }

  it('is typed by its bytes, re-encoded without metadata and served upright', async () => {
    const user = await signUp(context);
    // A JPEG with GPS and orientation 6, under a name and type that say otherwise.
    const jpeg = await solid(300, 200)
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 18/1 0/1', GPSMapDatum: 'GPS-SECRET' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();

    const response = await uploadAvatar(user.token, jpeg, 'notes.txt', 'text/plain');

    expect(response.statusCode).toBe(200);
    const image = response.json().image as string;
    expect(image).toMatch(/^[0-9a-f]{24}\.webp$/);
    const served = await call(context.app, { method: 'GET', url: `/image/${image}` });
    expect(served.statusCode).toBe(200);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 200, height: 300 });
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes('GPS-SECRET')).toBe(false);
  });

  it.each([
    ['a text file named photo.png', 415, 'UNSUPPORTED_IMAGE', async () => Buffer.from('just some text\n')],
    [
      'a truncated JPEG',
      415,
      'UNSUPPORTED_IMAGE',
      async () => {
        const noise = Buffer.from(Array.from({ length: 300 * 200 * 3 }, (_, index) => (index * 31) % 256));
        const jpeg = await sharp(noise, { raw: { width: 300, height: 200, channels: 3 } })
          .jpeg()
          .toBuffer();
        return jpeg.subarray(0, jpeg.length >> 1);
      },
    ],
    ['a pixel bomb', 413, 'PAYLOAD_TOO_LARGE', pixelBomb],
    [
      'more than 10 MB',
      413,
      'PAYLOAD_TOO_LARGE',
      async () => Buffer.alloc(LIMITS.images.maxBytes + 1024, 0xff),
    ],
  ])('answers %s with %i %s and stores nothing', async (_case, status, code, make) => {
    const user = await signUp(context);
    const before = originals().sort();

    const response = await uploadAvatar(user.token, await make(), 'photo.png', 'image/png');

    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ status, code });
    expect(originals().sort()).toEqual(before);
    const me = await call(context.app, {
      method: 'GET',
      url: '/api/user/me',
      headers: { 'x-token': user.token },
    });
    expect(me.json().image).toBeNull();
  });
});

describe('files a crash left between saving and committing', () => {
  it('are finished or removed when the app starts', async () => {
    const owner = await signUp(context);
    const store = context.app.services.imageStore;
    const save = async () =>
      (await store.save(await solid(90, 60).png().toBuffer(), { maxDimension: 2000 })).filename;
    // Its row was committed; the process died before the file was moved into place.
    const committed = await save();
    await context.app.services.db
      .insertInto('images')
      .values({
        filename: committed,
        owner_id: owner.id,
        portfolio_id: null,
        position: 0,
        width: 90,
        height: 60,
        bytes: 100,
        created_at: new Date().toISOString(),
      })
      .execute();
    // Saved two hours ago; its transaction never committed.
    const abandoned = await save();
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(path.join(uploadDir(), 'pending', abandoned), twoHoursAgo, twoHoursAgo);
    expect((await call(context.app, { method: 'GET', url: `/image/${committed}` })).statusCode).toBe(404);

    const restarted = await buildApp(context.config, { logger: false });
    try {
      await restarted.ready();
      await expect.poll(() => fs.existsSync(path.join(uploadDir(), committed))).toBe(true);
      await expect.poll(() => fs.existsSync(path.join(uploadDir(), 'pending', abandoned))).toBe(false);
      expect((await call(restarted, { method: 'GET', url: `/image/${committed}` })).statusCode).toBe(200);
      expect(fs.existsSync(path.join(uploadDir(), abandoned))).toBe(false);
    } finally {
      await restarted.close();
    }
  });
});
