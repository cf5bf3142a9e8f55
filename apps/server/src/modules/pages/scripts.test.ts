import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';

const WEB_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

let context: TestContext;
let author: TestUser;
let linktitle: string;

beforeAll(async () => {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('The web app is not built: npm run build -w @portfolio-master/web');
  }
  context = await createTestContext({ WEB_DIST, PUBLIC_URL: 'https://portfolio.example.uz' });
  author = await signUp(context, { firstname: 'Shoxrux' });
  const created = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: { 'x-token': author.token },
    payload: {
      title: 'Yangi kutubxona sayti',
      url: 'https://kutubxona.example.uz',
      used: ['React'],
      description: 'Toshkent kitobxonlari uchun.',
    },
  });
  expect(created.statusCode).toBe(201);
  linktitle = created.json().linktitle;
});
afterAll(() => context?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers });

const langOf = (html: string) => /<html lang="([^"]+)">/.exec(html)?.[1];

describe('pages in the reader’s script', () => {
  it('renders Latin by default, Cyrillic for the cookie, and what people wrote as they wrote it', async () => {
    const latin = await get(`/portfolio/${linktitle}`);
    expect(langOf(latin.body)).toBe('uz-Latn');
    expect(latin.headers['content-language']).toBe('uz-Latn');
    expect(latin.body).toContain('Kirish');

    const cyrillic = await get(`/portfolio/${linktitle}`, { cookie: 'theme=dark; script=cyrl' });
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
    // Each script is its own cached page, told apart by the cookie and Accept-Language.
    expect(cyrillic.headers.etag).not.toBe(latin.headers.etag);
    expect(String(cyrillic.headers.vary)).toMatch(/cookie/);
    expect(String(cyrillic.headers.vary)).toMatch(/accept-language/);
    expect(String(cyrillic.headers.vary)).toMatch(/accept-encoding/);
    const latinAgain = await get(`/portfolio/${linktitle}`);
    expect(latinAgain.body).toBe(latin.body);
  });

  it('honours Accept-Language: uz-Cyrl on a first visit, and the cookie over it', async () => {
    const firstVisit = await get('/page/1', { 'accept-language': 'uz-Cyrl,uz;q=0.9,ru;q=0.8' });
    expect(langOf(firstVisit.body)).toBe('uz-Cyrl');
    expect(firstVisit.body).toContain('Портфолио жойлаш');
    const chosenLatin = await get('/page/1', { 'accept-language': 'uz-Cyrl', cookie: 'script=latn' });
    expect(langOf(chosenLatin.body)).toBe('uz-Latn');
    expect(chosenLatin.body).toContain('Portfolio joylash');
  });
});

describe('the switch', () => {
  it('remembers the script for a year and goes back to the page', async () => {
    const answer = await get(`/api/script/cyrl?back=${encodeURIComponent(`/portfolio/${linktitle}?a=1`)}`);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`/portfolio/${linktitle}?a=1`);
    expect(answer.headers['set-cookie']).toBe('script=cyrl; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(answer.headers['cache-control']).toBe('no-store');
    const back = await get(String(answer.headers.location), {
      cookie: String(answer.headers['set-cookie']).split(';')[0]!,
    });
    expect(langOf(back.body)).toBe('uz-Cyrl');
    const latin = await get('/api/script/latn?back=/page/2');
    expect(latin.headers['set-cookie']).toMatch(/^script=latn;/);
    expect(latin.headers.location).toBe('/page/2');
  });

  // Each as it stands in the address bar: a browser drops tabs and newlines, reads `\` as `/`, and a
  // `Location` header cannot carry a control or non-ASCII character at all.
  it.each([
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
  ])('never sends the reader to another site, and never fails (back=%s)', async (back) => {
    const answer = await get(`/api/script/latn?back=${back}`);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/');
  });

  it('keeps a page whose address has non-Latin letters, as the browser wrote it', async () => {
    const path = `/technology/${encodeURIComponent('Тошкент')}?page=2#top`;
    const answer = await get(`/api/script/cyrl?back=${encodeURIComponent(path)}`);
    expect(answer.headers.location).toBe(path);
  });

  it('refuses a script it does not know, in Uzbek', async () => {
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
