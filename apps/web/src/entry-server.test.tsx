import type {
  Portfolio,
  PortfolioPage,
  PortfolioSummary,
  RenderResult,
  Script,
  User,
} from '@portfolio-master/contract';
import { LOCALE_INFO, LOCALES, localizePath, type Locale } from '@portfolio-master/i18n/locales';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApp } from './app/start';
import { renderer } from './entry-server';
import { messagesModule } from './i18n/messages';
import { relativeTime } from './lib/format';
import { translatorFor } from './test/translators';
import { noCv } from './test/users';

const DAY = 86_400_000;
const RENDERED_AT = Date.parse('2026-11-20T09:00:00Z');

const author = {
  _id: 'a'.repeat(24),
  username: 'aziza_dev',
  firstname: 'Aziza',
  lastname: 'Karimova',
  image: null,
  isAdmin: false,
  openToWork: 'not' as const,
};

const summary: PortfolioSummary = {
  _id: 'b'.repeat(24),
  linktitle: 'aziza_dev_Ob-havo_ilovasi',
  title: 'Ob-havo ilovasi',
  description: '# Ob-havo\n\nToshkent uchun **tezkor** prognoz. <script>alert(1)</script>',
  url: 'https://weather.example.uz',
  repoUrl: null,
  images: ['c'.repeat(24) + '.webp'],
  imageAlts: ['Toshkent ob-havosi telefonda'],
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
      bodyHtml: '<p>Zo‘r ish!</p>\n',
      date: new Date(RENDERED_AT - 8 * DAY).toISOString(),
      editedAt: null,
      commentAuthor: { ...author, _id: 'd'.repeat(24), username: 'bobur', firstname: 'Bobur', lastname: '' },
      parentId: null,
      deleted: false,
      replies: [],
      repliesBefore: null,
    },
  ],
};

/** "O‘xshash loyihalar" of the portfolio: another author's work with a described cover. */
const relatedCard: PortfolioSummary = {
  ...summary,
  _id: 'f'.repeat(24),
  linktitle: 'bobur_Shamol_xaritasi',
  title: 'Shamol xaritasi',
  imageAlts: ['Shamol yo‘nalishlari xaritada'],
  author: { ...author, _id: 'd'.repeat(24), username: 'bobur', firstname: 'Bobur', lastname: 'Aliyev' },
};

const user: User = {
  ...author,
  email: null,
  emailPublic: false,
  description: 'Frontend dasturchi, Toshkent.',
  skills: ['React'],
  githubProfile: 'aziza',
  telegramProfile: '',
  ...noCv,
  // A profile with every part of a CV filled in.
  headline: 'Frontend dasturchi, React',
  city: 'toshkent-shahri',
  website: 'https://aziza.dev',
  linkedin: 'https://www.linkedin.com/in/aziza-karimova',
  experience: [
    { role: 'Frontend dasturchi', company: 'Uzum', from: '2023-03', to: null },
    { role: 'Stajyor', company: 'EPAM', from: '2022-06', to: '2023-02' },
  ],
  education: [{ school: 'TATU', field: 'Dasturiy injiniring', from: 2018, to: 2022 }],
  openToWork: {
    status: 'looking',
    roles: ['Frontend dasturchi'],
    employment: ['full', 'freelance'],
    remote: true,
  },
  affiliation: { kind: 'itpark', name: 'IT Park', verified: true },
  pinned: [
    {
      _id: summary._id,
      title: summary.title,
      images: summary.images,
      imageAlts: summary.imageAlts,
      linktitle: summary.linktitle,
    },
  ],
  registeredDate: new Date(RENDERED_AT - 40 * DAY).toISOString(),
  portfolios: [
    {
      _id: summary._id,
      title: summary.title,
      images: summary.images,
      imageAlts: summary.imageAlts,
      linktitle: summary.linktitle,
    },
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
  if (pathname === `/api/portfolio/${summary.linktitle}/related`) return json([relatedCard]);
  if (pathname === '/api/portfolio/made_together') {
    return json({
      ...portfolio,
      linktitle: 'made_together',
      coauthors: [{ ...author, _id: 'c'.repeat(24), username: 'dilnoza', firstname: 'Dilnoza' }],
    });
  }
  if (pathname === `/api/user/${user.username}`) return json(user);
  return json(null, 404);
}

async function render(
  url: string,
  { script = 'latn', locale }: { script?: Script; locale?: Locale } = {},
): Promise<Extract<RenderResult, { kind: 'page' }>> {
  const result = await renderer.render({
    url,
    script,
    locale,
    publicUrl: 'https://portfolio.uz',
    now: RENDERED_AT,
    fetch: async (apiUrl) => fakeApi(apiUrl),
  });
  if (result.kind !== 'page') throw new Error(`expected a page, got a redirect to ${result.location}`);
  return result;
}

const meta = (head: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(head)?.[1];

const metas = (head: string, key: string) =>
  [...head.matchAll(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`, 'g'))].map(
    (match) => match[1],
  );

/** The page's `hreflang` alternates: language tag to address. */
const alternates = (head: string) =>
  Object.fromEntries(
    [...head.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((match) => [
      match[1]!,
      match[2]!.replaceAll('&amp;', '&'),
    ]),
  );

const canonicalOf = (head: string) =>
  /<link rel="canonical" href="([^"]+)">/.exec(head)?.[1]?.replaceAll('&amp;', '&');

/** The header's language switch: each language's link, as the page wrote it. */
const switchLinks = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<a href="(\/api\/locale\/([^?"]+)\?back=([^"]*))"[^>]*hrefLang="([^"]+)"/g)].map(
      (match) => [
        match[2]!,
        { href: match[1]!.replaceAll('&amp;', '&'), back: decodeURIComponent(match[3]!) },
      ],
    ),
  );

const text = (html: string) => html.replaceAll('<!-- -->', '');

/** What a reader sees of the HTML: its text without tags. */
const visibleText = (html: string) => text(html).replace(/<[^>]+>/g, '');

describe('server rendering', () => {
  it('renders a list page with its cards, meta and the data to hydrate', async () => {
    const page = await render('/page/1');
    const t = translatorFor('uz-Latn').t;
    expect(page.status).toBe(200);
    expect(page.locale).toBe('uz-Latn');
    expect(page.html).toContain('Ob-havo ilovasi');
    // The card's cover is described as its author wrote.
    expect(page.html).toContain('alt="Toshkent ob-havosi telefonda"');
    expect(page.html).toContain(relativeTime(t, summary.date, RENDERED_AT));
    expect(text(page.html)).toContain(t('card.likes', { count: 3 }));
    expect(page.head).toContain('<link rel="canonical" href="https://portfolio.uz/page/1">');
    expect(meta(page.head, 'og:image')).toBe('https://portfolio.uz/og/site.png');
    expect(meta(page.head, 'og:locale')).toBe('uz_UZ');
    expect(meta(page.head, 'twitter:card')).toBe('summary_large_image');
    expect(page.head).toContain('type="application/atom+xml"');
    expect(page.head).not.toContain('noindex');
    // The filter is folded: its place is held by the layout, the first paint waits for nothing.
    expect(page.head).not.toContain('rel="expect"');
    const state = JSON.parse(page.state) as {
      renderTime: number;
      locale: string;
      queries: { queries: unknown[] };
    };
    expect(state.renderTime).toBe(RENDERED_AT);
    expect(state.locale).toBe('uz-Latn');
    expect(state.queries.queries.length).toBeGreaterThanOrEqual(3);
    // The list is in the first chunk: only the language's messages are preloaded.
    expect(page.modules).toEqual([messagesModule('uz-Latn')]);
  });

  it('has a filtered list painted once its open filter, shown above the list on a phone, is in', async () => {
    const page = await render('/page/1?filter=React');
    expect(page.status).toBe(200);
    expect(page.head).toContain(
      '<link rel="expect" href="#home-users" blocking="render" media="(max-width: 899.98px)">',
    );
    // The element it names follows the whole filter, which follows the list.
    const [list, filter, after] = ['class="home__list"', 'class="panel filter', 'id="home-users"'].map(
      (part) => page.html.indexOf(part),
    ) as [number, number, number];
    expect(list).toBeGreaterThan(0);
    expect(filter).toBeGreaterThan(list);
    expect(after).toBeGreaterThan(page.html.indexOf('</section>', filter));
  });

  it('names every accepted author in the CreativeWork data and shows each avatar', async () => {
    const page = await render('/portfolio/made_together');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.head)![1]!);
    expect(jsonLd.author).toEqual([
      expect.objectContaining({ name: 'Aziza Karimova', url: 'https://portfolio.uz/profile/aziza_dev' }),
      expect.objectContaining({ name: 'Dilnoza Karimova', url: 'https://portfolio.uz/profile/dilnoza' }),
    ]);
    expect(page.html).toContain('href="/profile/dilnoza"');
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
      inLanguage: 'uz-Latn',
      author: { '@type': 'Person', name: 'Aziza Karimova', url: 'https://portfolio.uz/profile/aziza_dev' },
      url: `https://portfolio.uz/portfolio/${summary.linktitle}`,
    });
    expect(page.html).not.toContain('coauthor-chips');
    // The description's Markdown is never raw HTML in the page.
    expect(page.html).not.toContain('<script>alert(1)</script>');
    // The slider's picture is described as its author wrote, not by the generated text.
    expect(page.html).toContain('alt="Toshkent ob-havosi telefonda"');
    expect(page.html).not.toContain(
      `alt="${translatorFor('uz-Latn').t('card.image', { title: 'Ob-havo ilovasi', number: 1 })}"`,
    );
    // Sharing to Telegram: the page's public address and its title.
    const share = new RegExp(
      `<a href="(https://t\\.me/share/url\\?[^"]+)"[^>]*>.*?${translatorFor('uz-Latn').t('share.telegram')}</a>`,
    ).exec(page.html);
    const shared = new URL(share![1]!.replaceAll('&amp;', '&'));
    expect(shared.searchParams.get('url')).toBe(`https://portfolio.uz/portfolio/${summary.linktitle}`);
    expect(shared.searchParams.get('text')).toBe('Ob-havo ilovasi');
    // Other sites find its oEmbed answer, and its author finds the frame to paste, folded: its code comes
    // when the fold is opened.
    expect(page.head).toContain(
      `<link rel="alternate" type="application/json+oembed" title="Ob-havo ilovasi | Portfolio Master" href="https://portfolio.uz/oembed?url=https%3A%2F%2Fportfolio.uz%2Fportfolio%2F${summary.linktitle}&amp;format=json">`,
    );
    expect(page.html).toContain(
      '<details class="embed-snippets"><summary>Saytingizga joylash</summary></details>',
    );
    expect(page.modules).toEqual(['src/app/routes/portfolio.tsx', messagesModule('uz-Latn')]);
  });

  it('renders "O‘xshash loyihalar" under a portfolio as links with described pictures, and none when there are none', async () => {
    const page = await render(`/portfolio/${summary.linktitle}`);
    const section = /<section class="related" aria-labelledby="related-title">(.*?)<\/section>/s.exec(
      page.html,
    )?.[1];
    expect(section).toContain('<h2 id="related-title" class="section-title">O‘xshash loyihalar</h2>');
    expect(section).toContain('href="/portfolio/bobur_Shamol_xaritasi"');
    expect(visibleText(section!)).toContain('Shamol xaritasi');
    expect(visibleText(section!)).toContain('Bobur Aliyev');
    expect(section).toContain('alt="Shamol yo‘nalishlari xaritada"');
    // Nothing alike (here: no answer at all), no section.
    expect((await render('/portfolio/made_together')).html).not.toContain('related-title');
  });

  it('renders the site’s own words in the reader’s script and what people wrote as they wrote it', async () => {
    const cyrillicWords = translatorFor('uz-Cyrl').t;
    const latinWords = translatorFor('uz-Latn').t;
    // Two renders at once, one in each script, each keep their own.
    const [cyrillic, latin] = await Promise.all([
      render(`/portfolio/${summary.linktitle}`, { script: 'cyrl' }),
      render(`/portfolio/${summary.linktitle}`, { script: 'latn' }),
    ]);
    expect(cyrillic.locale).toBe('uz-Cyrl');
    expect(cyrillic.html).toContain(`>${cyrillicWords('nav.login')}<`);
    expect(cyrillic.html).not.toContain(`>${latinWords('nav.login')}<`);
    expect(latin.html).toContain(`>${latinWords('nav.login')}<`);
    expect(latin.html).not.toContain(`>${cyrillicWords('nav.login')}<`);
    expect(cyrillicWords('nav.login')).toBe('Кириш');
    // The title, the author's name and the description are the author's.
    expect(cyrillic.head).toContain('<title>Ob-havo ilovasi | Portfolio Master</title>');
    expect(cyrillic.html).toContain('Ob-havo ilovasi');
    expect(cyrillic.html).toContain('Aziza');
    expect(cyrillic.html).toContain('prognoz');
    // A text made with a name keeps the name (a feed's title: "{name} — yangi portfoliolar").
    const profile = await render(`/profile/${user.username}`, { script: 'cyrl' });
    expect(profile.head).toContain(
      `${cyrillicWords('user.profileTitle', { name: 'Aziza Karimova' })} | Portfolio Master`,
    );
    expect(profile.head).toContain(cyrillicWords('feeds.author', { name: 'Aziza Karimova' }));
    expect(cyrillicWords('feeds.author', { name: 'Aziza Karimova' })).toBe(
      'Aziza Karimova — янги портфолиолар',
    );
  });

  it('keeps each render’s language, site and data apart when renders interleave across awaits', async () => {
    // The Russian render waits for its API answer until the Latin one has finished.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const renderWith = (url: string, publicUrl: string, wait?: Promise<void>) =>
      renderer.render({
        url,
        script: 'latn',
        publicUrl,
        now: RENDERED_AT,
        fetch: async (apiUrl) => {
          await wait;
          return fakeApi(apiUrl);
        },
      });
    const first = renderWith(`/ru/portfolio/${summary.linktitle}`, 'https://birinchi.uz', held);
    const second = await renderWith(`/profile/${user.username}`, 'https://ikkinchi.uz');
    answer();
    const [russian, latin] = [await first, second];
    if (russian.kind !== 'page' || latin.kind !== 'page') throw new Error('expected two pages');
    const ru = translatorFor('ru').t;
    const uz = translatorFor('uz-Latn').t;
    expect(russian.html).toContain(`>${ru('nav.login')}<`);
    expect(russian.html).not.toContain(`>${uz('nav.login')}<`);
    expect(russian.html).toContain('Ob-havo ilovasi');
    expect(russian.html).toContain(encodeURIComponent('https://birinchi.uz/ru/portfolio/'));
    expect(russian.head).toContain('<link rel="canonical" href="https://birinchi.uz/ru/portfolio/');
    expect(latin.html).toContain(`>${uz('nav.login')}<`);
    expect(latin.html).not.toContain(`>${ru('nav.login')}<`);
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
      mainEntity: {
        '@type': 'Person',
        alternateName: 'aziza_dev',
        jobTitle: 'Frontend dasturchi, React',
        address: { '@type': 'PostalAddress', addressLocality: 'Toshkent shahri', addressCountry: 'UZ' },
        worksFor: { '@type': 'Organization', name: 'Uzum' },
        alumniOf: [{ '@type': 'EducationalOrganization', name: 'TATU' }],
        sameAs: [
          'https://aziza.dev',
          'https://www.linkedin.com/in/aziza-karimova',
          'https://github.com/aziza',
        ],
      },
    });
    // The CV's parts are in the server's HTML: the badge, the dates, the pinned portfolio first.
    const words = translatorFor('uz-Latn').t;
    expect(page.html).toContain(words('workStatus.looking'));
    expect(visibleText(page.html)).toContain(`03.2023 – ${words('profile.present')}`);
    expect(page.html).toContain('rel="me noopener"');
    // The pinned portfolio's cover, described as its author wrote.
    expect(page.html).toContain('alt="Toshkent ob-havosi telefonda"');
    expect(page.html.indexOf(words('profile.pinnedTitle'))).toBeLessThan(
      page.html.indexOf('Ob-havo ilovasi'),
    );
    const english = await render('/en/profile/aziza_dev');
    expect(visibleText(english.html)).toContain('March 2023 – present');
    expect(english.head).toContain('"addressLocality":"Tashkent city"');
    // The CV's other forms and the README card (folded: its snippets come when it is opened), in the page's
    // language.
    expect(english.html).toContain('href="/en/profile/aziza_dev/cv"');
    expect(english.html).toContain('href="/en/profile/aziza_dev/cv.pdf"');
    expect(english.html).toContain('href="/en/profile/aziza_dev/resume.json"');
    expect(english.html).toContain(
      '<details class="embed-snippets"><summary>Badge for your README</summary></details>',
    );
    expect(english.head).toContain(
      'href="https://portfolio.uz/oembed?url=https%3A%2F%2Fportfolio.uz%2Fen%2Fprofile%2Faziza_dev&amp;format=json"',
    );
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
    ['an unknown address in English', '/en/nima-bu'],
    ['a prefix that is no language', '/rus/page/1'],
  ])('answers %s with 404, the 404 page, noindex and no alternates', async (_label, url) => {
    const page = await render(url);
    expect(page.status).toBe(404);
    expect(page.head).toContain('<meta name="robots" content="noindex">');
    expect(page.head).not.toContain('hreflang');
    const words = translatorFor(page.locale as Locale).t;
    expect(page.html).toMatch(
      new RegExp(
        `${words('notFound.title')}|${words('portfolio.notFoundTitle')}|${words('user.notFoundTitle')}`,
      ),
    );
  });

  it.each([
    ['/', '/page/1'],
    ['/ru', '/ru/page/1'],
    ['/ru/', '/ru/page/1'],
    ['/uz-Cyrl/', '/uz-Cyrl/page/1'],
  ])('sends %s to the first page in its language', async (url, location) => {
    const result = await renderer.render({
      url,
      script: 'latn',
      publicUrl: '',
      now: 0,
      fetch: async (apiUrl) => fakeApi(apiUrl),
    });
    expect(result).toEqual({ kind: 'redirect', status: 302, location });
  });

  it('gives private pages a title and keeps them out of search engines', async () => {
    const page = await render('/create');
    expect(page.status).toBe(200);
    expect(page.head).toContain(
      `<title>${translatorFor('uz-Latn').t('portfolioForm.createTitle')} | Portfolio Master</title>`,
    );
    expect(page.head).toContain('noindex');
    expect(page.head).not.toContain('hreflang');
    const english = await render('/en/create');
    expect(english.head).toContain(
      `<title>${translatorFor('en').t('portfolioForm.createTitle')} | Portfolio Master</title>`,
    );
  });

  it('takes the language the server names over the address’s and the script', async () => {
    expect((await render('/page/1', { script: 'cyrl', locale: 'en' })).locale).toBe('en');
    expect((await render('/ru/page/1', { script: 'cyrl' })).locale).toBe('ru');
    expect((await render('/page/1', { script: 'cyrl' })).locale).toBe('uz-Cyrl');
    // The address keeps its own prefix on its links: a Cyrillic page chosen by the script cookie stays
    // at the unprefixed addresses the server answers today.
    expect((await render('/page/1', { script: 'cyrl' })).html).toContain('href="/create"');
  });
});

/** Every public page, by its path in the app. */
const PUBLIC_PAGES = [
  ['the list', '/page/1'],
  ['a portfolio', `/portfolio/${summary.linktitle}`],
  ['a profile', '/profile/aziza_dev'],
  ['about', '/about'],
  ['a technology', '/page/1?filter=React'],
  ['the 404', '/nima-bu'],
] as const;

describe('in four languages', () => {
  it.each(PUBLIC_PAGES)('renders %s in each language, named by its own head', async (_label, path) => {
    const pages = await Promise.all(LOCALES.map((locale) => render(localizePath(locale, path))));
    pages.forEach((page, index) => {
      const locale = LOCALES[index]!;
      const words = translatorFor(locale).t;
      expect(page.locale).toBe(locale);
      expect(page.html).toContain(`>${words('nav.about')}<`);
      expect(page.modules).toContain(messagesModule(locale));
      expect(meta(page.head, 'og:locale')).toBe(LOCALE_INFO[locale].ogLocale);
      // The other languages' Open Graph locales, each once and never the page's own.
      const others = metas(page.head, 'og:locale:alternate');
      expect(others).not.toContain(LOCALE_INFO[locale].ogLocale);
      expect(new Set(others).size).toBe(others.length);
      expect(others.length).toBe(new Set(LOCALES.map((other) => LOCALE_INFO[other].ogLocale)).size - 1);
    });
    // Each language's page is a page of its own.
    expect(new Set(pages.map((page) => page.html)).size).toBe(LOCALES.length);
  });

  it.each(PUBLIC_PAGES.filter(([label]) => label !== 'the 404'))(
    'links the feeds and preview card of %s in the page’s own language',
    async (label, path) => {
      for (const locale of LOCALES) {
        const page = await render(localizePath(locale, path));
        const prefix = `https://portfolio.uz${LOCALE_INFO[locale].prefix}`;
        expect(meta(page.head, 'og:image')?.startsWith(`${prefix}/og/`), locale).toBe(true);
        expect(meta(page.head, 'twitter:image')).toBe(meta(page.head, 'og:image'));
        const feeds = [...page.head.matchAll(/type="application\/atom\+xml" title="[^"]*" href="([^"]+)"/g)];
        // The about page follows nothing that changes; every other page names at least the site's feed.
        if (label !== 'about') expect(feeds.length, locale).toBeGreaterThan(0);
        for (const [, href] of feeds) {
          expect(href!.startsWith(prefix) && href!.endsWith('/feed.xml'), `${locale}: ${href}`).toBe(true);
          expect(href!.slice(prefix.length), href).toMatch(/^\/(technology|profile|feed\.xml)/);
        }
      }
    },
  );

  it.each(PUBLIC_PAGES.filter(([label]) => label !== 'the 404'))(
    'names %s in all four languages and x-default, the same from each',
    async (_label, path) => {
      const pages = await Promise.all(LOCALES.map((locale) => render(localizePath(locale, path))));
      const sets = pages.map((page) => alternates(page.head));
      for (const [index, set] of sets.entries()) {
        const locale = LOCALES[index]!;
        expect(Object.keys(set).sort()).toEqual(
          [...LOCALES.map((l) => LOCALE_INFO[l].tag), 'x-default'].sort(),
        );
        for (const other of LOCALES) {
          expect(set[LOCALE_INFO[other].tag]).toBe(`https://portfolio.uz${localizePath(other, path)}`);
        }
        expect(set['x-default']).toBe(set['uz-Latn']);
        // Canonical is the page in its own language.
        expect(canonicalOf(pages[index]!.head)).toBe(set[LOCALE_INFO[locale].tag]);
        expect(meta(pages[index]!.head, 'og:url')?.replaceAll('&amp;', '&')).toBe(
          set[LOCALE_INFO[locale].tag],
        );
        expect(set).toEqual(sets[0]);
      }
    },
  );

  it.each(PUBLIC_PAGES)(
    'points the switch on %s at the same page in each other language',
    async (_label, path) => {
      for (const locale of LOCALES) {
        const page = await render(localizePath(locale, path));
        const links = switchLinks(page.html);
        expect(Object.keys(links).sort()).toEqual([...LOCALES].sort());
        const set = alternates(page.head);
        for (const other of LOCALES) {
          // The same page, without the prefix: the server puts the chosen language's before it.
          expect(links[other]!.back).toBe(path);
          expect(links[other]!.href).toBe(`/api/locale/${other}?back=${encodeURIComponent(path)}`);
          if (Object.keys(set).length > 0) {
            expect(set[LOCALE_INFO[other].tag]).toBe(
              `https://portfolio.uz${localizePath(other, links[other]!.back)}`,
            );
          }
        }
        // The page's own language is marked as the current one.
        expect(page.html).toMatch(
          new RegExp(`<a href="/api/locale/${locale}\\?[^"]*"[^>]*aria-current="true"`),
        );
        expect(
          page.html.match(/aria-current="true"[^>]*>(O‘zbekcha|Ўзбекча|Русский|English)</g),
        ).toHaveLength(2);
      }
    },
  );

  it.each(PUBLIC_PAGES)('keeps the links of %s in Russian under /ru/', async (_label, path) => {
    const page = await render(localizePath('ru', path));
    const internal = [...page.html.matchAll(/ (?:href|action)="(\/[^"]*)"/g)]
      .map((match) => match[1]!)
      // The switch and pictures are the server's, not pages.
      .filter((href) => !href.startsWith('/api/') && !href.startsWith('/image/'));
    expect(internal.length).toBeGreaterThan(5);
    for (const href of internal) expect(href).toMatch(/^\/ru\//);
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

  const cases = [
    ...LOCALES.flatMap((locale) =>
      PUBLIC_PAGES.map(([, path]) => [localizePath(locale, path), 'latn'] as const),
    ),
    // Cyrillic chosen by the script cookie, at the unprefixed address.
    ['/page/1', 'cyrl'] as const,
    [`/portfolio/${summary.linktitle}`, 'cyrl'] as const,
  ];

  it.each(cases)(
    'hydrates %s (script %s) a minute later with no warning and no request',
    async (url, script) => {
      const page = await render(url, { script });
      document.documentElement.lang = LOCALE_INFO[page.locale as Locale].tag;
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
        url.includes('/portfolio/') ? [`/api/portfolio/${summary._id}/view`] : [],
      );
      expect(before.length).toBeGreaterThan(0);
      // The page speaks its language after hydration too.
      expect(root.textContent).toContain(translatorFor(page.locale as Locale).t('nav.about'));
      if (url.endsWith('/page/1')) {
        // After hydration the page follows the browser's clock, in the page's language.
        expect(root.textContent).toContain(
          relativeTime(translatorFor(page.locale as Locale).t, summary.date, RENDERED_AT + 60_000),
        );
        expect(root.textContent).not.toContain(
          relativeTime(translatorFor(page.locale as Locale).t, summary.date, RENDERED_AT),
        );
      }
    },
  );
});
