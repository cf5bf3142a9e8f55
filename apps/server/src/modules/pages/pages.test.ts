import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { messages as russianForBrowsers } from '@portfolio-master/i18n/browser-messages/ru';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { createPagesContext, WEB_DIST } from '../../test/pages.js';

let context: TestContext;
let author: TestUser;
let reader: TestUser;
let linktitle: string;
let portfolioId: string;

beforeAll(async () => {
  context = await createPagesContext({ PUBLIC_URL: 'https://portfolio.example.uz' });
  [author, reader] = await Promise.all([signUp(context), signUp(context)]);
  const created = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: { 'x-token': author.token },
    payload: {
      title: 'Ob-havo <ilovasi> & "prognoz"',
      url: 'https://weather.example.uz',
      used: ['React', 'TypeScript'],
      description: '## Imkoniyatlar\n\nToshkent uchun **tezkor** prognoz.',
    },
  });
  expect(created.statusCode).toBe(201);
  linktitle = created.json().linktitle;
  portfolioId = created.json()._id;
});
afterAll(() => context?.close());

const get = (url: string, headers: Record<string, string> = {}, app: FastifyInstance = context.app) =>
  app.inject({ method: 'GET', url, headers });

/** The like count a page shows (React separates adjacent text with comments in server HTML). */
const likesShown = (html: string) => /(\d+)(?:<!-- -->)? (?:<!-- -->)?ta yoqtirish/.exec(html)?.[1];

describe('pages rendered on the server', () => {
  it('answers a list page with its cards, its head and the data the browser hydrates from', async () => {
    const page = await get('/page/1');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('Ob-havo &lt;ilovasi&gt; &amp; &quot;prognoz&quot;');
    expect(page.body).toContain('<link rel="canonical" href="https://portfolio.example.uz/page/1">');
    expect(page.body).toMatch(/<script type="application\/json" id="app-state">\{.*\}<\/script>/);
    // The stylesheet is inline, and the page's JavaScript is the built one.
    expect(page.body).toMatch(/<style>[^<]*--accent/);
    expect(page.body).toMatch(/<script type="module" crossorigin src="\/assets\/app-[\w-]+\.js"><\/script>/);
  });

  it('answers a portfolio with its meta, preview card, JSON-LD and a preload of its chunk', async () => {
    const page = await get(`/portfolio/${encodeURIComponent(linktitle)}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<title>Ob-havo &lt;ilovasi&gt; &amp; &quot;prognoz&quot; | Portfolio Master</title>',
    );
    expect(page.body).toContain(
      '<meta name="description" content="Imkoniyatlar. Toshkent uchun tezkor prognoz.">',
    );
    expect(page.body).toContain(
      `<meta property="og:image" content="https://portfolio.example.uz/og/portfolio/${encodeURIComponent(linktitle)}.png">`,
    );
    expect(page.body).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/portfolio-[\w-]+\.js">/);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.body)![1]!);
    expect(jsonLd).toMatchObject({ '@type': 'CreativeWork', keywords: 'React, TypeScript' });
  });

  it('sends a page only the words of its language it uses: the shell’s and its own, not the whole catalog', async () => {
    const page = await get(`/ru/portfolio/${encodeURIComponent(linktitle)}`);
    const shell =
      /<link rel="modulepreload" crossorigin href="(\/assets\/messages\/ru\/shell-[\w-]+\.js)" id="shell-messages">/.exec(
        page.body,
      )?.[1];
    const own =
      /<link rel="modulepreload" crossorigin href="(\/assets\/messages\/ru\/portfolio-[\w-]+\.js)">/.exec(
        page.body,
      )?.[1];
    expect(shell, page.body).toBeDefined();
    expect(own).toBeDefined();
    // The language's whole catalog (a chunk of its own) is not asked for.
    expect(page.body).not.toMatch(/href="\/assets\/ru-[\w-]+\.js"/);
    const words = async (file: string) => {
      const answer = await get(file);
      expect(answer.statusCode, file).toBe(200);
      const text = answer.body;
      const json = /JSON\.parse\((".*?")\);/.exec(text)![1]!;
      return {
        messages: JSON.parse(JSON.parse(json) as string) as Record<string, unknown>,
        modules: JSON.parse(/export const modules = (\{.*\});/.exec(text)?.[1] ?? '{}') as Record<
          string,
          string
        >,
      };
    };
    const [first, later] = await Promise.all([words(shell!), words(own!)]);
    // The shell names where each later module's words are: the portfolio page's among them.
    expect(first.modules['src/app/routes/portfolio.tsx']).toBe(own);
    // Each part holds words of its own, in Russian; together far fewer than the whole catalog.
    expect(first.messages['nav.home']).toBeDefined();
    expect(first.messages['portfolio.delete']).toBeUndefined();
    expect(later.messages['portfolio.delete']).toBeDefined();
    const sent = Object.keys({ ...first.messages, ...later.messages }).length;
    const whole = Object.keys(russianForBrowsers).length;
    expect(sent).toBeLessThan(whole / 2);
  });

  it('names preview images that are there: 1200×630 PNGs', async () => {
    for (const url of [
      '/page/1',
      `/portfolio/${encodeURIComponent(linktitle)}`,
      `/profile/${author.username}`,
      '/about',
    ]) {
      const page = await get(url);
      const image = /<meta property="og:image" content="https:\/\/portfolio\.example\.uz([^"]+)">/.exec(
        page.body,
      )?.[1];
      expect(image, url).toBeDefined();
      const card = await get(image!.replace(/&amp;/g, '&'));
      expect(card.statusCode, image).toBe(200);
      expect(card.headers['content-type']).toBe('image/png');
    }
  });

  it('answers a profile with ProfilePage data', async () => {
    const page = await get(`/profile/${author.username}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('"@type":"ProfilePage"');
    expect(page.body).toContain(`/profile/${author.username}/feed.xml`);
  });

  it.each([
    '/nima-bu',
    '/portfolio/yoq_narsa',
    '/profile/yoq_odam',
    '/page/999',
    '/page/x',
    '/page/01',
    '/page/0',
  ])('answers %s with 404 and the app’s 404 page', async (url) => {
    const page = await get(url);
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect(page.body).toMatch(/topilmadi/);
  });

  it('answers HEAD as it answers GET, without a body', async () => {
    for (const url of ['/page/1', '/nima-bu', `/portfolio/${encodeURIComponent(linktitle)}`]) {
      const [head, full] = await Promise.all([context.app.inject({ method: 'HEAD', url }), get(url)]);
      expect(head.statusCode, url).toBe(full.statusCode);
      expect(head.headers['content-type'], url).toBe(full.headers['content-type']);
      expect(head.headers['content-length'], url).toBe(full.headers['content-length']);
      expect(head.body, url).toBe('');
    }
  });

  it('sends / to the first page', async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/page/1');
  });

  it('never serves the page template, the build manifest or the render bundle as files', async () => {
    for (const url of [
      '/index.html',
      '/.vite/manifest.json',
      '/entry-server.js',
      '/dist-server/entry-server.js',
    ]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.body, url).not.toContain('<!--app-head-->');
    }
  });
});

describe('the built files', () => {
  const appScript = () => {
    const file = fs.readdirSync(path.join(WEB_DIST, 'assets')).find((name) => /^app-.*\.js$/.test(name))!;
    return { url: `/assets/${file}`, content: fs.readFileSync(path.join(WEB_DIST, 'assets', file), 'utf8') };
  };

  it('sends the precompressed brotli or gzip copy, or the plain file, cached for a year', async () => {
    const { url, content } = appScript();
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(content);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(content);
    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(content);
  });

  it('answers a missing asset and the compressed copies’ own names with a plain 404', async () => {
    const { url } = appScript();
    for (const missing of ['/assets/app-0000.js', `${url}.br`, `${url}.gz`]) {
      const response = await get(missing);
      expect(response.statusCode, missing).toBe(404);
      expect(response.body, missing).not.toContain('<!doctype html>');
    }
    const favicon = await get('/favicon.svg');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker, the manifest, its icons and the offline page, always revalidated', async () => {
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    // A new build reaches readers at their next visit, never a year later.
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toContain('offline.html');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const icons = (manifest.json() as { icons: { src: string }[] }).icons;
    expect(icons.length).toBe(3);
    for (const icon of icons) expect((await get(icon.src)).headers['content-type']).toBe('image/png');
    const offline = await get('/offline.html');
    expect(offline.statusCode).toBe(200);
    expect(offline.body).toContain('Internet yo‘q');
    // Every page names the manifest.
    expect((await get('/page/1')).body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });
});

describe('rendered pages cached as ready bytes', () => {
  it('answers again from the cached bytes, with 304 for a matching ETag and br or gzip on request', async () => {
    const first = await get('/page/1');
    const second = await get('/page/1');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toBe(first.body);
    const notModified = await get('/page/1', { 'if-none-match': String(first.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    const br = await get('/page/1', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const gzip = await get('/page/1', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(first.body);
    expect(br.headers.vary).toMatch(/accept-encoding/);
  });

  it('drops a cached page when a like changes what it shows, before the liker gets the answer', async () => {
    const url = `/portfolio/${encodeURIComponent(linktitle)}`;
    const before = await get(url);
    const likes = Number(likesShown(before.body));
    const like = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/like/${portfolioId}`,
      headers: { 'x-token': reader.token },
    });
    expect(like.statusCode).toBe(200);
    const after = await get(url);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(likesShown(after.body)).toBe(String(likes + 1));
    const list = await get('/page/1');
    expect(likesShown(list.body)).toBe(String(likes + 1));
  });

  it('shows a new portfolio on the list and a renamed author everywhere at once', async () => {
    await get('/page/1');
    const created = await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/create',
      headers: { 'x-token': reader.token },
      payload: { title: 'Yangi loyiha', url: 'https://new.example.uz', used: ['Go'] },
    });
    expect(created.statusCode).toBe(201);
    expect((await get('/page/1')).body).toContain('Yangi loyiha');
    const renamed = await call(context.app, {
      method: 'PUT',
      url: '/api/user/me/update',
      headers: { 'x-token': author.token },
      payload: { firstname: 'Yangiism' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await get(`/portfolio/${encodeURIComponent(linktitle)}`)).body).toContain('Yangiism');
  });
});

describe('the log of a rendered page', () => {
  it('has the page’s own request, not the API reads made to render it', async () => {
    const { logged, base, framework } = await listening();
    try {
      expect((await fetch(`${base}/page/1`)).status).toBe(200);
      expect(framework()).toEqual(['/page/1']);
    } finally {
      await logged.close();
    }
  });
});

/** A site of its own on a real connection, with the addresses of the requests its framework logged. */
async function listening() {
  const lines: { msg?: string; req?: { url?: string } }[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) };
  const logged = await createTestContext(
    { WEB_DIST, LOG_LEVEL: 'info' },
    { logger: { level: 'info', stream } },
  );
  await logged.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = logged.app.server.address() as { port: number };
  const framework = () =>
    lines.filter((line) => line.msg === 'incoming request').map((line) => line.req?.url);
  return { logged, base: `http://127.0.0.1:${port}`, framework };
}

describe('a page sent again', () => {
  it('goes out from its kept bytes before the framework, as the first did, until a write or a minute', async () => {
    const { logged, base, framework } = await listening();
    try {
      const url = `${base}/page/1`;
      const fetchPage = async (headers: Record<string, string> = {}) => {
        const response = await fetch(url, { headers });
        return { response, body: await response.text() };
      };
      // Signing up changes the list page's people card: first, before the page is made.
      const viewer = await signUp(logged);
      const first = await fetchPage();
      const again = await fetchPage();
      // Only the first went through the framework.
      expect(framework()).toEqual(['/page/1']);
      expect(again.body).toBe(first.body);
      for (const name of [
        'content-type',
        'content-language',
        'etag',
        'cache-control',
        'vary',
        'content-security-policy',
        'x-frame-options',
        'access-control-allow-origin',
      ]) {
        expect(again.response.headers.get(name), name).toBe(first.response.headers.get(name));
      }
      expect(again.response.headers.get('x-request-id')).not.toBe(first.response.headers.get('x-request-id'));
      const notModified = await fetch(url, {
        headers: { 'if-none-match': first.response.headers.get('etag')! },
      });
      expect(notModified.status).toBe(304);
      // A signed-in visitor's browser is sent the same page: it is the same for everyone.
      expect((await fetchPage({ 'x-token': viewer.token })).body).toBe(first.body);
      expect(framework()).toEqual(['/page/1']);

      // A write the page was made from: the next visitor gets it made anew, then kept again.
      const created = await call(logged.app, {
        method: 'POST',
        url: '/api/portfolio/create',
        headers: { 'x-token': viewer.token },
        payload: { title: 'Yangi saqlangan sahifa', url: 'https://kept.example.uz', used: ['Go'] },
      });
      expect(created.statusCode).toBe(201);
      const made = await fetchPage();
      expect(made.body).toContain('Yangi saqlangan sahifa');
      expect(framework()).toEqual(['/page/1', '/page/1']);
      expect((await fetchPage()).body).toBe(made.body);
      expect(framework()).toHaveLength(2);

      // Relative dates age: a kept page goes back to the framework a minute after it was rendered.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
      await fetchPage();
      expect(framework()).toHaveLength(3);
    } finally {
      vi.useRealTimers();
      await logged.close();
    }
  });
});

describe('two instances behind one database', () => {
  it('drops a page cached by one instance when the other records a write (Redis pub/sub)', async () => {
    const redisUrl = 'redis://127.0.0.1:6379';
    const shared = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: context.database.url,
      SMTP_URL: 'smtp://127.0.0.1:1',
      UPLOAD_DIR: context.config.uploadDir,
      MAIL_DIR: context.config.mailDir,
      PUBLIC_URL: 'https://portfolio.example.uz',
      RATE_LIMIT: 'off',
      SEED_DEMO: 'off',
      LOG_LEVEL: 'silent',
      WEB_DIST,
      REDIS_URL: redisUrl,
    });
    const first = await buildApp(shared);
    const second = await buildApp(shared);
    try {
      const url = `/portfolio/${encodeURIComponent(linktitle)}`;
      const before = await get(url, {}, second);
      const likes = Number(likesShown(before.body));
      expect((await get(url, {}, second)).headers.etag).toBe(before.headers.etag);
      const like = await first.inject({
        method: 'PUT',
        url: `/api/portfolio/like/${portfolioId}`,
        headers: { 'x-token': author.token, accept: 'application/json' },
      });
      expect(like.statusCode).toBe(200);
      let shown: string | undefined;
      for (let attempt = 0; attempt < 50 && shown !== String(likes + 1); attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        shown = likesShown((await get(url, {}, second)).body);
      }
      expect(shown).toBe(String(likes + 1));
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
