import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/app.js';

// A built web app as Vite leaves it: hashed files under assets/, each text file with .br and .gz beside it.
const INDEX = `<!doctype html><title>Portfolio Master</title><script src="/assets/app-3f9a.js"></script>${' '.repeat(2000)}`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

function writeCompressed(file: string, content: string) {
  fs.writeFileSync(file, content);
  // Different bytes from what on-the-fly compression would give, so the test can tell which was sent.
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 1 }));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
}

let context: TestContext;
beforeAll(async () => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  writeCompressed(path.join(webDist, 'index.html'), INDEX);
  writeCompressed(path.join(webDist, 'assets', 'app-3f9a.js'), SCRIPT);
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // Left by an older build: the server answers robots.txt itself now.
  fs.writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\nDisallow:\n');
  context = await createTestContext({ WEB_DIST: webDist });
  return () => fs.rmSync(webDist, { recursive: true, force: true });
});
afterAll(() => context?.close());

const get = (url: string, acceptEncoding?: string) =>
  context.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the built web app', () => {
  it('sends the precompressed brotli file to clients that accept it', async () => {
    const response = await get('/assets/app-3f9a.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip file when brotli is not accepted, and the plain file when nothing is', async () => {
    const gzip = await get('/assets/app-3f9a.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-3f9a.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('caches hashed assets for a year and makes index.html revalidate', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const asset = await get('/assets/app-3f9a.js', encoding);
      expect(asset.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
    for (const url of [
      '/',
      '/index.html',
      '/page/2?filter=React',
      '/portfolio/ali_Sayt/edit',
      '/favicon.svg',
    ]) {
      const page = await get(url, 'br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('falls back to the compressed index.html for client routes', async () => {
    const page = await get('/profile/ali', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
  });

  it('answers HEAD for client routes as it answers GET, without a body', async () => {
    const head = await context.app.inject({ method: 'HEAD', url: '/page/1' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.body).toBe('');
  });

  it('answers a missing asset with 404 instead of index.html', async () => {
    const missing = await get('/assets/app-0000.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<!doctype html>');
  });

  it('does not serve the compressed copies under their own names', async () => {
    for (const url of ['/assets/app-3f9a.js.br', '/assets/app-3f9a.js.gz']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('answers robots.txt itself, whatever an old build left', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Sitemap: http://localhost:5173/sitemap.xml');
  });
});
