import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { jpegImage, multipart, pngImage, urlencoded } from '../../test/forms.js';

let context: TestContext;
let author: TestUser;
let other: TestUser;

beforeAll(async () => {
  context = await createTestContext();
  [author, other] = await Promise.all([signUp(context), signUp(context)]);
});
afterAll(() => context.close());

const valid = { title: 'Ob-havo ilovasi', url: 'https://weather.example.uz', used: ['React'] };

function create(
  user: TestUser | undefined,
  options: { payload?: unknown; headers?: Record<string, string> },
) {
  return call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    payload: options.payload as string,
    headers: { ...(user ? { 'x-token': user.token } : {}), ...options.headers },
  });
}

function createJson(user: TestUser, body: Record<string, unknown>) {
  return create(user, { payload: body });
}

async function technologyCounts(): Promise<Record<string, number>> {
  const response = await call(context.app, { method: 'GET', url: '/api/portfolio/technologies' });
  expect(response.statusCode).toBe(200);
  return Object.fromEntries(response.json().map((t: { name: string; count: number }) => [t.name, t.count]));
}

const uploadedFiles = () => fs.readdirSync(context.config.uploadDir).filter((name) => name.endsWith('.webp'));

const portfolioRows = () =>
  context.app.services.db.selectFrom('portfolios').select(['id', 'title']).execute();

describe('POST /portfolio/create bodies', () => {
  it('accepts JSON and answers the whole portfolio', async () => {
    const response = await createJson(author, {
      ...valid,
      description: 'Toshkent uchun',
      repoUrl: 'https://github.com/a/b',
    });
    expect(response.statusCode).toBe(201);
    const portfolio = response.json();
    expect(portfolio).toMatchObject({
      title: 'Ob-havo ilovasi',
      description: 'Toshkent uchun',
      url: 'https://weather.example.uz',
      repoUrl: 'https://github.com/a/b',
      used: ['React'],
      images: [],
      likes: [],
      comments: [],
      likesCount: 0,
      commentsCount: 0,
      likedByMe: false,
      linktitle: `${author.username}_Ob-havo_ilovasi`,
      author: { _id: author.id, username: author.username, isAdmin: false },
    });
    expect(portfolio._id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Date(portfolio.date).toISOString()).toBe(portfolio.date);
    const fetched = await call(context.app, { method: 'GET', url: `/api/portfolio/${portfolio._id}` });
    expect(fetched.json()).toEqual(portfolio);
  });

  it('accepts urlencoded bodies with a repeated or comma-separated used', async () => {
    const repeated = await create(author, {
      ...urlencoded({
        title: 'Forma bilan',
        url: 'http://form.example.uz',
        used: ['Vue', 'Vite'],
        repoUrl: '',
      }),
    });
    expect(repeated.statusCode).toBe(201);
    expect(repeated.json()).toMatchObject({ title: 'Forma bilan', used: ['Vue', 'Vite'], repoUrl: null });
    const joined = await create(author, {
      ...urlencoded({ title: 'Forma bilan', url: 'http://form.example.uz', used: 'Vue, Vite ,vue' }),
    });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().used).toEqual(['Vue', 'Vite']);
  });

  it('accepts multipart without images', async () => {
    const response = await create(author, {
      ...(await multipart({
        title: 'Multipart',
        url: 'https://mp.example.uz',
        used: 'Svelte',
        description: '',
      })),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: 'Multipart',
      used: ['Svelte'],
      images: [],
      description: '',
    });
  });

  it('stores one and eight real images in the order sent', async () => {
    const one = await create(author, {
      ...(await multipart({
        ...valid,
        images: { content: await pngImage(40, 30), filename: 'a.png', contentType: 'image/png' },
      })),
    });
    expect(one.statusCode).toBe(201);
    expect(one.json().images).toHaveLength(1);

    const widths = [16, 24, 32, 40, 48, 56, 64, 72];
    const files = await Promise.all(
      widths.map(async (width, index) => ({
        content: index % 2 ? await jpegImage(width, 20) : await pngImage(width, 20),
        filename: `f${index}.${index % 2 ? 'jpg' : 'png'}`,
        contentType: index % 2 ? 'image/jpeg' : 'image/png',
      })),
    );
    const eight = await create(author, { ...(await multipart({ ...valid, images: files })) });
    expect(eight.statusCode).toBe(201);
    const images: string[] = eight.json().images;
    expect(images).toHaveLength(8);
    expect(new Set(images).size).toBe(8);
    for (const image of images) expect(image).toMatch(/^[0-9a-f]{24}\.webp$/);
    expect(uploadedFiles()).toEqual(expect.arrayContaining([...images, ...one.json().images]));
    const served = await Promise.all(
      images.map((image) => context.app.inject({ method: 'GET', url: `/image/${image}` })),
    );
    const stored = await context.app.services.db
      .selectFrom('images')
      .select(['filename', 'width', 'position'])
      .where('portfolio_id', '=', eight.json()._id)
      .orderBy('position')
      .execute();
    expect(stored.map((row) => row.filename)).toEqual(images);
    expect(stored.map((row) => row.width)).toEqual(widths);
    expect(served.map((response) => response.statusCode)).toEqual(widths.map(() => 200));
  });

  it('refuses nine images and writes nothing', async () => {
    const rowsBefore = await portfolioRows();
    const filesBefore = uploadedFiles();
    const files = await Promise.all(
      Array.from({ length: 9 }, async (_, index) => ({
        content: await pngImage(20 + index, 20),
        filename: `n${index}.png`,
        contentType: 'image/png',
      })),
    );
    const response = await create(author, {
      ...(await multipart({ ...valid, title: 'Toqqiz rasm', images: files })),
    });
    expect([413, 422]).toContain(response.statusCode);
    expect(await portfolioRows()).toEqual(rowsBefore);
    expect(uploadedFiles()).toEqual(filesBefore);
    const imageRows = await context.app.services.db.selectFrom('images').select('filename').execute();
    expect(imageRows.every((row) => filesBefore.includes(row.filename))).toBe(true);
  });

  it('refuses a file that is not an image and writes nothing', async () => {
    const rowsBefore = await portfolioRows();
    const filesBefore = uploadedFiles();
    const response = await create(author, {
      ...(await multipart({
        ...valid,
        images: [
          { content: await pngImage(), filename: 'ok.png', contentType: 'image/png' },
          { content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'x.png' },
        ],
      })),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_IMAGE');
    expect(await portfolioRows()).toEqual(rowsBefore);
    expect(uploadedFiles()).toEqual(filesBefore);
  });

  it('needs a token', async () => {
    const rowsBefore = await portfolioRows();
    const response = await create(undefined, { payload: valid });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
    const badToken = await create(undefined, { payload: valid, headers: { 'x-token': 'not-a-session' } });
    expect(badToken.statusCode).toBe(401);
    expect(await portfolioRows()).toEqual(rowsBefore);
  });
});

describe('technologies on create', () => {
  it('stores "React, react , REACT, Deno" once each and counts React once', async () => {
    const before = await technologyCounts();
    const fromString = await createJson(other, { ...valid, used: 'React, react , REACT, Deno' });
    expect(fromString.statusCode).toBe(201);
    expect(fromString.json().used).toEqual(['React', 'Deno']);
    const fromArray = await createJson(other, { ...valid, used: ['React', ' react', 'REACT ', 'Deno', ''] });
    expect(fromArray.statusCode).toBe(201);
    expect(fromArray.json().used).toEqual(['React', 'Deno']);
    const form = await create(other, {
      ...urlencoded({ ...valid, used: ['react', 'React', 'deno , DENO'] }),
    });
    // The first spelling seen names the technology everywhere.
    expect(form.json().used).toEqual(['React', 'Deno']);
    const after = await technologyCounts();
    expect(after.React).toBe((before.React ?? 0) + 3);
    expect(after.Deno).toBe((before.Deno ?? 0) + 3);
    expect(Object.keys(after).filter((name) => name.toLowerCase() === 'react')).toEqual(['React']);
    const links = await context.app.services.db
      .selectFrom('portfolio_technologies')
      .select('technology_id')
      .where('portfolio_id', '=', fromString.json()._id)
      .execute();
    expect(links).toHaveLength(2);
  });

  it('stores the listed spellings of one technology under its kept name, once', async () => {
    const created = await createJson(other, { ...valid, used: 'ReactJS, React.js, NodeJS, JS, Java' });
    expect(created.statusCode).toBe(201);
    expect(created.json().used).toEqual(['React', 'Node.js', 'JavaScript', 'Java']);
    const form = await create(other, urlencoded({ ...valid, used: ['react js', 'Postgres', 'PostgreSQL'] }));
    expect(form.json().used).toEqual(['React', 'PostgreSQL']);
  });

  it('keeps the first spelling of a technology for later portfolios', async () => {
    const first = await createJson(other, { ...valid, used: ['TypeScript'] });
    const second = await createJson(author, { ...valid, used: ['typescript', 'Go'] });
    expect(first.json().used).toEqual(['TypeScript']);
    expect(second.json().used).toEqual(['TypeScript', 'Go']);
  });

  it('creates concurrently when several posts name the same new technologies in different orders', async () => {
    const names = ['Parallel1', 'Parallel2', 'Parallel3', 'Parallel4', 'Parallel5'];
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        createJson(index % 2 ? author : other, { ...valid, used: index % 2 ? names : [...names].reverse() }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 201));
    const counts = await technologyCounts();
    for (const name of names) expect(counts[name]).toBe(8);
  });

  it('takes 1 to 20 technologies of up to 40 characters', async () => {
    const twenty = Array.from({ length: 20 }, (_, index) => `Texnologiya ${index}`);
    const longest = 'x'.repeat(40);
    expect((await createJson(author, { ...valid, used: twenty })).statusCode).toBe(201);
    expect((await createJson(author, { ...valid, used: [longest] })).json().used).toEqual([longest]);
    for (const used of [[], '', ' , ', [...twenty, 'Yana biri'], ['x'.repeat(41)]]) {
      const response = await createJson(author, { ...valid, used });
      expect(response.statusCode, JSON.stringify(used)).toBe(422);
      expect(Object.keys(response.json().errors).some((field) => field.startsWith('used'))).toBe(true);
    }
    const missing = await createJson(author, { title: valid.title, url: valid.url });
    expect(missing.statusCode).toBe(422);
  });
});

describe('validation on create', () => {
  it('takes titles of 3 to 120 characters after trimming', async () => {
    for (const title of ['abc', 'a'.repeat(120), `  ${'b'.repeat(120)}  `]) {
      const response = await createJson(author, { ...valid, title });
      expect(response.statusCode).toBe(201);
      expect(response.json().title).toBe(title.trim());
    }
    for (const title of ['ab', '  ab  ', 'a'.repeat(121), '', '   ']) {
      const response = await createJson(author, { ...valid, title });
      expect(response.statusCode, title).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { title: expect.any(Array) },
      });
    }
  });

  it('takes descriptions up to 10000 characters', async () => {
    const longest = 'd'.repeat(10_000);
    const ok = await createJson(author, { ...valid, description: longest });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().description).toBe(longest);
    const tooLong = await createJson(author, { ...valid, description: 'd'.repeat(10_001) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toHaveProperty('description');
    const omitted = await createJson(author, valid);
    expect(omitted.json().description).toBe('');
  });

  it('needs an http(s) url and takes an optional http(s) repoUrl', async () => {
    for (const url of ['http://a.uz', 'https://example.uz/path?x=1#top']) {
      const response = await createJson(author, { ...valid, url });
      expect(response.statusCode).toBe(201);
      expect(response.json().url).toBe(url);
    }
    const refused = [
      'javascript:alert(1)',
      'JavaScript://%0aalert(1)',
      'ftp://files.example.uz',
      'data:text/html,<script>alert(1)</script>',
      'not a url',
      '',
      'https://',
      '//example.uz',
    ];
    for (const url of refused) {
      const response = await createJson(author, { ...valid, url });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors).toHaveProperty('url');
      const repo = await createJson(author, { ...valid, repoUrl: url || 'ftp://x.uz' });
      expect(repo.statusCode, url).toBe(422);
      expect(repo.json().errors).toHaveProperty('repoUrl');
    }
    expect((await createJson(author, { title: valid.title, used: valid.used })).statusCode).toBe(422);
    const emptyRepo = await createJson(author, { ...valid, repoUrl: '' });
    expect(emptyRepo.statusCode).toBe(201);
    expect(emptyRepo.json().repoUrl).toBeNull();
    expect((await createJson(author, valid)).json().repoUrl).toBeNull();
  });

  it('refuses U+0000 in any text field with 422 (PostgreSQL cannot store it)', async () => {
    const rowsBefore = await portfolioRows();
    for (const [field, value] of [
      ['title', 'ab\u0000c'],
      ['description', 'tavsif\u0000'],
      ['url', 'https://a.uz/\u0000'],
      ['repoUrl', 'https://a.uz/\u0000'],
      ['used', ['React\u0000']],
      ['used', 'Vue, No\u0000de'],
    ] as const) {
      const response = await createJson(author, { ...valid, [field]: value });
      expect(response.statusCode, field).toBe(422);
      expect(Object.keys(response.json().errors).some((key) => key.startsWith(field))).toBe(true);
    }
    expect(await portfolioRows()).toEqual(rowsBefore);
  });

  it('answers 422 for wrong types, never 500', async () => {
    const cases: Record<string, unknown>[] = [
      { ...valid, title: 12345 },
      { ...valid, title: null },
      { ...valid, title: ['abc'] },
      { ...valid, used: { React: true } },
      { ...valid, used: [1, 2] },
      { ...valid, used: 42 },
      { ...valid, url: ['https://a.uz'] },
      { ...valid, url: { href: 'https://a.uz' } },
      { ...valid, description: 7 },
      { ...valid, repoUrl: 5 },
    ];
    const rowsBefore = await portfolioRows();
    for (const body of cases) {
      const response = await createJson(author, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await portfolioRows()).toEqual(rowsBefore);
    const notJson = await create(author, {
      payload: '{"title":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    const array = await create(author, { payload: '[]', headers: { 'content-type': 'application/json' } });
    expect(array.statusCode).toBe(422);
  });
});

describe('linktitle', () => {
  it('numbers ten portfolios of one title by one user: base, _2 … _10', async () => {
    const user = await signUp(context);
    const linktitles: string[] = [];
    for (let index = 0; index < 10; index += 1) {
      const response = await createJson(user, { ...valid, title: 'Mening loyiham' });
      expect(response.statusCode).toBe(201);
      linktitles.push(response.json().linktitle);
    }
    const base = `${user.username}_Mening_loyiham`;
    expect(linktitles).toEqual([base, ...Array.from({ length: 9 }, (_, index) => `${base}_${index + 2}`)]);
    for (const [index, linktitle] of linktitles.entries()) {
      const response = await call(context.app, { method: 'GET', url: `/api/portfolio/${linktitle}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().linktitle).toBe(linktitles[index]);
    }
  });

  it('stays unique when the same title is posted concurrently', async () => {
    const user = await signUp(context);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => createJson(user, { ...valid, title: 'Bir vaqtda' })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 201));
    const linktitles = responses.map((response) => response.json().linktitle);
    expect(new Set(linktitles).size).toBe(6);
    const base = `${user.username}_Bir_vaqtda`;
    expect(linktitles.sort()).toEqual(
      [base, `${base}_2`, `${base}_3`, `${base}_4`, `${base}_5`, `${base}_6`].sort(),
    );
  });

  it('makes a URL-safe slug of any script and opens by it, encoded or not', async () => {
    const titles = [
      'O‘zbekiston / Toshkent? #1 100% & more',
      'Тошкент шаҳри: ўқув маркази',
      'Ғалаба?!#%/\\ ҳа',
      '???###',
      'ё'.repeat(120),
      'Ǒ'.repeat(120),
      `a${'𝒜'.repeat(119)}`,
    ];
    for (const title of titles) {
      const response = await createJson(author, { ...valid, title });
      expect(response.statusCode, title).toBe(201);
      const { linktitle, _id } = response.json();
      expect(linktitle.startsWith(`${author.username}_`)).toBe(true);
      expect(linktitle).not.toMatch(/[/?#%\s\\&]/);
      expect(linktitle.isWellFormed()).toBe(true);
      const encoded = await call(context.app, {
        method: 'GET',
        url: `/api/portfolio/${encodeURIComponent(linktitle)}`,
      });
      expect(encoded.statusCode, linktitle).toBe(200);
      expect(encoded.json()._id).toBe(_id);
    }
    const cyrillic = await createJson(author, { ...valid, title: 'Тошкент шаҳри: ўқув маркази' });
    expect(cyrillic.json().linktitle).toBe(`${author.username}_Тошкент_шаҳри_ўқув_маркази_2`);
  });
});

describe('hostile text', () => {
  const sqlText = "'); DROP TABLE portfolios;--";
  const htmlText = '<script>alert(1)</script>';

  it('stores SQL and HTML verbatim in every field and returns them verbatim', async () => {
    const body = {
      title: `${sqlText} ${htmlText}`,
      description: `${htmlText}\n${sqlText}\n" OR 1=1 --\n<img src=x onerror=alert(1)>`,
      url: `https://example.uz/?q=${encodeURIComponent(htmlText)}&x='--`,
      repoUrl: "https://github.com/a/b?x=');DROP%20TABLE%20users;--",
      used: [sqlText, htmlText, "Robert'); DROP TABLE likes;--"],
    };
    const response = await createJson(author, body);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ ...body, title: body.title, used: body.used });
    expect(response.headers['content-type']).toContain('application/json');

    const fetched = (await call(context.app, { method: 'GET', url: `/api/portfolio/${created._id}` })).json();
    expect(fetched).toMatchObject({
      title: body.title,
      description: body.description,
      url: body.url,
      repoUrl: body.repoUrl,
      used: body.used,
    });
    const counts = await technologyCounts();
    expect(counts[sqlText]).toBe(1);
    expect(counts[htmlText]).toBe(1);

    const found = await call(context.app, {
      method: 'GET',
      url: `/api/portfolio?q=${encodeURIComponent('drop table script')}`,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().items.map((item: { _id: string }) => item._id)).toContain(created._id);

    const filtered = await call(context.app, {
      method: 'GET',
      url: `/api/portfolio?filter=${encodeURIComponent(htmlText)}`,
    });
    expect(filtered.json().items.map((item: { _id: string }) => item._id)).toEqual([created._id]);

    // Every table is still there and still holds its rows.
    const { db } = context.app.services;
    for (const table of ['portfolios', 'users', 'likes', 'technologies', 'portfolio_technologies'] as const) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(row.count), table).toBeGreaterThanOrEqual(table === 'likes' ? 0 : 1);
    }
    const stored = await db
      .selectFrom('portfolios')
      .select('title')
      .where('id', '=', created._id)
      .executeTakeFirst();
    expect(stored?.title).toBe(body.title);
    const raw = await sql<{ title: string }>`select title from portfolios where id = ${created._id}`.execute(
      db,
    );
    expect(raw.rows[0]?.title).toBe(body.title);
  });
});

describe('portfolio write rate limit', () => {
  it('answers the 10th create within 30 seconds with 429 and Retry-After, writing nothing', async () => {
    const limited = await createTestContext({ RATE_LIMIT: 'on' });
    try {
      const [poster, bystander] = await Promise.all([signUp(limited), signUp(limited)]);
      const post = (user: TestUser, title: string) =>
        call(limited.app, {
          method: 'POST',
          url: '/api/portfolio/create',
          headers: { 'x-token': user.token },
          payload: { ...valid, title },
        });
      for (let index = 0; index < 9; index += 1) {
        const response = await post(poster, `Loyiha ${index}`);
        expect(response.statusCode, `create ${index + 1}`).toBe(201);
      }
      const refused = await post(poster, 'Ortiqcha loyiha');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(30);
      const rows = await limited.app.services.db
        .selectFrom('portfolios')
        .select('title')
        .where('author_id', '=', poster.id)
        .execute();
      expect(rows).toHaveLength(9);
      expect(rows.map((row) => row.title)).not.toContain('Ortiqcha loyiha');
      expect((await post(bystander, 'Boshqa odam')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
