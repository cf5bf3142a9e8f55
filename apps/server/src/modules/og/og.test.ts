import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { multipart, pngImage } from '../../test/forms.js';
import { CARD_HEIGHT, CARD_WIDTH, textBlock } from './og-cards.js';

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
