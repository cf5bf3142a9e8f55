import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { multipart, pngImage } from '../../test/forms.js';
import { createPagesContext } from '../../test/pages.js';
import { findInconsistencies } from '../../seed/consistency.js';

/*
 * Each picture of a portfolio has its own description ("Rasm tavsifi"), sent as `imageAlts` in the
 * gallery's final order (kept pictures, then new files: docs/decisions/0049) and used as its `alt` on
 * every page; an empty one leaves the generated text.
 */

let context: TestContext;
let owner: TestUser;

beforeAll(async () => {
  context = await createPagesContext();
  owner = await signUp(context);
});
afterAll(() => context?.close());

interface Portfolio {
  _id: string;
  linktitle: string;
  title: string;
  images: string[];
  imageAlts: string[];
}

const picture = async (n: number) => ({
  content: await pngImage(100 + n, 60),
  filename: `p${n}.png`,
  contentType: 'image/png',
});
const pictures = (count: number) => Promise.all(Array.from({ length: count }, (_, n) => picture(n)));

async function send(
  method: 'POST' | 'PUT',
  url: string,
  fields: Parameters<typeof multipart>[0],
  headers: Record<string, string> = {},
) {
  const form = await multipart(fields);
  return call(context.app, {
    method,
    url,
    payload: form.payload,
    headers: { ...form.headers, 'x-token': owner.token, ...headers },
  });
}

const create = (fields: Parameters<typeof multipart>[0], headers?: Record<string, string>) =>
  send(
    'POST',
    '/api/portfolio/create',
    { title: 'Ob-havo ilovasi', url: 'https://weather.example.uz', used: 'React', ...fields },
    headers,
  );
const update = (id: string, fields: Parameters<typeof multipart>[0], headers?: Record<string, string>) =>
  send('PUT', `/api/portfolio/update/${id}`, fields, headers);

async function created(fields: Parameters<typeof multipart>[0]): Promise<Portfolio> {
  const response = await create(fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const read = async (id: string): Promise<Portfolio> =>
  (await call(context.app, { method: 'GET', url: `/api/portfolio/${id}` })).json();

/** The pictures with their descriptions, file by file. */
const described = (portfolio: Portfolio) =>
  Object.fromEntries(portfolio.images.map((name, index) => [name, portfolio.imageAlts[index]]));

const consistent = async () =>
  expect(await findInconsistencies(context.app.services.db, context.app.services.dialect)).toEqual([]);

describe('pictures described', () => {
  it('keeps each description, trimmed, with its picture on create, in every answer', async () => {
    const portfolio = await created({
      images: await pictures(3),
      imageAlts: ['  Bosh sahifa: bugungi ob-havo  ', '', 'Haftalik prognoz'],
    });
    expect(portfolio.images).toHaveLength(3);
    expect(portfolio.imageAlts).toEqual(['Bosh sahifa: bugungi ob-havo', '', 'Haftalik prognoz']);
    expect((await read(portfolio._id)).imageAlts).toEqual(portfolio.imageAlts);

    const list = await call(context.app, { method: 'GET', url: `/api/portfolio?author=${owner.username}` });
    const card = (list.json().items as Portfolio[]).find((item) => item._id === portfolio._id)!;
    expect(card.images).toEqual(portfolio.images);
    expect(card.imageAlts).toEqual(portfolio.imageAlts);

    const profile = await call(context.app, { method: 'GET', url: `/api/user/${owner.username}` });
    const ref = (profile.json().portfolios as Portfolio[]).find((item) => item._id === portfolio._id)!;
    expect(ref.imageAlts).toEqual(portfolio.imageAlts);

    // Fewer descriptions than pictures: the rest have none.
    const partly = await created({ images: await pictures(2), imageAlts: 'Faqat birinchisi' });
    expect(partly.imageAlts).toEqual(['Faqat birinchisi', '']);
    // None sent: every picture has an empty one, as before.
    const none = await created({ images: await pictures(2) });
    expect(none.imageAlts).toEqual(['', '']);
    await consistent();
  });

  it('moves each description with its picture when the gallery is reordered, kept, replaced or described again', async () => {
    const portfolio = await created({
      images: await pictures(3),
      imageAlts: ['Birinchi', 'Ikkinchi', 'Uchinchi'],
    });
    const [first, second, third] = portfolio.images as [string, string, string];

    // Sent again in the new order: the kept pictures', then the new file's.
    const reordered = await update(portfolio._id, {
      keepImages: [third, first],
      images: await picture(9),
      imageAlts: ['Uchinchi, endi birinchi', 'Birinchi', 'Yangi rasm'],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const after: Portfolio = reordered.json();
    expect(after.images.slice(0, 2)).toEqual([third, first]);
    expect(after.imageAlts).toEqual(['Uchinchi, endi birinchi', 'Birinchi', 'Yangi rasm']);
    const added = after.images[2]!;

    // Not sent: kept pictures keep theirs, a new one has none.
    const kept = await update(portfolio._id, { keepImages: [added, third], images: await picture(10) });
    expect(kept.statusCode, kept.body).toBe(200);
    const keptAfter: Portfolio = kept.json();
    expect(keptAfter.images.slice(0, 2)).toEqual([added, third]);
    expect(keptAfter.imageAlts).toEqual(['Yangi rasm', 'Uchinchi, endi birinchi', '']);
    expect(keptAfter.images).not.toContain(first);
    expect(keptAfter.images).not.toContain(second);

    // Only the descriptions: the gallery stays as it is.
    const redescribed = await update(portfolio._id, { imageAlts: ['', 'Qayta tavsif'] });
    expect(redescribed.statusCode, redescribed.body).toBe(200);
    expect(redescribed.json().images).toEqual(keptAfter.images);
    expect(described(redescribed.json())).toEqual({
      [added]: '',
      [third]: 'Qayta tavsif',
      [keptAfter.images[2]!]: '',
    });

    // An edit of something else changes no description.
    const renamed = await update(portfolio._id, { title: 'Ob-havo ilovasi 2' });
    expect(renamed.json().imageAlts).toEqual(['', 'Qayta tavsif', '']);

    // The whole gallery replaced: the new pictures are described by what is sent with them.
    const replaced = await update(portfolio._id, { images: await picture(11), imageAlts: 'Yagona rasm' });
    expect(replaced.json().images).toHaveLength(1);
    expect(replaced.json().imageAlts).toEqual(['Yagona rasm']);
    await consistent();
  });

  it('refuses a description too long, with control characters, or more of them than pictures, in the reader’s language', async () => {
    const longest = 'a'.repeat(200);
    const fits = await created({ images: await picture(1), imageAlts: `  ${longest}  ` });
    expect(fits.imageAlts).toEqual([longest]);

    const tooLong = await create(
      { images: await picture(1), imageAlts: 'a'.repeat(201) },
      { 'accept-language': 'ru' },
    );
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().code).toBe('VALIDATION_FAILED');
    expect(tooLong.json().detail).toBe('Описание изображения не длиннее 200 символов');
    expect(Object.keys(tooLong.json().errors).some((field) => field.startsWith('imageAlts'))).toBe(true);

    const control = await create(
      { images: await picture(1), imageAlts: 'ikki\nqator' },
      { 'x-page-language': 'uz-Latn' },
    );
    expect(control.statusCode).toBe(422);
    expect(control.json().code).toBe('VALIDATION_FAILED');
    expect(control.json().detail).toBe('Rasm tavsifi bir qatorli matn bo‘lishi kerak');

    const more = await create(
      { images: await picture(1), imageAlts: ['Bor', 'Ortiqcha'] },
      { 'accept-language': 'en' },
    );
    expect(more.statusCode).toBe(422);
    expect(more.json().code).toBe('VALIDATION_FAILED');
    expect(more.json().detail).toBe('There cannot be more image descriptions than images');
    expect(more.json().errors).toHaveProperty('imageAlts');

    const withoutPictures = await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/create',
      headers: { 'x-token': owner.token },
      payload: { title: 'Rasmsiz', url: 'https://none.example.uz', used: ['Go'], imageAlts: ['Yo‘q rasm'] },
    });
    expect(withoutPictures.statusCode).toBe(422);
    expect(withoutPictures.json().code).toBe('VALIDATION_FAILED');

    const nine = await create({ images: await picture(1), imageAlts: Array.from({ length: 9 }, () => 'x') });
    expect(nine.statusCode).toBe(422);

    // On update, counted against the gallery as it will be.
    const moreOnUpdate = await update(fits._id, { keepImages: '', imageAlts: 'Rasm yo‘q-ku' });
    expect(moreOnUpdate.statusCode).toBe(422);
    expect(moreOnUpdate.json().code).toBe('VALIDATION_FAILED');
    // Refused, the portfolio is as it was.
    expect(described(await read(fits._id))).toEqual(described(fits));
    await consistent();
  });

  it('uses the description as the picture’s alt on its page, on list cards, on the profile and in the embed', async () => {
    const portfolio = await created({
      images: await pictures(2),
      imageAlts: ['Toshkent ob-havosi telefonda', ''],
    });
    const page = await call(context.app, {
      method: 'GET',
      url: `/portfolio/${encodeURIComponent(portfolio.linktitle)}`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('alt="Toshkent ob-havosi telefonda"');
    // The picture without one keeps the generated text.
    expect(page.body).toContain('alt="Ob-havo ilovasi — 2-rasm"');
    expect(page.body).not.toContain('alt="Ob-havo ilovasi — 1-rasm"');

    for (const url of ['/page/1', `/profile/${owner.username}`]) {
      const list = await call(context.app, { method: 'GET', url, headers: { accept: 'text/html' } });
      expect(list.statusCode, url).toBe(200);
      expect(list.body, url).toContain('alt="Toshkent ob-havosi telefonda"');
    }

    const embed = await call(context.app, {
      method: 'GET',
      url: `/embed/portfolio/${encodeURIComponent(portfolio.linktitle)}`,
      headers: { accept: 'text/html' },
    });
    expect(embed.statusCode).toBe(200);
    expect(embed.body).toContain('alt="Toshkent ob-havosi telefonda"');
  });

  it('lists each picture’s description in the account export', async () => {
    const portfolio = await created({ images: await pictures(2), imageAlts: ['Eksport uchun', ''] });
    const exported = await call(context.app, {
      method: 'GET',
      url: '/api/user/me/export',
      headers: { 'x-token': owner.token },
    });
    expect(exported.statusCode).toBe(200);
    const body = exported.json();
    const mine = (body.portfolios as Portfolio[]).find((item) => item._id === portfolio._id)!;
    expect(mine.imageAlts).toEqual(['Eksport uchun', '']);
    const images = body.images as { filename: string; alt: string }[];
    expect(images.find((image) => image.filename === portfolio.images[0])?.alt).toBe('Eksport uchun');
    expect(images.find((image) => image.filename === portfolio.images[1])?.alt).toBe('');
  });
});
