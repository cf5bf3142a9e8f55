import type {
  Portfolio,
  PortfolioPage,
  PortfolioSummary,
  RenderResult,
  Script,
  User,
} from '@portfolio-master/contract';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApp } from './app/start';
import { renderer } from './entry-server';

const DAY = 86_400_000;
const RENDERED_AT = Date.parse('2026-11-20T09:00:00Z');

const author = {
  _id: 'a'.repeat(24),
  username: 'aziza_dev',
  firstname: 'Aziza',
  lastname: 'Karimova',
  image: null,
  isAdmin: false,
};

const summary: PortfolioSummary = {
  _id: 'b'.repeat(24),
  linktitle: 'aziza_dev_Ob-havo_ilovasi',
  title: 'Ob-havo ilovasi',
  description: '# Ob-havo\n\nToshkent uchun **tezkor** prognoz. <script>alert(1)</script>',
  url: 'https://weather.example.uz',
  repoUrl: null,
  images: ['c'.repeat(24) + '.webp'],
  used: ['React', 'TypeScript'],
  // Made 59 seconds before the render: a client a minute later would say "1 minut avval".
  date: new Date(RENDERED_AT - 59_000).toISOString(),
  updatedAt: new Date(RENDERED_AT - 59_000).toISOString(),
  author,
  likesCount: 3,
  commentsCount: 1,
  likedByMe: false,
};

const portfolio: Portfolio = {
  ...summary,
  descriptionHtml:
    '<h1>Ob-havo</h1>\n<p>Toshkent uchun <strong>tezkor</strong> prognoz. &lt;script&gt;alert(1)&lt;/script&gt;</p>\n',
  likes: ['d'.repeat(24)],
  commentsNext: null,
  comments: [
    {
      _id: 'e'.repeat(24),
      body: 'Zo‘r ish!',
      date: new Date(RENDERED_AT - 8 * DAY).toISOString(),
      commentAuthor: { ...author, _id: 'd'.repeat(24), username: 'bobur', firstname: 'Bobur', lastname: '' },
    },
  ],
};

const user: User = {
  ...author,
  email: null,
  emailPublic: false,
  description: 'Frontend dasturchi, Toshkent.',
  skills: ['React'],
  githubProfile: 'aziza',
  telegramProfile: '',
  registeredDate: new Date(RENDERED_AT - 40 * DAY).toISOString(),
  portfolios: [
    { _id: summary._id, title: summary.title, images: summary.images, linktitle: summary.linktitle },
  ],
  portfoliosCount: 1,
  followersCount: 0,
  followingCount: 0,
  followedByMe: false,
};

const listPage = (page: number): PortfolioPage => ({
  items: page === 1 ? [summary] : [],
  total: 1,
  page,
  limit: 10,
  pageCount: 1,
});

/** The API as the server's render reaches it, answering from fixtures. */
function fakeApi(url: string): Response {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  if (pathname === '/api/portfolio') return json(listPage(Number(searchParams.get('page'))));
  if (pathname === '/api/portfolio/technologies') return json([{ name: 'React', count: 1 }]);
  if (pathname === '/api/portfolio/week-best') return json([]);
  if (pathname === '/api/user/all') return json([user]);
  if (pathname === `/api/portfolio/${summary.linktitle}`) return json(portfolio);
  if (pathname === `/api/user/${user.username}`) return json(user);
  return json(null, 404);
}

async function render(
  url: string,
  script: Script = 'latn',
): Promise<Extract<RenderResult, { kind: 'page' }>> {
  const result = await renderer.render({
    url,
    script,
    publicUrl: 'https://portfolio.uz',
    now: RENDERED_AT,
    fetch: async (apiUrl) => fakeApi(apiUrl),
  });
  if (result.kind !== 'page') throw new Error(`expected a page, got a redirect to ${result.location}`);
  return result;
}

const meta = (head: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(head)?.[1];

describe('server rendering', () => {
  it('renders a list page with its cards, meta and the data to hydrate', async () => {
    const page = await render('/page/1');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Ob-havo ilovasi');
    expect(page.html).toContain('59 sekund avval');
    expect(page.head).toContain('<link rel="canonical" href="https://portfolio.uz/page/1">');
    expect(meta(page.head, 'og:image')).toBe('https://portfolio.uz/og/site.png');
    expect(meta(page.head, 'og:locale')).toBe('uz_UZ');
    expect(meta(page.head, 'twitter:card')).toBe('summary_large_image');
    expect(page.head).toContain('type="application/atom+xml"');
    expect(page.head).not.toContain('noindex');
    const state = JSON.parse(page.state) as { renderTime: number; queries: { queries: unknown[] } };
    expect(state.renderTime).toBe(RENDERED_AT);
    expect(state.queries.queries.length).toBeGreaterThanOrEqual(3);
  });

  it('renders a portfolio with a plain-text description, its preview card and CreativeWork data', async () => {
    const page = await render(`/portfolio/${summary.linktitle}`);
    expect(page.status).toBe(200);
    expect(page.head).toContain('<title>Ob-havo ilovasi | Portfolio Master</title>');
    expect(meta(page.head, 'description')).toBe('Ob-havo. Toshkent uchun tezkor prognoz.');
    expect(meta(page.head, 'og:image')).toBe(`https://portfolio.uz/og/portfolio/${summary.linktitle}.png`);
    expect(meta(page.head, 'og:type')).toBe('article');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.head)![1]!);
    expect(jsonLd).toMatchObject({
      '@type': 'CreativeWork',
      name: 'Ob-havo ilovasi',
      keywords: 'React, TypeScript',
      author: { '@type': 'Person', name: 'Aziza Karimova', url: 'https://portfolio.uz/profile/aziza_dev' },
      url: `https://portfolio.uz/portfolio/${summary.linktitle}`,
    });
    // The description's Markdown is never raw HTML in the page.
    expect(page.html).not.toContain('<script>alert(1)</script>');
    // Sharing to Telegram: the page's public address and its title.
    const share = /<a href="(https:\/\/t\.me\/share\/url\?[^"]+)"[^>]*>.*?Telegramda ulashish<\/a>/.exec(
      page.html,
    );
    const shared = new URL(share![1]!.replaceAll('&amp;', '&'));
    expect(shared.searchParams.get('url')).toBe(`https://portfolio.uz/portfolio/${summary.linktitle}`);
    expect(shared.searchParams.get('text')).toBe('Ob-havo ilovasi');
    expect(page.modules).toEqual(['src/app/routes/portfolio.tsx']);
  });

  it('renders the site’s own words in the reader’s script and what people wrote as they wrote it', async () => {
    // Two renders at once, one in each script, each keep their own.
    const [cyrillic, latin] = await Promise.all([
      render(`/portfolio/${summary.linktitle}`, 'cyrl'),
      render(`/portfolio/${summary.linktitle}`, 'latn'),
    ]);
    expect(cyrillic.html).toContain('Кириш');
    expect(cyrillic.html).not.toContain('>Kirish<');
    expect(latin.html).toContain('Kirish');
    expect(latin.html).not.toContain('Кириш');
    // The title, the author's name and the description are the author's.
    expect(cyrillic.head).toContain('<title>Ob-havo ilovasi | Portfolio Master</title>');
    expect(cyrillic.html).toContain('Ob-havo ilovasi');
    expect(cyrillic.html).toContain('Aziza');
    expect(cyrillic.html).toContain('prognoz');
    // A text made with a name keeps the name (the list's feed title: "{name} — yangi portfoliolar").
    const list = await render('/page/1', 'cyrl');
    expect(list.html).toContain('Портфолио');
    const profile = await render(`/profile/${user.username}`, 'cyrl');
    expect(profile.head).toContain('Aziza Karimova — профил | Portfolio Master');
    expect(profile.head).toContain('Aziza Karimova — янги портфолиолар');
  });

  it('keeps each render’s script, site and data apart when renders interleave across awaits', async () => {
    // The Cyrillic render waits for its API answer until the Latin one has finished.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const renderWith = (url: string, script: Script, publicUrl: string, wait?: Promise<void>) =>
      renderer.render({
        url,
        script,
        publicUrl,
        now: RENDERED_AT,
        fetch: async (apiUrl) => {
          await wait;
          return fakeApi(apiUrl);
        },
      });
    const first = renderWith(`/portfolio/${summary.linktitle}`, 'cyrl', 'https://birinchi.uz', held);
    const second = await renderWith(`/profile/${user.username}`, 'latn', 'https://ikkinchi.uz');
    answer();
    const [cyrillic, latin] = [await first, second];
    if (cyrillic.kind !== 'page' || latin.kind !== 'page') throw new Error('expected two pages');
    expect(cyrillic.html).toContain('Кириш');
    expect(cyrillic.html).not.toContain('>Kirish<');
    expect(cyrillic.html).toContain('Ob-havo ilovasi');
    expect(cyrillic.html).toContain(encodeURIComponent('https://birinchi.uz/portfolio/'));
    expect(cyrillic.head).toContain('<link rel="canonical" href="https://birinchi.uz/portfolio/');
    expect(latin.html).toContain('Kirish');
    expect(latin.html).not.toContain('Кириш');
    expect(latin.html).toContain(encodeURIComponent('https://ikkinchi.uz/profile/aziza_dev'));
    expect(latin.head).toContain('<title>Aziza Karimova — profil | Portfolio Master</title>');
    expect(latin.head).toContain('<link rel="canonical" href="https://ikkinchi.uz/profile/aziza_dev">');
  });

  it('renders a profile with ProfilePage data', async () => {
    const page = await render('/profile/aziza_dev');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Aziza Karimova');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.head)![1]!);
    expect(jsonLd).toMatchObject({
      '@type': 'ProfilePage',
      mainEntity: { '@type': 'Person', alternateName: 'aziza_dev' },
    });
    expect(page.html).toContain(
      'href="https://t.me/share/url?url=https%3A%2F%2Fportfolio.uz%2Fprofile%2Faziza_dev&amp;text=Aziza%20Karimova"',
    );
  });

  it.each([
    ['an unknown address', '/nima-bu'],
    ['an unknown portfolio', '/portfolio/yoq'],
    ['an unknown profile', '/profile/yoq'],
    ['a page past the last', '/page/2'],
    ['a malformed page number', '/page/02'],
    ['page zero', '/page/0'],
  ])('answers %s with 404, the 404 page and noindex', async (_label, url) => {
    const page = await render(url);
    expect(page.status).toBe(404);
    expect(page.head).toContain('<meta name="robots" content="noindex">');
    expect(page.html).toMatch(/topilmadi/);
  });

  it('sends / to the first page', async () => {
    const result = await renderer.render({
      url: '/',
      script: 'latn',
      publicUrl: '',
      now: 0,
      fetch: async (url) => fakeApi(url),
    });
    expect(result).toEqual({ kind: 'redirect', status: 302, location: '/page/1' });
  });

  it('gives private pages a title and keeps them out of search engines', async () => {
    const page = await render('/create');
    expect(page.status).toBe(200);
    expect(page.head).toContain('<title>Portfolio joylash | Portfolio Master</title>');
    expect(page.head).toContain('noindex');
  });
});

describe('hydration of the server HTML', () => {
  const errors: unknown[][] = [];
  beforeEach(() => {
    errors.length = 0;
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void errors.push(args));
  });
  afterEach(() => {
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it.each([
    ['/page/1', 'latn'],
    [`/portfolio/${summary.linktitle}`, 'latn'],
    ['/profile/aziza_dev', 'latn'],
    ['/about', 'latn'],
    ['/nima-bu', 'latn'],
    ['/page/1', 'cyrl'],
    [`/portfolio/${summary.linktitle}`, 'cyrl'],
  ] as const)(
    'hydrates %s in script %s a minute later with no warning and no request',
    async (url, script) => {
      const page = await render(url, script);
      document.documentElement.lang = script === 'cyrl' ? 'uz-Cyrl' : 'uz-Latn';
      window.history.replaceState(null, '', url);
      document.body.innerHTML = `<div id="root">${page.html}</div>`;
      const root = document.getElementById('root')!;
      const before = root.innerHTML;
      const fetch = vi.fn(async () => new Response('null'));
      vi.stubGlobal('fetch', fetch);
      // The browser's clock is a minute past the render: relative dates must still hydrate as printed.
      vi.useFakeTimers({ now: RENDERED_AT + 60_000, toFake: ['Date'] });
      const recoverable: unknown[] = [];
      await act(async () => {
        await startApp(root, page.state, { onRecoverableError: (error) => void recoverable.push(error) });
      });
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      expect(recoverable).toEqual([]);
      expect(errors).toEqual([]);
      // Nothing is read again; a portfolio counts its one view.
      const calls = fetch.mock.calls as unknown as [string, RequestInit][];
      expect(calls.filter(([, init]) => init.method !== 'POST')).toEqual([]);
      expect(calls.map(([path]) => path)).toEqual(
        url.startsWith('/portfolio/') ? [`/api/portfolio/${summary._id}/view`] : [],
      );
      expect(before.length).toBeGreaterThan(0);
      if (url === '/page/1') {
        // After hydration the page follows the browser's clock, in the page's script.
        expect(root.textContent).toContain(script === 'cyrl' ? '1 минут аввал' : '1 minut avval');
      }
    },
  );
});
