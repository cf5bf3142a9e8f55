import zlib from 'node:zlib';
import { LOCALE_INFO, LOCALES, localizePath } from '@portfolio-master/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { translator } from '../../lib/translators.js';
import {
  ATOM,
  childText,
  expectValidSitemap,
  expectWellFormed,
  parseAtom,
  parseXml,
  sitemapEntries,
  type SitemapUrl,
} from '../../test/xml.js';

/*
 * robots.txt, the sitemap and the Atom feeds, through the real app. The sitemap's per-file limit is 16
 * URLs here (four pages in four languages), so that a handful of portfolios is enough to turn
 * /sitemap.xml into an index.
 */

const PUBLIC = 'http://localhost:5173';
const URLS_PER_FILE = 20;

let context: TestContext;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  context = await createTestContext({}, { feeds: { sitemapLimits: { urlsPerFile: URLS_PER_FILE } } });
  [alice, bob, carol] = await Promise.all([
    signUp(context, { firstname: 'Alisher', lastname: 'Navoiy' }),
    signUp(context, { firstname: 'Bobur', lastname: 'Mirzo' }),
    signUp(context, { firstname: 'Karim', lastname: 'Oripov' }),
  ]);
});
afterAll(() => context?.close());

interface Portfolio {
  _id: string;
  linktitle: string;
  title: string;
  used: string[];
  date: string;
  updatedAt: string;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers });

async function create(user: TestUser, body: Record<string, unknown> = {}): Promise<Portfolio> {
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: { 'x-token': user.token },
    payload: { title: 'Kutubxona tizimi', url: 'https://lib.example.uz', used: ['React'], ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const portfolioUrl = (portfolio: Portfolio) =>
  `${PUBLIC}/portfolio/${encodeURIComponent(portfolio.linktitle)}`;
const profileUrl = (user: TestUser) => `${PUBLIC}/profile/${user.username}`;

/** A page's address (its Latin Uzbek one) in each of the four languages. */
const inEveryLanguage = (url: string) =>
  LOCALES.map((locale) => PUBLIC + localizePath(locale, url.slice(PUBLIC.length)));

/**
 * Each page of the sitemap is there once in each language, and each of its four `<url>`s names the same
 * five alternates: the four languages' addresses, its own among them, and x-default, the Latin one.
 */
function expectEveryLanguage(urls: readonly SitemapUrl[]): void {
  const pages = new Map<string, SitemapUrl[]>();
  for (const url of urls) {
    const fallback = url.alternates['x-default']!;
    pages.set(fallback, [...(pages.get(fallback) ?? []), url]);
  }
  for (const [fallback, versions] of pages) {
    expect(versions.map((version) => version.loc).sort(), fallback).toEqual(inEveryLanguage(fallback).sort());
    const expected = {
      ...Object.fromEntries(
        LOCALES.map((locale) => [
          LOCALE_INFO[locale].tag,
          PUBLIC + localizePath(locale, fallback.slice(PUBLIC.length)),
        ]),
      ),
      'x-default': fallback,
    };
    for (const version of versions) {
      expect(version.alternates, version.loc).toEqual(expected);
      expect(version.lastmod, version.loc).toBe(versions[0]!.lastmod);
    }
  }
}

/** Every URL of the sitemap, following the index when there is one; each file validated on the way. */
async function sitemapUrls(): Promise<{ urls: SitemapUrl[]; index: SitemapUrl[] | undefined }> {
  const response = await get('/sitemap.xml');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  if (!response.body.includes('<sitemapindex')) {
    await expectValidSitemap(response.body, 'sitemap');
    const urls = sitemapEntries(response.body);
    expectEveryLanguage(urls);
    return { urls, index: undefined };
  }
  await expectValidSitemap(response.body, 'siteindex');
  const index = sitemapEntries(response.body);
  const urls: SitemapUrl[] = [];
  for (const file of index) {
    expect(file.loc.startsWith(`${PUBLIC}/sitemaps/`)).toBe(true);
    const part = await get(file.loc.slice(PUBLIC.length));
    expect(part.statusCode).toBe(200);
    await expectValidSitemap(part.body, 'sitemap');
    const entries = sitemapEntries(part.body);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.length).toBeLessThanOrEqual(URLS_PER_FILE);
    // A page's languages stay together in one file.
    expect(entries.length % LOCALES.length).toBe(0);
    expectEveryLanguage(entries);
    // A file's lastmod in the index is the newest of its URLs'.
    const newest = entries.map((entry) => entry.lastmod ?? '').reduce((a, b) => (a > b ? a : b), '');
    expect(file.lastmod ?? '').toBe(newest);
    urls.push(...entries);
  }
  return { urls, index };
}

const lastmods = (urls: readonly SitemapUrl[]) => new Map(urls.map((url) => [url.loc, url.lastmod]));

/** RFC 9309 matching: the longest matching rule wins, Allow on a tie; `*` is any run, `$` the end. */
function allowedByRobots(robots: string, path: string): boolean {
  let best: { allow: boolean; length: number } | undefined;
  for (const line of robots.split('\n')) {
    const rule = /^(allow|disallow):\s*(\S*)$/i.exec(line.trim());
    if (!rule || rule[2] === '') continue;
    const pattern = rule[2]!;
    const source = pattern
      .split('*')
      .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')
      .replace(/\\\$$/, '$');
    if (!new RegExp(`^${source}`).test(path)) continue;
    const allow = rule[1]!.toLowerCase() === 'allow';
    if (!best || pattern.length > best.length || (pattern.length === best.length && allow)) {
      best = { allow, length: pattern.length };
    }
  }
  return best?.allow ?? true;
}

describe('robots.txt', () => {
  it('lets crawlers read the public pages, keeps them out of the rest and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const robots = response.body;
    expect(robots.split('\n')[0]).toBe('User-agent: *');
    expect(robots).toContain(`\nSitemap: ${PUBLIC}/sitemap.xml\n`);

    const open = [
      '/',
      '/page/1',
      '/page/7?filter=React,TypeScript',
      '/portfolio/ali_Kutubxona',
      '/profile/ali',
      '/about',
      '/people',
      '/feed.xml',
      '/technology/React/feed.xml',
      '/image/abc.webp?w=512',
      '/sitemap.xml',
    ];
    const closed = [
      '/api/portfolio?page=1',
      '/api/docs',
      '/create',
      '/auth/login',
      '/auth/register/emailverification',
      '/profile',
      '/profile/',
      '/portfolio/ali_Kutubxona/edit',
      '/page/1?q=kitob',
      '/page/2?filter=React&q=kitob',
      '/people?q=ali',
    ];
    for (const path of open) expect(allowedByRobots(robots, path), path).toBe(true);
    for (const path of closed) expect(allowedByRobots(robots, path), path).toBe(false);
  });

  it('answers HEAD with the headers of GET', async () => {
    const [full, head] = await Promise.all([
      get('/robots.txt'),
      context.app.inject({ method: 'HEAD', url: '/robots.txt' }),
    ]);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['content-type', 'content-length', 'etag', 'cache-control']) {
      expect(head.headers[name], name).toBe(full.headers[name]);
    }
    expect(Number(head.headers['content-length'])).toBe(full.rawPayload.length);
  });
});

describe('the sitemap', () => {
  let first: Portfolio;

  it('is one file while every URL fits, with portfolios, profiles of authors, the list and about', async () => {
    first = await create(alice, { title: 'Kutubxona tizimi' });
    const { urls, index } = await sitemapUrls();
    expect(index).toBeUndefined();
    expect(urls.map((url) => url.loc).sort()).toEqual(
      [`${PUBLIC}/page/1`, `${PUBLIC}/about`, `${PUBLIC}/people`, portfolioUrl(first), profileUrl(alice)]
        .flatMap(inEveryLanguage)
        .sort(),
    );
    const byLoc = lastmods(urls);
    expect(byLoc.get(portfolioUrl(first))).toBe(first.updatedAt);
    // The profile changed last when its newest portfolio did (the account is older).
    expect(byLoc.get(profileUrl(alice))).toBe(first.updatedAt);
    expect(byLoc.get(`${PUBLIC}/page/1`)).toBe(first.updatedAt);
    // Bob has no portfolio: his profile is an empty page and stays out.
    expect(urls.some((url) => url.alternates['x-default'] === profileUrl(bob))).toBe(false);

    const file = await get('/sitemaps/portfolios-1.xml', { accept: 'application/json' });
    expect(file.statusCode).toBe(404);
  });

  it('becomes an index past the per-file limit, whose files list every URL exactly once', async () => {
    const more = [
      await create(alice, { title: 'Ob-havo boti' }),
      await create(alice, { title: 'Ob-havo boti' }),
      await create(alice, { title: 'Kitob do‘koni', used: ['Vue'] }),
      await create(carol, { title: 'Телеграм боти', used: ['Питон'] }),
      await create(carol, { title: 'Chat (beta) 100%?', used: ['Питон', 'React'] }),
    ];
    const { urls, index } = await sitemapUrls();
    expect(index!.map((file) => file.loc)).toEqual([
      `${PUBLIC}/sitemaps/pages-1.xml`,
      `${PUBLIC}/sitemaps/portfolios-1.xml`,
      `${PUBLIC}/sitemaps/portfolios-2.xml`,
      `${PUBLIC}/sitemaps/profiles-1.xml`,
    ]);
    const expected = [
      `${PUBLIC}/page/1`,
      `${PUBLIC}/about`,
      `${PUBLIC}/people`,
      ...[first, ...more].map(portfolioUrl),
      profileUrl(alice),
      profileUrl(carol),
    ].flatMap(inEveryLanguage);
    const locs = urls.map((url) => url.loc);
    expect(locs).toHaveLength(expected.length);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.sort()).toEqual(expected.sort());
    // Non-ASCII linktitles arrive percent-encoded.
    for (const loc of locs) expect(loc).toMatch(/^[\x21-\x7e]+$/);
    expect(locs).toContain(`${PUBLIC}/portfolio/${encodeURIComponent(more[3]!.linktitle)}`);
    expect(locs).toContain(`${PUBLIC}/ru/portfolio/${encodeURIComponent(more[3]!.linktitle)}`);
  });

  it('moves a lastmod when its portfolio or its author changes, at once', async () => {
    const before = lastmods((await sitemapUrls()).urls);
    const etag = (await get('/sitemap.xml')).headers.etag;

    const updated = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/update/${first._id}`,
      headers: { 'x-token': alice.token },
      payload: { title: 'Kutubxona tizimi 2' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const updatedAt = updated.json<Portfolio>().updatedAt;
    expect(updatedAt > first.updatedAt).toBe(true);
    const afterUpdate = lastmods((await sitemapUrls()).urls);
    expect(afterUpdate.get(portfolioUrl(first))).toBe(updatedAt);
    expect(afterUpdate.get(profileUrl(alice))).toBe(updatedAt);
    expect(afterUpdate.get(profileUrl(carol))).toBe(before.get(profileUrl(carol)));
    expect((await get('/sitemap.xml')).headers.etag).not.toBe(etag);

    const renamed = await call(context.app, {
      method: 'PUT',
      url: '/api/user/me/update',
      headers: { 'x-token': carol.token },
      payload: { lastname: 'Oripova' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const afterRename = lastmods((await sitemapUrls()).urls);
    expect(afterRename.get(profileUrl(carol))! > before.get(profileUrl(carol))!).toBe(true);
    expect(afterRename.get(portfolioUrl(first))).toBe(updatedAt);
  });

  it('answers If-None-Match with 304, and HEAD with the headers of GET', async () => {
    for (const url of ['/sitemap.xml', '/sitemaps/portfolios-1.xml']) {
      const response = await get(url);
      const etag = response.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);

      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await get(url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
      expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);

      const head = await context.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      for (const name of ['content-type', 'content-length', 'etag', 'cache-control']) {
        expect(head.headers[name], `${url} ${name}`).toBe(response.headers[name]);
      }
    }
  });

  it('keeps a file of the index compressed: gzip to any client that takes it, text to one that does not', async () => {
    const text = await get('/sitemaps/portfolios-1.xml', { 'accept-encoding': 'identity' });
    expect(text.headers['content-encoding']).toBeUndefined();
    for (const accepted of ['gzip, deflate, br', 'br;q=1, gzip;q=0.5', 'gzip']) {
      const packed = await get('/sitemaps/portfolios-1.xml', { 'accept-encoding': accepted });
      expect(packed.headers['content-encoding'], accepted).toBe('gzip');
      expect(zlib.gunzipSync(packed.rawPayload).toString()).toBe(text.body);
      expect(packed.headers.etag).not.toBe(text.headers.etag);
      expect(Number(packed.headers['content-length'])).toBe(packed.rawPayload.length);
    }
    const brotliOnly = await get('/sitemaps/portfolios-1.xml', { 'accept-encoding': 'br, gzip;q=0' });
    expect(brotliOnly.headers['content-encoding']).toBeUndefined();
    expect(brotliOnly.body).toBe(text.body);
  });

  it('stays valid with a portfolio whose title and technology hold markup and control characters', async () => {
    const hostile = await create(bob, {
      title: '<script>alert("x")</script> & ]]> \u0007qo‘ng‘iroq\uFFFE!',
      used: ['R&D <b>'],
    });
    const { urls } = await sitemapUrls();
    expect(urls.map((url) => url.loc)).toContain(portfolioUrl(hostile));
    expect(urls.map((url) => url.loc)).toContain(profileUrl(bob));
  });
});

describe('Atom feeds', () => {
  it('the site feed: the newest portfolios, with everything RFC 4287 asks for', async () => {
    const response = await get('/feed.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    await expectWellFormed(response.body);
    const feed = parseAtom(response.body);
    expect(feed.title).toBe('Portfolio Master — yangi portfoliolar');
    expect(feed.id).toBe(`${PUBLIC}/feed.xml`);
    expect(feed.self).toBe(`${PUBLIC}/feed.xml`);
    expect(feed.alternate).toBe(`${PUBLIC}/page/1`);

    const all = (await call(context.app, { method: 'GET', url: '/api/portfolio/all' })).json<Portfolio[]>();
    expect(feed.entries.map((entry) => entry.link)).toEqual(all.map(portfolioUrl));
    expect(feed.entries.map((entry) => entry.published)).toEqual(all.map((portfolio) => portfolio.date));
    expect(feed.entries.map((entry) => entry.categories)).toEqual(all.map((portfolio) => portfolio.used));
    expect(new Set(feed.entries.map((entry) => entry.id)).size).toBe(all.length);
    for (const entry of feed.entries)
      expect(entry.id).toMatch(/^tag:localhost,\d{4}-\d\d-\d\d:portfolio\/[0-9a-f]{24}$/);
    const newest = all.map((portfolio) => portfolio.updatedAt).reduce((a, b) => (a > b ? a : b));
    expect(feed.updated).toBe(newest);

    const byAlice = feed.entries.find((entry) => entry.title === 'Ob-havo boti')!;
    expect(byAlice.authorName).toBe('Alisher Navoiy');
    expect(byAlice.authorUri).toBe(profileUrl(alice));
  });

  it('keeps hostile titles and technology names as text, and the document well-formed', async () => {
    const response = await get('/feed.xml');
    expect(response.body).not.toContain('<script>');
    expect(response.body).not.toContain(']]>');
    expect(response.body).not.toContain('\u0007');
    await expectWellFormed(response.body);
    const entry = parseAtom(response.body).entries.find((item) => item.title.includes('alert'))!;
    expect(entry.title).toBe('<script>alert("x")</script> & ]]> qo‘ng‘iroq!');
    expect(entry.categories).toEqual(['R&D <b>']);
  });

  it('summarises the Markdown description as plain text of about 300 characters', async () => {
    const description = [
      '# Loyiha haqida',
      '',
      '**Qalin** matn, _qiya_ matn va [havola](https://example.uz/yashirin) hamda `kod`.',
      '',
      '```js',
      'console.log("blokdagi kod");',
      '```',
      '',
      '![rasm](https://example.uz/rasm.png)',
      '',
      '- birinchi',
      '- ikkinchi &amp; uchinchi',
      '',
      '<div onclick="x()">HTML <b>blok</b></div>',
      '',
      `${'uzun jumla '.repeat(60)}oxiri`,
    ].join('\n');
    const portfolio = await create(alice, { title: 'Markdown tavsifi', description });
    const feed = parseAtom((await get('/feed.xml')).body);
    const entry = feed.entries.find((item) => item.link === portfolioUrl(portfolio))!;
    expect(entry.summary.startsWith('Loyiha haqida. Qalin matn, qiya matn va havola hamda kod.')).toBe(true);
    expect(entry.summary).toContain('rasm. birinchi. ikkinchi & uchinchi. HTML blok. uzun jumla');
    for (const hidden of ['https://', 'console.log', '**', '`', '#', '<', 'onclick', 'oxiri']) {
      expect(entry.summary, hidden).not.toContain(hidden);
    }
    expect(Array.from(entry.summary).length).toBeLessThanOrEqual(300);
    expect(Array.from(entry.summary).length).toBeGreaterThan(250);
    expect(entry.summary.endsWith('…')).toBe(true);
  });

  it('a technology feed, by the name the list filter takes, in any case and in Cyrillic', async () => {
    const response = await get(`/technology/${encodeURIComponent('пИТОН')}/feed.xml`);
    expect(response.statusCode).toBe(200);
    await expectWellFormed(response.body);
    const feed = parseAtom(response.body);
    expect(feed.title).toBe('Питон — Portfolio Master');
    expect(feed.self).toBe(`${PUBLIC}/technology/${encodeURIComponent('Питон')}/feed.xml`);
    expect(feed.alternate).toBe(`${PUBLIC}/page/1?filter=${encodeURIComponent('Питон')}`);
    expect(feed.entries.map((entry) => entry.title)).toEqual(['Chat (beta) 100%?', 'Телеграм боти']);

    const react = parseAtom((await get('/technology/REACT/feed.xml')).body);
    expect(react.entries.length).toBeGreaterThan(2);
    for (const entry of react.entries) expect(entry.categories).toContain('React');

    const escaped = await get(`/technology/${encodeURIComponent('r&d <B>')}/feed.xml`);
    expect(parseAtom(escaped.body).title).toBe('R&D <b> — Portfolio Master');
  });

  it('a profile feed: one author’s portfolios, with the author on the feed', async () => {
    const response = await get(`/profile/${alice.username.toUpperCase()}/feed.xml`);
    expect(response.statusCode).toBe(200);
    await expectWellFormed(response.body);
    const feed = parseAtom(response.body);
    expect(feed.title).toBe('Alisher Navoiy — Portfolio Master');
    expect(feed.authorName).toBe('Alisher Navoiy');
    expect(feed.self).toBe(`${PUBLIC}/profile/${alice.username}/feed.xml`);
    expect(feed.alternate).toBe(profileUrl(alice));
    expect(feed.entries).toHaveLength(5);
    for (const entry of feed.entries) expect(entry.authorUri).toBe(profileUrl(alice));

    const stranger = await signUp(context);
    const empty = parseAtom((await get(`/profile/${stranger.username}/feed.xml`)).body);
    expect(empty.entries).toEqual([]);
  });

  it.each([
    ['ru', '/feed.xml', 'atom.site'],
    ['en', '/technology/React/feed.xml', 'atom.technology'],
    ['uz-Cyrl', `/profile/{alice}/feed.xml`, 'atom.profile'],
  ] as const)(
    'in %s: %s with the language’s words and addresses, what people wrote as written',
    async (locale, path, key) => {
      const own = path.replace('{alice}', alice.username);
      const latin = parseAtom((await get(own)).body);
      const response = await get(localizePath(locale, own));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      await expectWellFormed(response.body);
      const feed = parseAtom(response.body);
      const root = parseXml(response.body).documentElement!;
      expect(root.getAttribute('xml:lang')).toBe(LOCALE_INFO[locale].tag);
      const { t } = translator(locale);
      const values = {
        'atom.site': {},
        'atom.technology': { name: 'React' },
        'atom.profile': { name: 'Alisher Navoiy', username: alice.username },
      }[key];
      expect(feed.title).toBe(t(`${key}.title`, values));
      expect(childText(root, ATOM, 'subtitle')).toBe(t(`${key}.subtitle`, values));
      expect(childText(root, ATOM, 'subtitle')).not.toBe(translator('uz-Latn').t(`${key}.subtitle`, values));
      const prefix = `${PUBLIC}${LOCALE_INFO[locale].prefix}`;
      expect(feed.id).toBe(`${prefix}${own}`);
      expect(feed.self).toBe(`${prefix}${own}`);
      expect(feed.alternate.startsWith(`${prefix}/`)).toBe(true);
      // The same portfolios, as the same entries, at the language's addresses.
      expect(feed.entries.map((entry) => entry.id)).toEqual(latin.entries.map((entry) => entry.id));
      expect(feed.entries.map((entry) => entry.title)).toEqual(latin.entries.map((entry) => entry.title));
      expect(feed.entries.map((entry) => entry.link)).toEqual(
        latin.entries.map((entry) => `${prefix}${entry.link.slice(PUBLIC.length)}`),
      );
      for (const entry of feed.entries) expect(entry.authorUri.startsWith(`${prefix}/profile/`)).toBe(true);
      // Each language is a document of its own.
      expect(response.headers.etag).not.toBe((await get(own)).headers.etag);
    },
  );

  it('unknown technologies and users are 404 problem documents', async () => {
    for (const [url, detail] of [
      ['/technology/Kobol/feed.xml', 'Texnologiya topilmadi'],
      [`/technology/${encodeURIComponent('x'.repeat(60))}/feed.xml`, 'Texnologiya topilmadi'],
      ['/profile/hech_kim/feed.xml', 'Foydalanuvchi topilmadi'],
      ['/profile/%00/feed.xml', 'Foydalanuvchi topilmadi'],
      ['/sitemaps/portfolios-9.xml', 'Bunday sitemap fayli yo‘q'],
    ] as const) {
      const response = await get(url, { accept: 'application/json' });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(response.json()).toMatchObject({ status: 404, code: 'NOT_FOUND', detail });
    }
  });

  it('holds at most 30 entries, and shows a new portfolio at once', async () => {
    const before = parseAtom((await get('/feed.xml')).body);
    const created: Portfolio[] = [];
    for (let n = before.entries.length; n <= 30; n += 1) {
      created.push(await create(carol, { title: `Loyiha raqami ${n}`, used: ['Go'] }));
    }
    const after = parseAtom((await get('/feed.xml')).body);
    expect(after.entries).toHaveLength(30);
    expect(after.entries[0]!.link).toBe(portfolioUrl(created.at(-1)!));
  });

  it('answers If-None-Match with 304, compresses for clients that ask, and HEAD matches GET', async () => {
    for (const url of ['/feed.xml', '/technology/react/feed.xml', `/profile/${alice.username}/feed.xml`]) {
      const plain = await get(url, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const etag = plain.headers.etag as string;
      const notModified = await get(url, { 'if-none-match': etag });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');

      const brotli = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
      const gzip = await get(url, { 'accept-encoding': 'br;q=0, gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      expect(new Set([etag, brotli.headers.etag, gzip.headers.etag]).size).toBe(3);
      // A copy of any encoding is still fresh.
      expect((await get(url, { 'if-none-match': gzip.headers.etag as string })).statusCode).toBe(304);

      const head = await context.app.inject({
        method: 'HEAD',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      for (const name of ['content-type', 'content-length', 'content-encoding', 'etag', 'vary']) {
        expect(head.headers[name], `${url} ${name}`).toBe(brotli.headers[name]);
      }
    }
  });
});
