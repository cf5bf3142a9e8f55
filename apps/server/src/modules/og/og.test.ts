import fs from 'node:fs';
import path from 'node:path';
import { LIMITS } from '@portfolio-master/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { multipart, pngImage } from '../../test/forms.js';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  type Layer,
  portfolioCardLayers,
  profileCardLayers,
  resolveFonts,
  textBlock,
  textLine,
} from './og-cards.js';

let context: TestContext;
let author: TestUser;
let linktitle: string;
let portfolioId: string;

beforeAll(async () => {
  context = await createTestContext();
  author = await signUp(context, { firstname: 'Gulnora', lastname: 'Ismoilova' });
  const form = await multipart({
    title: 'Ob-havo ilovasi',
    url: 'https://weather.example.uz',
    used: 'React, TypeScript, Vite, Vitest, Playwright, Docker',
    images: { content: await pngImage(900, 600), filename: 'cover.png', contentType: 'image/png' },
  });
  const created = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: { 'x-token': author.token, ...form.headers },
    payload: form.payload,
  });
  expect(created.statusCode).toBe(201);
  linktitle = created.json().linktitle;
  portfolioId = created.json()._id;
});
afterAll(() => context?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers });

const cardFiles = (prefix: string) =>
  fs.readdirSync(context.app.services.previewCards.dir).filter((name) => name.startsWith(prefix));

async function expectCard(url: string) {
  const response = await get(url);
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toBe('image/png');
  expect(response.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  const metadata = await sharp(response.rawPayload).metadata();
  expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', CARD_WIDTH, CARD_HEIGHT]);
  expect(response.headers.etag).toMatch(/^"[\w-]{20}"$/);
  expect(response.headers['cache-control']).toBe('public, max-age=3600');
  return response;
}

describe('preview cards', () => {
  it('draws a portfolio card once and answers it again from the stored file', async () => {
    const url = `/og/portfolio/${encodeURIComponent(linktitle)}.png`;
    const first = await expectCard(url);
    const [file] = cardFiles(`portfolio-${portfolioId}-`);
    const drawnAt = fs.statSync(path.join(context.app.services.previewCards.dir, file!)).mtimeMs;
    const second = await expectCard(url);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(cardFiles(`portfolio-${portfolioId}-`)).toEqual([file]);
    expect(fs.statSync(path.join(context.app.services.previewCards.dir, file!)).mtimeMs).toBe(drawnAt);
    const notModified = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    const head = await context.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(head.body).toBe('');
  });

  it('draws a new card when what it shows changes, and removes the old one', async () => {
    const url = `/og/portfolio/${encodeURIComponent(linktitle)}.png`;
    const before = await expectCard(url);
    const updated = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/update/${portfolioId}`,
      headers: { 'x-token': author.token },
      payload: { title: 'Toshkent uchun ob-havo', used: ['Go'] },
    });
    expect(updated.statusCode).toBe(200);
    const after = await expectCard(url);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
    expect(cardFiles(`portfolio-${portfolioId}-`)).toHaveLength(1);
    // A like changes nothing drawn on the card.
    const like = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/like/${portfolioId}`,
      headers: { 'x-token': author.token },
    });
    expect(like.statusCode).toBe(200);
    expect((await get(url)).headers.etag).toBe(after.headers.etag);
  });

  it('removes a deleted portfolio’s card', async () => {
    const user = await signUp(context);
    const created = await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/create',
      headers: { 'x-token': user.token },
      payload: { title: 'O‘chadigan', url: 'https://example.uz', used: ['Go'] },
    });
    await expectCard(`/og/portfolio/${encodeURIComponent(created.json().linktitle)}.png`);
    expect(cardFiles(`portfolio-${created.json()._id}-`)).toHaveLength(1);
    const deleted = await call(context.app, {
      method: 'DELETE',
      url: `/api/portfolio/delete/${created.json()._id}`,
      headers: { 'x-token': user.token },
    });
    expect(deleted.statusCode).toBe(204);
    for (
      let attempt = 0;
      attempt < 50 && cardFiles(`portfolio-${created.json()._id}-`).length > 0;
      attempt += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(cardFiles(`portfolio-${created.json()._id}-`)).toEqual([]);
  });

  it('draws a card once for concurrent first requests', async () => {
    const user = await signUp(context);
    const created = await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/create',
      headers: { 'x-token': user.token },
      payload: { title: 'Bir vaqtda', url: 'https://example.uz', used: ['Rust'] },
    });
    const url = `/og/portfolio/${encodeURIComponent(created.json().linktitle)}.png`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(url)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    expect(cardFiles(`portfolio-${created.json()._id}-`)).toHaveLength(1);
  });

  it('draws profile cards and the site card', async () => {
    const profile = await expectCard(`/og/profile/${author.username}.png`);
    const site = await expectCard('/og/site.png');
    expect(profile.rawPayload.equals(site.rawPayload)).toBe(false);
  });

  it.each([
    '/og/portfolio/yoq_narsa.png',
    '/og/profile/yoq_odam.png',
    `/og/portfolio/${encodeURIComponent('a%b?c#d')}.png`,
    `/og/portfolio/${encodeURIComponent('Тошкент_ҳаво')}.png`,
    '/og/portfolio/no-extension',
    '/og/profile/%E0%A4%A.png',
  ])('answers %s with 404, never 500', async (url) => {
    const response = await get(url, { accept: 'application/json' });
    expect([400, 404]).toContain(response.statusCode);
    expect(response.statusCode).not.toBe(500);
  });
});

describe('card text', () => {
  it('sets a title too long for its box smaller until it fits, in both scripts', async () => {
    const box = { width: 1056, height: 250 };
    for (const title of [
      'Toshkent shahri uchun ob-havo ilovasi: o‘zbekcha interfeys, g‘arbiy tumanlar va qishloq xo‘jaligi uchun aniq prognoz, ogohlantirishlar va xaritalar tizimi',
      'Тошкент шаҳри учун об-ҳаво иловаси: ўзбекча интерфейс, ғарбий туманлар ва қишлоқ хўжалиги учун аниқ прогноз ва огоҳлантиришлар тизими',
      'Juda_uzun_bitta_so‘z_bo‘sh_joysiz_yozilgan_sarlavha_ham_qatorlarga_bo‘linib_qutiga_sig‘ishi_kerak_hatto_bo‘sh_joy_bo‘lmasa_ham',
    ]) {
      const block = await textBlock(title, { weight: 'bold', size: 68, box });
      expect(block.width, title).toBeLessThanOrEqual(box.width);
      expect(block.height, title).toBeLessThanOrEqual(box.height);
      // Still a real amount of text, not an empty or cut image.
      expect(block.height, title).toBeGreaterThan(100);
    }
    const short = await textBlock('Chat', { weight: 'bold', size: 68, box });
    expect(short.height).toBeLessThan(100);
  });
});

/** The longest values the API accepts, in both scripts and without spaces. */
const LONGEST = {
  latin:
    'Toshkent shahri uchun ob-havo ilovasi: o‘zbekcha interfeys, g‘arbiy tumanlar va qishloq xo‘jaligi uchun aniq prognoz',
  cyrillic:
    'Тошкент шаҳри учун об-ҳаво иловаси: ўзбекча интерфейс, ғарбий туманлар ва қишлоқ хўжалиги учун аниқ прогноз тизими',
  unbroken: 'Ш'.repeat(LIMITS.title.max),
  firstname: 'Muhammadali'.repeat(5).slice(0, LIMITS.name.max),
  lastname: 'Abdurahmonova'.repeat(4).slice(0, LIMITS.name.max - 12) + 'Qo‘chqorovna',
  username: 'w'.repeat(LIMITS.username.max),
  technology: 'Ж'.repeat(LIMITS.technologies.itemMax),
};

/** Every layer stays 56 px clear of the card's edges, and no two things drawn overlap. */
function expectLaidOut(layers: Layer[]) {
  const frame = 56;
  for (const layer of layers) {
    expect(layer.left, layer.part).toBeGreaterThanOrEqual(frame);
    expect(layer.top, layer.part).toBeGreaterThanOrEqual(frame);
    expect(layer.left + layer.width, layer.part).toBeLessThanOrEqual(CARD_WIDTH - frame);
    expect(layer.top + layer.height, layer.part).toBeLessThanOrEqual(CARD_HEIGHT - frame);
  }
  for (const a of layers) {
    for (const b of layers) {
      if (a.part === b.part) continue;
      const apart =
        a.left + a.width <= b.left ||
        b.left + b.width <= a.left ||
        a.top + a.height <= b.top ||
        b.top + b.height <= a.top;
      expect(apart, `${a.part} overlaps ${b.part}`).toBe(true);
    }
  }
}

const layer = (layers: Layer[], part: string) => layers.find((candidate) => candidate.part === part)!;

describe('card layout', () => {
  it('keeps everything on a portfolio card inside it at the longest allowed values', async () => {
    for (const title of [LONGEST.latin, LONGEST.cyrillic, LONGEST.unbroken]) {
      expect(title.length).toBeGreaterThan(110);
      expect(title.length).toBeLessThanOrEqual(LIMITS.title.max);
      const layers = await portfolioCardLayers({
        title,
        authorName: `${LONGEST.firstname} ${LONGEST.lastname}`,
        username: LONGEST.username,
        avatar: null,
        cover: null,
        technologies: Array.from({ length: 5 }, (_, index) => `${LONGEST.technology.slice(1)}${index}`),
      });
      expectLaidOut(layers);
      expect(layer(layers, 'title').height, title).toBeGreaterThan(150);
      expect(layer(layers, 'author name').width).toBeGreaterThan(600);
      expect(layer(layers, 'chip 0')).toBeDefined();
    }
  });

  it('keeps everything on a profile card inside it at the longest allowed values', async () => {
    const layers = await profileCardLayers({
      name: `${LONGEST.firstname} ${LONGEST.lastname}`,
      username: LONGEST.username,
      avatar: null,
      about: LONGEST.cyrillic + LONGEST.latin,
      portfolios: 1_234_567,
    });
    expectLaidOut(layers);
    expect(layers.map((each) => each.part)).toEqual(
      expect.arrayContaining(['name', 'username', 'about', 'portfolio count']),
    );
  });

  it('sets a line too wide smaller, then cuts it after a whole letter with an ellipsis', async () => {
    const name = await textLine('Ўғилой Қўчқорова', { weight: 'bold', size: 40, maxWidth: 2000 });
    const smaller = await textLine('Ўғилой Қўчқорова', {
      weight: 'bold',
      size: 40,
      minSize: 20,
      maxWidth: name.width * 0.75,
    });
    expect(smaller.width).toBeLessThanOrEqual(name.width * 0.75);
    expect(smaller.height).toBeLessThan(name.height);
    const cut = await textLine('Ўғилой Қўчқорова'.repeat(10), { weight: 'bold', size: 40, maxWidth: 300 });
    expect(cut.width).toBeLessThanOrEqual(300);
    expect(cut.width).toBeGreaterThan(200);
    expect(cut.height).toBe(name.height);
  });

  it('finds the font files, and names the one missing', () => {
    for (const file of Object.values(resolveFonts())) expect(fs.existsSync(file), file).toBe(true);
    expect(() => resolveFonts('@expo-google-fonts/yoq')).toThrow(
      /@expo-google-fonts\/yoq\/400Regular\/Inter_400Regular\.ttf.*npm ci/,
    );
  });
});
