import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressPolicy } from '../../lib/address-policy.js';
import { HttpError } from '../../lib/http-error.js';
import { call, createTestContext, signUp, type TestContext } from '../../test/app.js';
import { startImageHost, type ImageHost } from '../../test/image-host.js';
import { fetchRemote } from './remote-fetch.js';

let host: ImageHost;
/** The stand-in host on 127.0.0.1 may be fetched from, as ALLOWED_PRIVATE_ADDRESSES lets local development. */
let context: TestContext;
/** No private address allowed, as in production. */
let strict: TestContext;

beforeAll(async () => {
  host = await startImageHost();
  [context, strict] = await Promise.all([
    createTestContext({ ALLOWED_PRIVATE_ADDRESSES: '127.0.0.1' }),
    createTestContext(),
  ]);
});

afterAll(async () => {
  await Promise.all([context?.close(), strict?.close()]);
  await host?.close();
});

const proxied = (of: TestContext, url: string) => {
  const address = of.app.services.remoteImages.address(url);
  if (!address) throw new Error(`no address for ${url}`);
  return address;
};
const get = (of: TestContext, url: string, headers: Record<string, string> = {}) =>
  call(of.app, { method: 'GET', url: proxied(of, url), headers });

describe('pictures written in a description', () => {
  it('are loaded from the site, re-encoded as WebP at most 1600 px wide, their host asked once', async () => {
    const author = await signUp(context);
    const created = await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/create',
      headers: { 'x-token': author.token },
      payload: {
        title: 'Rasmli tavsif',
        used: ['Markdown'],
        url: 'https://example.uz',
        description: `Sxema:\n\n![Sxema](${host.origin}/picture.png)`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const read = await call(context.app, { method: 'GET', url: `/api/portfolio/${created.json()._id}` });
    const html = read.json().descriptionHtml as string;
    const src = /<img src="([^"]+)" alt="Sxema" loading="lazy"/.exec(html)?.[1];
    expect(src).toMatch(/^\/image\/remote\/[A-Za-z0-9_-]{43}\/[A-Za-z0-9_-]+$/);
    expect(html).not.toContain(host.origin);

    const [first, second] = await Promise.all([
      call(context.app, { method: 'GET', url: src! }),
      call(context.app, { method: 'GET', url: src! }),
    ]);
    const third = await call(context.app, { method: 'GET', url: src! });
    for (const answer of [first, second, third]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/webp');
      expect(answer.headers['cache-control']).toBe('public, max-age=2592000');
    }
    expect(host.hits('/picture.png')).toBe(1);
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1600,
      height: 800,
    });
    expect(third.rawPayload).toEqual(first.rawPayload);

    const again = await call(context.app, {
      method: 'GET',
      url: src!,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(fs.readdirSync(path.join(context.config.uploadDir, 'remote'))).toHaveLength(1);
  });

  it('are never enlarged, and follow up to 3 redirects', async () => {
    const small = await get(context, `${host.origin}/small.png`);
    expect(small.statusCode).toBe(200);
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 300,
      height: 200,
    });

    const redirected = await get(context, `${host.origin}/redirect/3`);
    expect(redirected.statusCode).toBe(200);
    expect((await sharp(redirected.rawPayload).metadata()).width).toBe(300);
    const tooMany = await get(context, `${host.origin}/redirect/4`);
    expect(tooMany.statusCode).toBe(502);
    expect(tooMany.json()).toMatchObject({ code: 'REMOTE_IMAGE_UNAVAILABLE' });
    expect(host.hits('/redirect/0')).toBe(1);
  });

  it.each([
    ['a page', '/page.html', 502, 'UNSUPPORTED_IMAGE'],
    ['text that says it is a PNG', '/disguised.png', 502, 'UNSUPPORTED_IMAGE'],
    ['a body declared over 5 MB', '/declared-huge.png', 502, 'REMOTE_IMAGE_TOO_LARGE'],
    ['a 404', '/missing.png', 502, 'REMOTE_IMAGE_UNAVAILABLE'],
    [
      'a redirect to the cloud metadata address',
      '/to?location=http://169.254.169.254/latest/',
      403,
      'REMOTE_ADDRESS_REFUSED',
    ],
    ['a redirect to a private address', '/to?location=http://10.0.0.1/a.png', 403, 'REMOTE_ADDRESS_REFUSED'],
    ['a redirect to IPv6 loopback', '/to?location=http://[::1]/a.png', 403, 'REMOTE_ADDRESS_REFUSED'],
    ['a redirect to another scheme', '/to?location=file:///etc/passwd', 403, 'REMOTE_ADDRESS_REFUSED'],
  ])('refuse %s with %i %s, in Uzbek', async (_label, pathname, status, code) => {
    const answer = await get(context, `${host.origin}${pathname}`);
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toMatchObject({ code, status });
    expect(answer.json().detail).toMatch(/rasm/i);
  });

  it('stop reading a body once it passes 5 MB', async () => {
    const answer = await get(context, `${host.origin}/huge.png`);
    expect(answer.statusCode).toBe(502);
    expect(answer.json().code).toBe('REMOTE_IMAGE_TOO_LARGE');
    await expect.poll(() => host.hugeCutOff()).toBe(true);
  });

  it('remember a failure for a while instead of asking its host again', async () => {
    const url = `${host.origin}/page.html?again`;
    expect((await get(context, url)).statusCode).toBe(502);
    expect((await get(context, url)).statusCode).toBe(502);
    expect(host.hits('/page.html?again')).toBe(1);
  });

  it('answer 404 to an address the site did not sign', async () => {
    const src = proxied(context, `${host.origin}/small.png?signed`);
    const [, , mac, encoded] = src.split('/').slice(1);
    const flipped = `${mac![0] === 'A' ? 'B' : 'A'}${mac!.slice(1)}`;
    const other = Buffer.from(`${host.origin}/picture.png?unsigned`).toString('base64url');
    for (const url of [
      `/image/remote/${flipped}/${encoded}`,
      `/image/remote/${mac}/${other}`,
      `/image/remote/${mac!.slice(1)}/${encoded}`,
      `/image/remote/${mac}/not*base64`,
      `/image/remote/${mac}/`,
    ]) {
      const answer = await call(context.app, { method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().code).toBe('NOT_FOUND');
    }
    expect(host.hits('/small.png?signed') + host.hits('/picture.png?unsigned')).toBe(0);
    // Another instance's key signs other addresses.
    expect(proxied(strict, `${host.origin}/small.png?signed`)).not.toBe(src);
  });

  it('are left as written when they are the site’s own', () => {
    expect(proxied(context, 'http://localhost:5173/image/0123456789abcdef01234567.webp?w=640')).toBe(
      '/image/0123456789abcdef01234567.webp?w=640',
    );
    expect(context.app.services.remoteImages.address('ftp://example.com/a.png')).toBeNull();
    expect(
      context.app.services.remoteImages.address(`https://example.com/${'a'.repeat(3000)}.png`),
    ).toBeNull();
  });
});

describe('without ALLOWED_PRIVATE_ADDRESSES', () => {
  it.each([
    ['IPv6 loopback', 'http://[::1]/a.png'],
    ['IPv4 loopback written as IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]/a.png'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['a private address', 'http://10.0.0.1/a.png'],
    ['IPv6 link-local', 'http://[fe80::1]/a.png'],
    ['IPv6 unique-local', 'http://[fd12:3456::1]/a.png'],
    ['carrier-grade NAT', 'http://100.64.0.1/a.png'],
    ['the unspecified address', 'http://0.0.0.0/a.png'],
    ['a host whose name resolves to loopback', 'http://localhost/a.png'],
  ])('refuses %s with 403', async (_label, url) => {
    const answer = await get(strict, url);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'REMOTE_ADDRESS_REFUSED' });
  });

  it('refuses the stand-in host on 127.0.0.1 without asking it', async () => {
    const answer = await get(strict, `${host.origin}/small.png?strict`);
    expect(answer.statusCode).toBe(403);
    expect(host.hits('/small.png?strict')).toBe(0);
  });

  it('counts fetches per reader: past 30 a minute, 429 with Retry-After', async () => {
    const limited = await createTestContext({ ALLOWED_PRIVATE_ADDRESSES: '127.0.0.1', RATE_LIMIT: 'on' });
    try {
      for (let index = 0; index < 30; index += 1) {
        const answer = await get(limited, `${host.origin}/small.png?n=${index}`);
        expect(answer.statusCode).toBe(200);
      }
      const refused = await get(limited, `${host.origin}/small.png?n=30`);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(host.hits('/small.png?n=30')).toBe(0);
      // What is cached is not counted.
      expect((await get(limited, `${host.origin}/small.png?n=0`)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('fetchRemote', () => {
  const allowLocal = new AddressPolicy(['127.0.0.1']);

  it('gives up on an answer that does not come in time', async () => {
    const started = Date.now();
    const failure = await fetchRemote(new URL(`${host.origin}/slow.png`), allowLocal, {
      timeoutMs: 300,
      maxBytes: 1024,
      maxRedirects: 3,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ statusCode: 502, code: 'REMOTE_IMAGE_UNAVAILABLE' });
    expect((failure as HttpError).detail).toBe('problem.remoteImage.slow');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reaches a host by its name when every address of it is allowed', async () => {
    const byName = new URL(`${host.origin}/small.png?by-name`);
    byName.hostname = 'localhost';
    const bytes = await fetchRemote(byName, new AddressPolicy(['127.0.0.1', '::1']), {
      timeoutMs: 5_000,
      maxBytes: 5 * 1024 * 1024,
      maxRedirects: 0,
    });
    expect((await sharp(bytes).metadata()).width).toBe(300);
    expect(host.hits('/small.png?by-name')).toBe(1);
  });
});
