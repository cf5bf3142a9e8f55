import fs from 'node:fs';
import { LIMITS } from '@portfolio-master/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../plugins/errors.js';
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
import { previewCardRoutes } from './og.routes.js';
import { PreviewCards } from './og.service.js';

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

type Color = { r: number; g: number; b: number };
const COVER: Color = { r: 200, g: 40, b: 40 };
/**
 * Lighter than anything the cards draw in a person's hue (every channel well above the darkest channel
 * of those colours), and not white like the text: no username's hue can come near it.
 */
const AVATAR: Color = { r: 250, g: 225, b: 150 };

let context: TestContext;
let author: TestUser;
let linktitle: string;
let portfolioId: string;

beforeAll(async () => {
  context = await createTestContext();
  author = await signUp(context, { firstname: 'Gulnora', lastname: 'Ismoilova' });
  const created = await createPortfolio(author, {
    title: 'Ob-havo ilovasi',
    used: 'React, TypeScript, Vite, Vitest, Playwright, Docker',
    cover: await pngImage(900, 600, COVER),
  });
  linktitle = created.linktitle;
  portfolioId = created._id;
});
afterAll(() => context?.close());

async function createPortfolio(
  user: TestUser,
  fields: { title: string; used?: string; cover?: Buffer },
): Promise<{ _id: string; linktitle: string }> {
  const form = await multipart({
    title: fields.title,
    url: 'https://example.uz',
    used: fields.used ?? 'Go',
    ...(fields.cover && {
      images: { content: fields.cover, filename: 'cover.png', contentType: 'image/png' },
    }),
  });
  const created = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: { 'x-token': user.token, ...form.headers },
    payload: form.payload,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}

const updatePortfolio = (id: string, payload: Record<string, unknown>) =>
  call(context.app, {
    method: 'PUT',
    url: `/api/portfolio/update/${id}`,
    headers: { 'x-token': author.token },
    payload,
  });

const get = (url: string, headers: Record<string, string> = {}, app: FastifyInstance = context.app) =>
  app.inject({ method: 'GET', url, headers });

const portfolioUrl = (name: string) => `/og/portfolio/${encodeURIComponent(name)}.png`;

const cardFiles = (prefix: string) =>
  fs.readdirSync(context.app.services.previewCards.dir).filter((name) => name.startsWith(prefix));

async function expectCard(url: string, app?: FastifyInstance) {
  const response = await get(url, {}, app);
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

async function pixel(png: Buffer, x: number, y: number): Promise<Color> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return { r: data[offset]!, g: data[offset + 1]!, b: data[offset + 2]! };
}

const isNear = (actual: Color, expected: Color, tolerance = 24) =>
  Math.abs(actual.r - expected.r) <= tolerance &&
  Math.abs(actual.g - expected.g) <= tolerance &&
  Math.abs(actual.b - expected.b) <= tolerance;

/** Counts the drawings, which must happen once per version of a card, not once per request. */
class CountingCards extends PreviewCards {
  drawings = 0;

  protected override draw(render: () => Promise<Buffer>) {
    this.drawings += 1;
    return super.draw(render);
  }
}

/** Its first answer names a file that a newer drawing removed just after. */
class OvertakenCards extends CountingCards {
  private overtaken = false;

  override async portfolio(name: string) {
    const card = await super.portfolio(name);
    if (card && !this.overtaken) {
      this.overtaken = true;
      fs.rmSync(card.file);
    }
    return card;
  }
}

/** The card routes over the test app's services and data, with drawings counted. */
async function countingApp(
  Cards: typeof CountingCards = CountingCards,
): Promise<{ app: FastifyInstance; cards: CountingCards }> {
  const { services } = context.app;
  const cards = new Cards(services.db, services.dialect, services);
  await cards.init();
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(previewCardRoutes, { ...services, previewCards: cards });
  await app.ready();
  return { app, cards };
}

describe('preview cards', () => {
  it('draws a card on first request and answers later ones from the stored file', async () => {
    const created = await createPortfolio(author, { title: 'Bir marta chiziladi' });
    const url = portfolioUrl(created.linktitle);
    const { app, cards } = await countingApp();
    const first = await expectCard(url, app);
    expect(cards.drawings).toBe(1);
    const second = await expectCard(url, app);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(cards.drawings).toBe(1);
    expect(cardFiles(`portfolio-${created._id}-`)).toHaveLength(1);
    // After a restart the stored card is still good.
    const restarted = await countingApp();
    expect((await expectCard(url, restarted.app)).headers.etag).toBe(first.headers.etag);
    expect(restarted.cards.drawings).toBe(0);
    await Promise.all([app.close(), restarted.app.close()]);
  });

  it('answers If-None-Match with 304 and HEAD with GET’s headers', async () => {
    const url = portfolioUrl(linktitle);
    const first = await expectCard(url);
    const etag = String(first.headers.etag);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const notModified = await get(url, { 'if-none-match': header });
      expect(notModified.statusCode, header).toBe(304);
      expect(notModified.rawPayload).toHaveLength(0);
      expect(notModified.headers.etag).toBe(etag);
    }
    expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    const head = await context.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['content-type', 'content-length', 'etag', 'cache-control']) {
      expect(head.headers[name], name).toBe(first.headers[name]);
    }
  });

  it('draws a new card when the title or the technologies change, and removes the old one', async () => {
    const url = portfolioUrl(linktitle);
    const { app, cards } = await countingApp();
    const before = await expectCard(url, app);
    const [oldFile] = cardFiles(`portfolio-${portfolioId}-`);
    let etag = before.headers.etag;
    let file = oldFile;
    for (const change of [{ title: 'Toshkent uchun ob-havo' }, { used: ['Go', 'Redis'] }]) {
      const drawings = cards.drawings;
      expect((await updatePortfolio(portfolioId, change)).statusCode).toBe(200);
      const after = await expectCard(url, app);
      expect(after.headers.etag, JSON.stringify(change)).not.toBe(etag);
      expect(cards.drawings).toBe(drawings + 1);
      const files = cardFiles(`portfolio-${portfolioId}-`);
      expect(files).toHaveLength(1);
      expect(files[0]).not.toBe(file);
      expect(files[0]).toContain(String(after.headers.etag).replaceAll('"', ''));
      etag = after.headers.etag;
      file = files[0];
    }
    // A like and a description change nothing drawn on the card.
    const drawings = cards.drawings;
    const like = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/like/${portfolioId}`,
      headers: { 'x-token': author.token },
    });
    expect(like.statusCode).toBe(200);
    expect((await updatePortfolio(portfolioId, { description: 'Yangi tavsif' })).statusCode).toBe(200);
    expect((await get(url, {}, app)).headers.etag).toBe(etag);
    expect(cards.drawings).toBe(drawings);
    await app.close();
  });

  it('removes a deleted portfolio’s card', async () => {
    const user = await signUp(context);
    const created = await createPortfolio(user, { title: 'O‘chadigan' });
    await expectCard(portfolioUrl(created.linktitle));
    expect(cardFiles(`portfolio-${created._id}-`)).toHaveLength(1);
    const deleted = await call(context.app, {
      method: 'DELETE',
      url: `/api/portfolio/delete/${created._id}`,
      headers: { 'x-token': user.token },
    });
    expect(deleted.statusCode).toBe(204);
    for (let attempt = 0; attempt < 50 && cardFiles(`portfolio-${created._id}-`).length > 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(cardFiles(`portfolio-${created._id}-`)).toEqual([]);
    expect((await get(portfolioUrl(created.linktitle))).statusCode).toBe(404);
  });

  it('draws a card once for concurrent first requests', async () => {
    const user = await signUp(context);
    const created = await createPortfolio(user, { title: 'Bir vaqtda', used: 'Rust' });
    const { app, cards } = await countingApp();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => get(portfolioUrl(created.linktitle), {}, app)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    expect(cards.drawings).toBe(1);
    expect(cardFiles(`portfolio-${created._id}-`)).toHaveLength(1);
    await app.close();
  });

  it('looks a card up again when a newer drawing removed it before it could be sent', async () => {
    const created = await createPortfolio(author, { title: 'Quvib o‘tilgan' });
    const { app, cards } = await countingApp(OvertakenCards);
    await expectCard(portfolioUrl(created.linktitle), app);
    expect(cards.drawings).toBe(2);
    await app.close();
  });

  it('puts the first image behind a portfolio’s card, and a drawn background without one', async () => {
    const withCover = await expectCard(portfolioUrl(linktitle));
    // Top right, clear of text: the cover under the shade, which is lightest at the top.
    const shaded = {
      r: COVER.r * 0.45 + 10 * 0.55,
      g: COVER.g * 0.45 + 14 * 0.55,
      b: COVER.b * 0.45 + 30 * 0.55,
    };
    expect(isNear(await pixel(withCover.rawPayload, 1180, 8), shaded)).toBe(true);
    const bare = await createPortfolio(author, { title: 'Rasmsiz loyiha' });
    const withoutCover = await expectCard(portfolioUrl(bare.linktitle));
    expect(isNear(await pixel(withoutCover.rawPayload, 1180, 8), shaded)).toBe(false);
  });

  it('shows the author’s avatar in a circle, or their initials without one', async () => {
    const user = await signUp(context, { firstname: 'Rasmli', lastname: 'Odam' });
    const created = await createPortfolio(user, { title: 'Avatar sinovi' });
    // Centres of the avatars on a portfolio's card and on a profile's.
    const spots = [
      { url: portfolioUrl(created.linktitle), x: 72 + 42, y: 630 - 56 - 42 },
      { url: `/og/profile/${user.username}.png`, x: 72 + 110, y: 190 + 110 },
    ];
    const initials = await Promise.all(spots.map((spot) => expectCard(spot.url)));
    for (const [index, spot] of spots.entries()) {
      expect(isNear(await pixel(initials[index]!.rawPayload, spot.x, spot.y), AVATAR), spot.url).toBe(false);
    }
    const form = await multipart({
      image: { content: await pngImage(300, 300, AVATAR), filename: 'me.png', contentType: 'image/png' },
    });
    const updated = await call(context.app, {
      method: 'PUT',
      url: '/api/user/me/update',
      headers: { 'x-token': user.token, ...form.headers },
      payload: form.payload,
    });
    expect(updated.statusCode).toBe(200);
    for (const [index, spot] of spots.entries()) {
      const card = await expectCard(spot.url);
      expect(card.headers.etag).not.toBe(initials[index]!.headers.etag);
      expect(isNear(await pixel(card.rawPayload, spot.x, spot.y), AVATAR), spot.url).toBe(true);
      // Outside the circle, at its box's corner, the background shows.
      const corner = { x: spot.x - (index === 0 ? 40 : 108), y: spot.y - (index === 0 ? 40 : 108) };
      expect(isNear(await pixel(card.rawPayload, corner.x, corner.y), AVATAR), spot.url).toBe(false);
    }
  });

  it('draws the longest titles in both scripts', async () => {
    for (const title of [LONGEST.latin, LONGEST.cyrillic]) {
      const created = await createPortfolio(author, { title, used: 'Kotlin, Jetpack Compose, Ktor' });
      await expectCard(portfolioUrl(created.linktitle));
    }
  });

  it('draws portfolios whose names hold odd characters', async () => {
    const created = await createPortfolio(author, { title: '100% tayyor? «Ёрдамчи» #1 & <b>' });
    expect(created.linktitle).toMatch(/Ёрдамчи/);
    await expectCard(portfolioUrl(created.linktitle));
  });

  it('draws profile cards and the site card', async () => {
    const profile = await expectCard(`/og/profile/${author.username}.png`);
    const site = await expectCard('/og/site.png');
    expect(profile.rawPayload.equals(site.rawPayload)).toBe(false);
  });

  it('draws the profile’s card again when its headline changes', async () => {
    const person = await signUp(context, { firstname: 'Sardor', lastname: 'Qodirov' });
    const before = await expectCard(`/og/profile/${person.username}.png`);
    const edited = await call(context.app, {
      method: 'PUT',
      url: '/api/user/me/update',
      headers: { 'x-token': person.token },
      payload: { headline: 'Backend dasturchi, Go' },
    });
    expect(edited.statusCode).toBe(200);
    const after = await expectCard(`/og/profile/${person.username}.png`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('draws the profile’s and the site’s cards in each language, and one portfolio card for all', async () => {
    const created = await createPortfolio(author, { title: 'Tillar kartasi' });
    const portfolio = await expectCard(portfolioUrl(created.linktitle));
    const sites = new Set<string>();
    const profiles = new Set<string>();
    for (const prefix of ['/uz-Cyrl', '/ru', '/en']) {
      const same = await expectCard(`${prefix}${portfolioUrl(created.linktitle)}`);
      expect(same.rawPayload.equals(portfolio.rawPayload), prefix).toBe(true);
      sites.add((await expectCard(`${prefix}/og/site.png`)).headers.etag as string);
      profiles.add((await expectCard(`${prefix}/og/profile/${author.username}.png`)).headers.etag as string);
    }
    sites.add((await expectCard('/og/site.png')).headers.etag as string);
    profiles.add((await expectCard(`/og/profile/${author.username}.png`)).headers.etag as string);
    expect(sites.size).toBe(4);
    expect(profiles.size).toBe(4);
    // Drawing one language's card leaves the others' in place.
    for (const locale of ['uz-Latn', 'uz-Cyrl', 'ru', 'en']) {
      expect(cardFiles(`profile-${locale}-`).length, locale).toBeGreaterThan(0);
    }
  });

  it.each([
    '/og/portfolio/yoq_narsa.png',
    '/og/profile/yoq_odam.png',
    `/og/portfolio/${encodeURIComponent('a%b?c#d')}.png`,
    `/og/portfolio/${encodeURIComponent('Тошкент_ҳаво')}.png`,
    '/og/portfolio/Тошкент_ҳаво.png',
    '/og/portfolio/no-extension',
    '/og/portfolio/.png',
    `/og/profile/${encodeURIComponent('odam?x=1')}.png`,
  ])('answers %s with a 404 problem document', async (url) => {
    const response = await get(url, { accept: 'application/json' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it.each(['/og/profile/%E0%A4%A.png', '/og/portfolio/%.png', '/og/portfolio/100%25%.png'])(
    'answers the malformed %s with 400, never 500',
    async (url) => {
      const response = await get(url, { accept: 'application/json' });
      expect(response.statusCode).toBe(400);
    },
  );
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
      portfolios: '1 234 567 ta portfolio',
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
