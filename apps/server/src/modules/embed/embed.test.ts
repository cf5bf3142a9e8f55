import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateMe } from '../../test/accounts.js';
import {
  ADMIN_EMAIL,
  call,
  createTestContext,
  signUp,
  type TestContext,
  type TestUser,
} from '../../test/app.js';
import { multipart, pngImage } from '../../test/forms.js';
import { expectWellFormed, parseXml } from '../../test/xml.js';
import { fit, escapeXml } from './embed-svg.js';
import { framedCardPolicy } from './embed.routes.js';
import { scaled } from './embed.service.js';

/*
 * Cards that travel: a profile's SVG for READMEs, a portfolio's card other sites frame, and the oEmbed
 * answers that name them.
 */

let context: TestContext;
let admin: TestUser;
let author: TestUser;
/** The author's portfolios: React in three, TypeScript in three, Go and Vite in two, Rust in one. */
const portfolios: { _id: string; linktitle: string }[] = [];

const SVG = 'http://www.w3.org/2000/svg';

const as = (who: TestUser) => ({ 'x-token': who.token });

async function publish(user: TestUser, title: string, used: string[], cover?: Buffer) {
  const form = await multipart({
    title,
    url: 'https://example.uz',
    used: used.join(', '),
    ...(cover && { images: { content: cover, filename: 'cover.png', contentType: 'image/png' } }),
  });
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: { ...as(user), ...form.headers },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string; linktitle: string };
}

const edit = async (user: TestUser, payload: Record<string, unknown>) => {
  const response = await updateMe(context, user.token, { payload });
  expect(response.statusCode, response.body).toBe(200);
};

async function moderate(url: string, payload: Record<string, unknown>) {
  const response = await call(context.app, { method: 'POST', url, headers: as(admin), payload });
  expect(response.statusCode, response.body).toBe(200);
}

const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers });

const profileUrl = (user: { username: string }, prefix = '') =>
  `${prefix}/embed/profile/${user.username}.svg`;

/** An SVG answer, parsed; fails unless it is one. */
async function svgOf(url: string, status = 200) {
  const response = await get(url);
  expect(response.statusCode, url).toBe(status);
  expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
  await expectWellFormed(response.body);
  const document = parseXml(response.body);
  expect(document.documentElement!.namespaceURI).toBe(SVG);
  expect(document.documentElement!.localName).toBe('svg');
  const texts = Array.from(document.getElementsByTagNameNS(SVG, 'text'), (node) => node.textContent ?? '');
  return { response, document, texts };
}

/**
 * A large picture of coarse noise: its cells stay distinct at the card's 112 pixels, so the avatar there
 * is as hard to compress as a picture can be.
 */
async function noisyImage(size: number): Promise<Buffer> {
  const cells = 112;
  const pixels = Buffer.alloc(cells * cells * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width: cells, height: cells, channels: 3 } })
    .resize(size, size, { kernel: 'nearest' })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function uploadAvatar(user: TestUser, image: Buffer) {
  const form = await multipart({ image: { content: image, filename: 'me.jpg', contentType: 'image/jpeg' } });
  await updateMe(context, user.token, form).then((response) =>
    expect(response.statusCode, response.body).toBe(200),
  );
}

beforeAll(async () => {
  context = await createTestContext({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signUp(context, { email: ADMIN_EMAIL, username: `admin_${Date.now().toString(36)}` });
  author = await signUp(context, { firstname: 'Gulnora', lastname: 'Ismoilova' });
  await edit(author, {
    headline: 'Frontend dasturchi <React & TypeScript>',
    openToWork: { status: 'looking', roles: [], employment: [], remote: true },
  });
  portfolios.push(
    await publish(author, 'Ob-havo ilovasi', ['React', 'TypeScript', 'Vite'], await pngImage(600, 400)),
    await publish(author, 'Do‘kon', ['React', 'TypeScript', 'Go']),
    await publish(author, 'Kutubxona', ['Go', 'TypeScript', 'React', 'Vite']),
    await publish(author, 'Tizim', ['Rust']),
  );
});
afterAll(() => context?.close());

describe('a profile’s SVG card', () => {
  it('shows the name, headline, counts, status and the three most used technologies', async () => {
    const follower = await signUp(context);
    const follow = await call(context.app, {
      method: 'PUT',
      url: `/api/user/${author.username}/follow`,
      headers: as(follower),
    });
    expect(follow.statusCode, follow.body).toBeLessThan(300);
    const { response, document, texts } = await svgOf(profileUrl(author));
    expect(texts).toEqual(
      expect.arrayContaining([
        'Gulnora Ismoilova',
        `@${author.username}`,
        'Frontend dasturchi <React & TypeScript>',
        '4 ta portfolio · 1 ta kuzatuvchi',
        'Ishga tayyor',
        'Portfolio Master',
      ]),
    );
    // By how many portfolios use each (React and TypeScript three, then Go and Vite two: Go by name).
    const chips = texts.slice(texts.indexOf('4 ta portfolio · 1 ta kuzatuvchi') + 1, -1);
    expect(chips).toEqual(['React', 'TypeScript', 'Go']);
    // Initials without an avatar, and the escaped headline in the source.
    expect(texts).toContain('GI');
    expect(response.body).toContain('&lt;React &amp; TypeScript&gt;');
    expect(document.getElementsByTagNameNS(SVG, 'title')[0]!.textContent).toContain('Gulnora Ismoilova');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'",
    );
    // Only the portfolio's card may be framed elsewhere.
    expect(response.headers['x-frame-options']).toBeDefined();
    expect(response.headers.etag).toMatch(/^"[\w-]{20}"$/);
  });

  it('speaks the language of its prefix and draws dark with ?theme=dark', async () => {
    const russian = await svgOf(profileUrl(author, '/ru'));
    expect(russian.texts).toEqual(expect.arrayContaining(['4 портфолио · 1 подписчик', 'Ищет работу']));
    const english = await svgOf(profileUrl(author, '/en'));
    expect(english.texts).toEqual(expect.arrayContaining(['4 portfolios · 1 follower', 'Looking for work']));
    const cyrillic = await svgOf(profileUrl(author, '/uz-Cyrl'));
    expect(cyrillic.texts.join(' ')).toMatch(/портфолио/);
    const light = await svgOf(profileUrl(author));
    const dark = await svgOf(`${profileUrl(author)}?theme=dark`);
    expect(dark.response.body).not.toBe(light.response.body);
    expect(dark.response.body).toContain('#0d1117');
    expect(dark.response.headers.etag).not.toBe(light.response.headers.etag);
    // An unknown theme is the light one.
    expect((await get(`${profileUrl(author)}?theme=neon`)).body).toBe(light.response.body);
  });

  it('is drawn once per version: 304 for the same ETag, a new ETag after an edit', async () => {
    const user = await signUp(context, { firstname: 'Bir', lastname: 'Marta' });
    const embeds = context.app.services.embeds;
    const before = embeds.drawings;
    const first = await svgOf(profileUrl(user));
    await svgOf(profileUrl(user));
    expect(embeds.drawings - before).toBe(1);
    const etag = first.response.headers.etag as string;
    const again = await get(profileUrl(user), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(embeds.drawings - before).toBe(1);

    await edit(user, { headline: 'Backend dasturchi' });
    const edited = await svgOf(profileUrl(user));
    expect(edited.texts).toContain('Backend dasturchi');
    expect(edited.response.headers.etag).not.toBe(etag);
    expect(embeds.drawings - before).toBe(2);
    expect((await get(profileUrl(user), { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('lets go of the profiles it read when nobody asks for them, and reads them again when asked', async () => {
    const user = await signUp(context, { firstname: 'Unutilgan', lastname: 'Karta' });
    const { embeds } = context.app.services;
    await svgOf(profileUrl(user));
    // The app's idle trimmer asks every kept read to let go of what nobody asked for in a while.
    expect(embeds.trimIdle(0)).toBeGreaterThan(0);
    expect(embeds.trimIdle(0)).toBe(0);
    expect((await svgOf(profileUrl(user))).texts).toContain('Unutilgan Karta');
  });

  it('shows the first skills when there is no headline, and cuts long lines', async () => {
    const user = await signUp(context, { firstname: 'Sh'.repeat(24), lastname: 'Uzunboyeva' });
    await edit(user, { skills: ['Python', 'Django', 'PostgreSQL'] });
    const { texts } = await svgOf(profileUrl(user));
    expect(texts).toContain('Python, Django, PostgreSQL');
    const name = texts.find((each) => each.startsWith('ShSh'))!;
    expect(name.endsWith('…')).toBe(true);
    expect(name.length).toBeLessThan(45);
  });

  it('carries its avatar inside itself and stays under 30 KB with a large, busy one', async () => {
    const user = await signUp(context, { firstname: 'Rasmli', lastname: 'Odam' });
    await uploadAvatar(user, await noisyImage(1400));
    const { response, document, texts } = await svgOf(profileUrl(user));
    const image = document.getElementsByTagNameNS(SVG, 'image')[0]!;
    const href = image.getAttribute('href')!;
    expect(href).toMatch(/^data:image\/jpeg;base64,/);
    const decoded = await sharp(Buffer.from(href.split(',')[1]!, 'base64')).metadata();
    expect([decoded.format, decoded.width, decoded.height]).toEqual(['jpeg', 112, 112]);
    expect(texts).not.toContain('RO');
    expect(response.rawPayload.length).toBeLessThan(30 * 1024);
    expect(href.length).toBeGreaterThan(8_000);
    // Nothing outside the document is named.
    expect(response.body).not.toMatch(/(?:href|src)="(?!data:)/);
  });

  it('answers a small SVG saying so for an unknown, hidden or blocked profile', async () => {
    const unknown = await svgOf('/embed/profile/nobody_here_at_all.svg', 404);
    expect(unknown.texts).toEqual(['Profil topilmadi']);
    expect((await svgOf('/ru/embed/profile/nobody_here_at_all.svg', 404)).texts).toEqual([
      'Профиль не найден',
    ]);
    expect((await svgOf(`/embed/profile/${author.username}.png`, 404)).texts).toEqual(['Profil topilmadi']);

    const hidden = await signUp(context);
    await svgOf(profileUrl(hidden));
    await moderate('/api/admin/hide', { target: 'user', id: hidden.id, reason: 'Sinov' });
    expect((await svgOf(profileUrl(hidden), 404)).texts).toEqual(['Profil topilmadi']);

    const blocked = await signUp(context);
    await svgOf(profileUrl(blocked));
    await moderate('/api/admin/block', { userId: blocked.id, reason: 'Spam', days: null });
    await svgOf(profileUrl(blocked), 404);
    await moderate('/api/admin/unblock', { userId: blocked.id, reason: 'Xato' });
    await svgOf(profileUrl(blocked));
  });
});

describe('a portfolio’s framed card', () => {
  const viewCount = async () =>
    Number(
      (
        await context.app.services.db
          .selectFrom('portfolio_views')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('is HTML any site may frame, with no cookie and no view counted', async () => {
    const views = await viewCount();
    const { linktitle } = portfolios[0]!;
    const response = await get(`/embed/portfolio/${encodeURIComponent(linktitle)}`, {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=600');
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
    const policy = response.headers['content-security-policy'] as string;
    expect(policy).toContain('frame-ancestors *');
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('script-src');
    expect(response.body).toMatch(/^<!doctype html><html lang="uz-Latn">/);
    expect(response.body).toContain('<h1><a href="http://localhost:5173/portfolio/');
    expect(response.body).toContain('Ob-havo ilovasi');
    expect(response.body).toContain('Gulnora Ismoilova');
    expect(response.body).toContain('<li>React</li><li>TypeScript</li><li>Vite</li>');
    expect(response.body).toContain('0 ta yoqtirish');
    expect(response.body).toContain('target="_blank" rel="noopener"');
    expect(response.body).toMatch(/<img class="cover" src="\/image\/[^"]+\?w=256"/);
    expect(response.body).not.toContain('<script');
    expect(await viewCount()).toBe(views);
    const again = await get(`/embed/portfolio/${linktitle}`, {
      'if-none-match': response.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);

    const russian = await get(`/ru/embed/portfolio/${linktitle}`);
    expect(russian.body).toMatch(/<html lang="ru">/);
    expect(russian.body).toContain('Открыть на Portfolio Master');
    expect(russian.body).toContain('href="http://localhost:5173/ru/portfolio/');
  });

  it('shows its likes as they change', async () => {
    const { _id, linktitle } = portfolios[1]!;
    expect((await get(`/en/embed/portfolio/${linktitle}`)).body).toContain('0 likes');
    const like = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/like/${_id}`,
      headers: as(admin),
    });
    expect(like.statusCode, like.body).toBeLessThan(300);
    expect((await get(`/en/embed/portfolio/${linktitle}`)).body).toContain('1 like');
  });

  it('answers 404 HTML for a hidden or unknown portfolio and for a hidden author’s', async () => {
    const missing = await get('/embed/portfolio/yoq-narsa');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(missing.body).toContain('Portfolio topilmadi');
    expect(missing.headers['content-security-policy']).toContain('frame-ancestors *');

    const user = await signUp(context);
    const created = await publish(user, 'Yashirin ish', ['PHP']);
    expect((await get(`/embed/portfolio/${created.linktitle}`)).statusCode).toBe(200);
    await moderate('/api/admin/hide', { target: 'portfolio', id: created._id, reason: 'Sinov' });
    expect((await get(`/embed/portfolio/${created.linktitle}`)).statusCode).toBe(404);

    const other = await signUp(context);
    const shown = await publish(other, 'Ko‘rinadigan ish', ['PHP']);
    expect((await get(`/embed/portfolio/${shown.linktitle}`)).statusCode).toBe(200);
    await moderate('/api/admin/hide', { target: 'user', id: other.id, reason: 'Sinov' });
    expect((await get(`/embed/portfolio/${shown.linktitle}`)).statusCode).toBe(404);
  });

  it('lets the image origin in when images are served from a bucket', () => {
    expect(framedCardPolicy('https://cdn.example.uz/images')).toContain(
      "img-src 'self' data: https://cdn.example.uz;",
    );
    expect(framedCardPolicy(undefined)).toContain("img-src 'self' data:;");
  });
});

describe('oEmbed', () => {
  const oembed = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    call(context.app, { method: 'GET', url: `/oembed?${new URLSearchParams(query)}`, headers });
  const site = 'http://localhost:5173';

  it('answers a portfolio’s address with its framed card', async () => {
    const { linktitle } = portfolios[0]!;
    const response = await oembed({ url: `${site}/portfolio/${linktitle}`, format: 'json' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      version: '1.0',
      type: 'rich',
      provider_name: 'Portfolio Master',
      provider_url: `${site}/`,
      title: 'Ob-havo ilovasi',
      author_name: 'Gulnora Ismoilova',
      author_url: `${site}/profile/${author.username}`,
      html:
        `<iframe src="${site}/embed/portfolio/${linktitle}" width="400" height="160" style="border:0" ` +
        `loading="lazy" title="Ob-havo ilovasi — Portfolio Master"></iframe>`,
      width: 400,
      height: 160,
      thumbnail_url: `${site}/og/portfolio/${linktitle}.png`,
      thumbnail_width: 1200,
      thumbnail_height: 630,
      cache_age: 3600,
    });
  });

  it('answers a profile’s address, in the language of its prefix, scaled within maxwidth and maxheight', async () => {
    const response = await oembed({ url: `${site}/ru/profile/${author.username}/`, maxwidth: '300' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      type: 'rich',
      title: 'Gulnora Ismoilova',
      author_name: 'Gulnora Ismoilova',
      author_url: `${site}/ru/profile/${author.username}`,
      width: 300,
      height: 118,
      thumbnail_url: `${site}/ru/og/profile/${author.username}.png`,
    });
    expect(answer.html).toBe(
      `<a href="${site}/ru/profile/${author.username}"><img src="${site}/ru/embed/profile/${author.username}.svg" ` +
        `alt="Gulnora Ismoilova — профиль на Portfolio Master" width="300" height="118"></a>`,
    );
    const both = (
      await oembed({ url: `${site}/en/profile/${author.username}`, maxwidth: '1000', maxheight: '100' })
    ).json();
    expect([both.width, both.height]).toEqual([254, 100]);
    const larger = (await oembed({ url: `${site}/profile/${author.username}`, maxwidth: '2000' })).json();
    expect([larger.width, larger.height]).toEqual([495, 195]);
  });

  it('answers JSON only: 501 for XML', async () => {
    const response = await oembed({ url: `${site}/profile/${author.username}`, format: 'xml' });
    expect(response.statusCode).toBe(501);
  });

  it('answers 404 for other sites, other pages, garbage and what nobody may see, in the reader’s language', async () => {
    const hiddenAuthor = await signUp(context);
    await moderate('/api/admin/hide', { target: 'user', id: hiddenAuthor.id, reason: 'Sinov' });
    const hiddenWork = await publish(author, 'Yashirilgan loyiha', ['Go']);
    await moderate('/api/admin/hide', { target: 'portfolio', id: hiddenWork._id, reason: 'Sinov' });
    const refused: Record<string, string>[] = [
      {},
      { url: '' },
      { url: 'not an address' },
      { url: 'http://[' },
      { url: `https://evil.example/portfolio/${portfolios[0]!.linktitle}` },
      { url: `${site}/page/1` },
      { url: `${site}/portfolio/` },
      { url: `${site}/portfolio/a/b` },
      { url: `${site}/portfolio/%E0%A4%A` },
      { url: `${site}/portfolio/yoq-narsa` },
      { url: `${site}/profile/${hiddenAuthor.username}` },
      { url: `${site}/en/portfolio/${hiddenWork.linktitle}` },
      { url: `${site}/profile/nobody_here_at_all` },
      { url: `javascript:alert(1)` },
    ];
    for (const query of refused) {
      const response = await oembed(query, { 'accept-language': 'ru' });
      expect(response.statusCode, JSON.stringify(query)).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    const foreign = await oembed({ url: 'https://evil.example/profile/x' }, { 'accept-language': 'ru' });
    expect(foreign.json().detail).toMatch(/^Этот адрес/);
  });
});

describe('laying a card out', () => {
  it('escapes text for XML and leaves out what XML forbids', () => {
    expect(escapeXml(`<a href="x">'&'</a>\u0001\uD800`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('cuts a line after a whole character', () => {
    expect(fit('Qisqa', 100, 14)).toBe('Qisqa');
    const cut = fit('👩‍💻'.repeat(30), 100, 14);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.replace('…', '').replaceAll('👩‍💻', '')).toBe('');
  });

  it('scales a frame down within both bounds, never up', () => {
    expect(scaled(400, 160, {})).toEqual({ width: 400, height: 160 });
    expect(scaled(400, 160, { width: 200 })).toEqual({ width: 200, height: 80 });
    expect(scaled(400, 160, { width: 1000, height: 40 })).toEqual({ width: 100, height: 40 });
  });
});
