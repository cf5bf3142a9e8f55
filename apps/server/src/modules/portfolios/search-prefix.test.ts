import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';

let context: TestContext;
let author: TestUser;

beforeAll(async () => {
  context = await createTestContext();
  author = await signUp(context);
});
afterAll(() => context.close());

async function create(title: string, description = ''): Promise<string> {
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: { 'x-token': author.token },
    payload: { title, description, url: 'https://qidiruv.example.uz', used: ['Qidiruv'] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json()._id;
}

async function search(q: string): Promise<{ total: number; titles: string[] }> {
  const response = await call(context.app, {
    method: 'GET',
    url: `/api/portfolio?limit=50&q=${encodeURIComponent(q)}`,
  });
  expect(response.statusCode).toBe(200);
  const page = response.json() as { total: number; items: { title: string }[] };
  return { total: page.total, titles: page.items.map((item) => item.title).sort() };
}

it('finds every word a typed prefix begins, however long the prefix', async () => {
  await create('Kutubxonalar tizimi');
  await create('Kutubxona');
  await create('Boshqa loyiha', 'Maktab kutubxonachisi uchun');
  expect((await search('kutub')).titles).toEqual(['Boshqa loyiha', 'Kutubxona', 'Kutubxonalar tizimi']);
  expect((await search('kutubxonal')).titles).toEqual(['Kutubxonalar tizimi']);
  expect((await search('kutubxona tizim')).titles).toEqual(['Kutubxonalar tizimi']);
  // Two and three letters use the index's own prefixes.
  expect((await search('ku')).total).toBeGreaterThanOrEqual(3);
  expect(await search('kutubxonaxyz')).toEqual({ total: 0, titles: [] });
});

it('finds a word as soon as a write adds it, and a prefix of many words', async () => {
  const id = await create('Eski nom');
  expect((await search('yangisoz')).total).toBe(0);
  const updated = await call(context.app, {
    method: 'PUT',
    url: `/api/portfolio/update/${id}`,
    headers: { 'x-token': author.token },
    payload: { title: 'Yangisozlar bilan' },
  });
  expect(updated.statusCode).toBe(200);
  expect((await search('yangisoz')).titles).toEqual(['Yangisozlar bilan']);

  // More words share this prefix than are spelled out one by one: it stays a prefix query.
  for (let n = 1; n <= 36; n += 1) await create(`Soznoma${String(n).padStart(2, '0')}`);
  const many = await search('soznoma');
  expect(many.total).toBe(36);
  expect(many.titles).toHaveLength(36);
});
