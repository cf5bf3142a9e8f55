import { LOCALE_INFO, LOCALES, localizePath, type MessageKey } from '@portfolio-master/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../lib/translators.js';
import { call, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { createLibraryPortfolio, createPagesContext } from '../../test/pages.js';

/* Every public page in each of the four languages, the site's root, and the language switch. */

const PUBLIC = 'https://portfolio.example.uz';

let context: TestContext;
let author: TestUser;
let linktitle: string;

beforeAll(async () => {
  // Behind a proxy that says the reader came over https, as in production.
  context = await createPagesContext({ PUBLIC_URL: PUBLIC, TRUST_PROXY: 'true' });
  author = await signUp(context, { firstname: 'Shoxrux', lastname: 'Karimov' });
  linktitle = await createLibraryPortfolio(context, author);
});
afterAll(() => context?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers });

const langOf = (html: string) => /<html lang="([^"]+)">/.exec(html)?.[1];

/** The page as a reader sees its text: entities read, and React's separators between texts gone. */
const shown = (html: string) =>
  html.replaceAll('<!-- -->', '').replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => {
    const characters: Record<string, string> = {
      amp: '&',
      lt: '<',
      gt: '>',
      quot: '"',
      '#39': "'",
      '#x27': "'",
    };
    return characters[name]!;
  });

/** Whether the page shows `words` as words of their own, not as part of longer ones. */
const showsWords = (text: string, words: string) =>
  new RegExp(`(?<![\\p{L}])${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').test(text);

/** The `hreflang` links of a page, by language tag. */
function alternatesOf(html: string): Map<string, string> {
  const links = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)];
  return new Map(links.map((link) => [link[1]!, link[2]!.replaceAll('&amp;', '&')]));
}

const canonicalOf = (html: string) =>
  /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1]?.replaceAll('&amp;', '&');

interface PublicPage {
  kind: string;
  /** The page's own path (its address in Latin Uzbek). */
  path: () => string;
  status: 200 | 404;
  /** Texts of the site this page shows, in a language. */
  texts: (t: (key: MessageKey, values?: Record<string, string | number>) => string) => string[];
}

const PAGES: PublicPage[] = [
  {
    kind: 'list',
    path: () => '/page/1',
    status: 200,
    texts: (t) => [t('list.sorts.discussed'), t('site.description')],
  },
  {
    kind: 'portfolio',
    path: () => `/portfolio/${encodeURIComponent(linktitle)}`,
    status: 200,
    texts: (t) => [t('portfolio.technologies'), t('portfolio.description')],
  },
  {
    kind: 'profile',
    path: () => `/profile/${author.username}`,
    status: 200,
    texts: (t) => [
      `${t('user.profileTitle', { name: 'Shoxrux Karimov' })} | ${t('site.name')}`,
      t('user.portfolios', { count: 1 }),
    ],
  },
  {
    kind: 'about',
    path: () => '/about',
    status: 200,
    texts: (t) => [t('about.title'), t('about.visitorsTitle')],
  },
  {
    kind: 'technology filter',
    path: () => '/page/1?filter=React',
    status: 200,
    texts: (t) => [t('list.filterDescription', { technologies: 'React', total: 1 })],
  },
  {
    kind: '404',
    path: () => '/nima-bu',
    status: 404,
    texts: (t) => [t('notFound.title'), t('notFound.text')],
  },
];

const CASES = PAGES.flatMap((page) => LOCALES.map((locale) => [page.kind, locale, page] as const));

describe('every public page in each language', () => {
  it.each(CASES)('%s in %s: its language’s tag, texts and alternates', async (_, locale, page) => {
    const address = localizePath(locale, page.path());
    const response = await get(address);
    expect(response.statusCode, address).toBe(page.status);
    const { tag } = LOCALE_INFO[locale];
    expect(langOf(response.body)).toBe(tag);
    expect(response.headers['content-language']).toBe(tag);
    // The address alone decides the page: caches need not keep a copy per cookie or browser language.
    expect(String(response.headers.vary ?? '')).not.toMatch(/cookie|accept-language/);

    const text = shown(response.body);
    const own = page.texts(translator(locale).t);
    for (const expected of own) expect(showsWords(text, expected), `${address}: ${expected}`).toBe(true);
    for (const other of LOCALES.filter((language) => language !== locale)) {
      for (const [index, foreign] of page.texts(translator(other).t).entries()) {
        if (foreign === own[index]) continue;
        expect(showsWords(text, foreign), `${address} shows ${other}: ${foreign}`).toBe(false);
      }
    }
    // What people wrote stays as written.
    if (page.kind === 'portfolio') {
      expect(showsWords(text, 'Yangi kutubxona sayti')).toBe(true);
      expect(showsWords(text, 'Toshkent kitobxonlari uchun.')).toBe(true);
    }

    const alternates = alternatesOf(response.body);
    if (page.status !== 200) {
      expect(alternates.size).toBe(0);
      return;
    }
    const ownPath = page.path();
    expect(canonicalOf(response.body)).toBe(PUBLIC + localizePath(locale, ownPath));
    // All four and x-default (the Latin address), the same set on every language's page.
    expect(Object.fromEntries(alternates)).toEqual({
      ...Object.fromEntries(
        LOCALES.map((language) => [LOCALE_INFO[language].tag, PUBLIC + localizePath(language, ownPath)]),
      ),
      'x-default': PUBLIC + ownPath,
    });
  });

  it('keeps one cached page per language, and the cookie no longer changes an unprefixed page', async () => {
    const pages = await Promise.all(LOCALES.map((locale) => get(localizePath(locale, '/page/1'))));
    expect(new Set(pages.map((page) => page.headers.etag)).size).toBe(LOCALES.length);
    const again = await Promise.all(LOCALES.map((locale) => get(localizePath(locale, '/page/1'))));
    expect(again.map((page) => page.headers.etag)).toEqual(pages.map((page) => page.headers.etag));
    expect(again.map((page) => page.body)).toEqual(pages.map((page) => page.body));

    const latin = pages[0]!;
    for (const cookie of ['script=cyrl', 'lang=ru', 'lang=en; script=cyrl']) {
      const page = await get('/page/1', { cookie, 'accept-language': 'ru' });
      expect(langOf(page.body), cookie).toBe('uz-Latn');
      expect(page.headers.etag, cookie).toBe(latin.headers.etag);
    }
  });

  it('answers a language’s root as the site’s root in that language, whatever the cookie says', async () => {
    for (const locale of ['uz-Cyrl', 'ru', 'en'] as const) {
      const { prefix } = LOCALE_INFO[locale];
      for (const address of [prefix, `${prefix}/`]) {
        const answer = await get(address, { cookie: 'lang=uz-Latn', 'accept-language': 'de' });
        expect(answer.statusCode, address).toBe(302);
        expect(answer.headers.location, address).toBe(`${prefix}/page/1`);
      }
    }
  });

  it('keeps an old linktitle’s redirect in the page’s language', async () => {
    await context.app.services.db
      .insertInto('portfolio_aliases')
      .values({ old_linktitle: 'eski_manzil', portfolio_id: await portfolioId() })
      .execute();
    for (const locale of LOCALES) {
      const answer = await get(localizePath(locale, '/portfolio/eski_manzil'));
      expect(answer.statusCode, locale).toBe(301);
      expect(answer.headers.location).toBe(
        localizePath(locale, `/portfolio/${encodeURIComponent(linktitle)}`),
      );
    }
  });

  it.each(['/de/page/1', '/RU/page/1', '/rus/page/1', '/uz/page/1', '/uz-cyrl/page/1'])(
    'answers %s, no language of ours, with the Latin 404 page',
    async (address) => {
      const answer = await get(address);
      expect(answer.statusCode).toBe(404);
      expect(langOf(answer.body)).toBe('uz-Latn');
      expect(showsWords(shown(answer.body), translator('uz-Latn').t('notFound.title'))).toBe(true);
    },
  );

  it('answers a language’s address of an API, an image or a build file with a plain 404', async () => {
    for (const address of [
      '/ru/api/portfolio',
      '/en/assets/app.js',
      '/uz-Cyrl/image/x.webp',
      '/ru/og/none.png',
    ]) {
      const answer = await get(address, { accept: 'application/json' });
      expect(answer.statusCode, address).toBe(404);
      expect(answer.headers['content-type'], address).toMatch(/^application\/problem\+json/);
    }
  });
});

async function portfolioId(): Promise<string> {
  const answer = await call(context.app, {
    method: 'GET',
    url: `/api/portfolio/${encodeURIComponent(linktitle)}`,
  });
  return answer.json()._id as string;
}

describe('the site’s root', () => {
  const root = (headers: Record<string, string>) => get('/', headers);

  it.each([
    [{}, '/page/1'],
    [{ cookie: 'lang=en' }, '/en/page/1'],
    [{ cookie: 'theme=dark; lang=ru' }, '/ru/page/1'],
    [{ cookie: 'lang=uz-Cyrl' }, '/uz-Cyrl/page/1'],
    [{ cookie: 'lang=uz-Latn', 'accept-language': 'ru' }, '/page/1'],
    // The earlier switch's cookie is a choice too; the language chosen since wins over it.
    [{ cookie: 'script=cyrl' }, '/uz-Cyrl/page/1'],
    [{ cookie: 'script=latn', 'accept-language': 'en' }, '/page/1'],
    [{ cookie: 'script=cyrl; lang=en' }, '/en/page/1'],
    // Without a choice, the first language of the browser's that the site speaks.
    [{ 'accept-language': 'ru-RU,ru;q=0.9,en-US;q=0.8' }, '/ru/page/1'],
    [{ 'accept-language': 'de-DE, fr;q=0.9, en;q=0.5' }, '/en/page/1'],
    [{ 'accept-language': 'en;q=0.4, ru;q=0.8' }, '/ru/page/1'],
    [{ 'accept-language': 'uz-Cyrl-UZ, ru;q=0.8' }, '/uz-Cyrl/page/1'],
    [{ 'accept-language': 'uz, ru;q=0.8' }, '/page/1'],
    [{ 'accept-language': 'de, fr' }, '/page/1'],
    [{ cookie: 'lang=xx', 'accept-language': 'en' }, '/en/page/1'],
  ] as const)('with %j goes to %s', async (headers, location) => {
    const answer = await root(headers);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(location);
    expect(answer.headers.vary).toBe('cookie, accept-language');
    expect(answer.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers HEAD as GET, and never sends a deep link elsewhere by language', async () => {
    const head = await context.app.inject({ method: 'HEAD', url: '/', headers: { cookie: 'lang=ru' } });
    expect(head.statusCode).toBe(302);
    expect(head.headers.location).toBe('/ru/page/1');
    for (const address of ['/page/1', '/about', `/profile/${author.username}`]) {
      const page = await get(address, { cookie: 'lang=en', 'accept-language': 'ru' });
      expect(page.statusCode, address).toBe(200);
      expect(langOf(page.body), address).toBe('uz-Latn');
    }
  });
});

describe('the language switch', () => {
  const pagePath = () => `/portfolio/${encodeURIComponent(linktitle)}?a=1`;

  it.each(LOCALES)('remembers %s for a year and goes to the same page in it', async (locale) => {
    const answer = await get(`/api/locale/${locale}?back=${encodeURIComponent(pagePath())}`);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(localizePath(locale, pagePath()));
    expect(answer.headers['set-cookie']).toBe(`lang=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`);
    expect(answer.headers['cache-control']).toBe('no-store');
    const page = await get(String(answer.headers.location), {
      cookie: String(answer.headers['set-cookie']).split(';')[0]!,
    });
    expect(page.statusCode).toBe(200);
    expect(langOf(page.body)).toBe(LOCALE_INFO[locale].tag);
    // And the next visit to the root goes to it.
    const root = await get('/', { cookie: String(answer.headers['set-cookie']).split(';')[0]! });
    expect(root.headers.location).toBe(localizePath(locale, '/page/1'));
  });

  it('marks the cookie Secure for a reader who came over https', async () => {
    const answer = await get('/api/locale/ru?back=/about', { 'x-forwarded-proto': 'https' });
    expect(answer.headers['set-cookie']).toBe('lang=ru; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(answer.headers.location).toBe('/ru/about');
  });

  it('leaves out a language prefix `back` still carries', async () => {
    expect((await get('/api/locale/en?back=%2Fru%2Fpage%2F2%3Fsort%3Dnew')).headers.location).toBe(
      '/en/page/2?sort=new',
    );
    expect((await get('/api/locale/uz-Latn?back=/uz-Cyrl')).headers.location).toBe('/');
  });

  it('the earlier Lotin | Кирилл links lead to the same page in Latin or Cyrillic Uzbek', async () => {
    const cyrillic = await get(`/api/script/cyrl?back=${encodeURIComponent(pagePath())}`);
    expect(cyrillic.statusCode).toBe(303);
    expect(cyrillic.headers.location).toBe(`/uz-Cyrl${pagePath()}`);
    expect(cyrillic.headers['set-cookie']).toBe('lang=uz-Cyrl; Path=/; Max-Age=31536000; SameSite=Lax');
    const latin = await get('/api/script/latn?back=/page/2');
    expect(latin.headers.location).toBe('/page/2');
    expect(latin.headers['set-cookie']).toBe('lang=uz-Latn; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  // Each as it stands in the address bar: a browser drops tabs and newlines, reads `\` as `/`, and a
  // `Location` header cannot carry a control or non-ASCII character at all.
  const payloads = [
    '//evil.example',
    '/%5Cevil.example',
    '/%5C/evil.example',
    'https://evil.example/',
    'https:evil.example',
    '%2F%2Fevil.example',
    '/%09/evil.test/',
    '/%0A/evil.test/',
    '/%0D%0A/evil.test/',
    '/%0B',
    '/%00x',
    '/%7F',
    '/%E3%80%82evil.test',
    '/%C4%80',
    '/.//evil.test',
    '/a/..//evil.test',
    '/%20/evil.test',
    '%20//evil.test',
    'javascript:alert(1)',
    'page/1',
    '',
  ];
  const switches = [
    ['/api/locale/uz-Latn', '/'],
    ['/api/locale/uz-Cyrl', '/uz-Cyrl/'],
    ['/api/locale/ru', '/ru/'],
    ['/api/locale/en', '/en/'],
    ['/api/script/latn', '/'],
    ['/api/script/cyrl', '/uz-Cyrl/'],
  ] as const;
  it.each(switches.flatMap(([route, root]) => payloads.map((back) => [route, back, root] as const)))(
    '%s never sends the reader to another site, and never fails (back=%s)',
    async (route, back, root) => {
      const answer = await get(`${route}?back=${back}`);
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe(root);
    },
  );

  it('keeps a page whose address has non-Latin letters, as the browser wrote it', async () => {
    const page = `/technology/${encodeURIComponent('Тошкент')}?page=2#top`;
    const answer = await get(`/api/locale/ru?back=${encodeURIComponent(page)}`);
    expect(answer.headers.location).toBe(`/ru${page}`);
  });

  it.each(['/api/locale/de', '/api/locale/uz', '/api/locale/RU', '/api/script/greek'])(
    'refuses %s, a language it does not speak',
    async (url) => {
      const answer = await call(context.app, { method: 'GET', url });
      expect(answer.statusCode).toBe(422);
      expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(answer.json()).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
      expect(answer.headers['set-cookie']).toBeUndefined();
    },
  );
});
