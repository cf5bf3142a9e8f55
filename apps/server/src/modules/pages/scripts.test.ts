import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { createLibraryPortfolio, createPagesContext } from '../../test/pages.js';

let context: TestContext;
let author: TestUser;
let linktitle: string;

beforeAll(async () => {
  context = await createPagesContext({ PUBLIC_URL: 'https://portfolio.example.uz' });
  author = await signUp(context, { firstname: 'Shoxrux' });
  linktitle = await createLibraryPortfolio(context, author);
});
afterAll(() => context?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers });

const langOf = (html: string) => /<html lang="([^"]+)">/.exec(html)?.[1];

describe('pages in either script', () => {
  it('renders Latin at the site’s addresses, Cyrillic under /uz-Cyrl, and what people wrote as written', async () => {
    const latin = await get(`/portfolio/${linktitle}`);
    expect(langOf(latin.body)).toBe('uz-Latn');
    expect(latin.headers['content-language']).toBe('uz-Latn');
    expect(latin.body).toContain('Kirish');

    const cyrillic = await get(`/uz-Cyrl/portfolio/${linktitle}`);
    expect(cyrillic.statusCode).toBe(200);
    expect(langOf(cyrillic.body)).toBe('uz-Cyrl');
    expect(cyrillic.headers['content-language']).toBe('uz-Cyrl');
    expect(cyrillic.body).toContain('Кириш');
    expect(cyrillic.body).toContain('Рўйхатдан ўтиш');
    expect(cyrillic.body).not.toContain('>Kirish<');
    // The author's title, description and name stay as written.
    expect(cyrillic.body).toContain('Yangi kutubxona sayti');
    expect(cyrillic.body).toContain('Toshkent kitobxonlari uchun.');
    expect(cyrillic.body).toContain('Shoxrux');
    // Each script is its own cached page, told apart by its address alone.
    expect(cyrillic.headers.etag).not.toBe(latin.headers.etag);
    expect(String(cyrillic.headers.vary)).not.toMatch(/cookie|accept-language/);
    expect(String(cyrillic.headers.vary)).toMatch(/accept-encoding/);
    const latinAgain = await get(`/portfolio/${linktitle}`, { cookie: 'theme=dark; script=cyrl' });
    expect(latinAgain.body).toBe(latin.body);
  });

  it('sends a first visit to Cyrillic for Accept-Language: uz-Cyrl or an earlier choice, the cookie first', async () => {
    const firstVisit = await get('/', { 'accept-language': 'uz-Cyrl,uz;q=0.9,ru;q=0.8' });
    expect(firstVisit.headers.location).toBe('/uz-Cyrl/page/1');
    const cyrillic = await get(String(firstVisit.headers.location));
    expect(langOf(cyrillic.body)).toBe('uz-Cyrl');
    expect(cyrillic.body).toContain('Портфолио жойлаш');
    const chosenLatin = await get('/', { 'accept-language': 'uz-Cyrl', cookie: 'script=latn' });
    expect(chosenLatin.headers.location).toBe('/page/1');
    const chosenCyrillic = await get('/', { cookie: 'script=cyrl' });
    expect(chosenCyrillic.headers.location).toBe('/uz-Cyrl/page/1');
  });
});

describe('the earlier switch', () => {
  it('remembers the script as a language for a year and goes to the page in it', async () => {
    const answer = await get(`/api/script/cyrl?back=${encodeURIComponent(`/portfolio/${linktitle}?a=1`)}`);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`/uz-Cyrl/portfolio/${linktitle}?a=1`);
    expect(answer.headers['set-cookie']).toBe('lang=uz-Cyrl; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(answer.headers['cache-control']).toBe('no-store');
    const back = await get(String(answer.headers.location), {
      cookie: String(answer.headers['set-cookie']).split(';')[0]!,
    });
    expect(langOf(back.body)).toBe('uz-Cyrl');
    const latin = await get('/api/script/latn?back=/page/2');
    expect(latin.headers['set-cookie']).toMatch(/^lang=uz-Latn;/);
    expect(latin.headers.location).toBe('/page/2');
  });

  it('keeps a page whose address has non-Latin letters, as the browser wrote it', async () => {
    const path = `/technology/${encodeURIComponent('Тошкент')}?page=2#top`;
    const answer = await get(`/api/script/cyrl?back=${encodeURIComponent(path)}`);
    expect(answer.headers.location).toBe(`/uz-Cyrl${path}`);
  });

  it('refuses a script it does not know', async () => {
    const answer = await call(context.app, { method: 'GET', url: '/api/script/greek' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(answer.headers['set-cookie']).toBeUndefined();
  });
});

describe('API errors in the reader’s script', () => {
  it('writes the message in Cyrillic for a Cyrillic reader; the code stays the same', async () => {
    const request = (headers: Record<string, string>) =>
      call(context.app, {
        method: 'POST',
        url: '/api/portfolio/create',
        headers,
        payload: { title: 'x' },
      });
    const latin = await request({});
    const cyrillic = await request({ cookie: 'script=cyrl' });
    expect(latin.statusCode).toBe(401);
    expect(cyrillic.statusCode).toBe(401);
    expect(cyrillic.json().code).toBe(latin.json().code);
    expect(latin.json().detail).toMatch(/tizimga kiring/);
    expect(cyrillic.json().detail).toMatch(/тизимга киринг/);
    // Field messages too.
    const invalid = await call(context.app, {
      method: 'GET',
      url: '/api/portfolio?q=' + 'a'.repeat(300),
      headers: { 'accept-language': 'uz-Cyrl' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(JSON.stringify(invalid.json())).toContain('Қидирув матни 200 белгидан ошмасин');
  });
});
