import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  call,
  createTestContext,
  createWithImages,
  signUp,
  type TestContext,
  type TestUser,
} from '../../test/app.js';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const save = (user: TestUser | null, id: string, method: 'PUT' | 'DELETE' | 'GET' = 'PUT') =>
  call(context.app, {
    method,
    url: `/api/portfolio/${id}/bookmark`,
    headers: user ? { 'x-token': user.token } : {},
  });
const saved = (user: TestUser | null, query = '') =>
  call(context.app, {
    method: 'GET',
    url: `/api/user/me/saved${query}`,
    headers: user ? { 'x-token': user.token } : {},
  });

it('saves portfolios for the saver alone, newest save first, and forgets them', async () => {
  const [reader, other, author] = [await signUp(context), await signUp(context), await signUp(context)];
  const first = await createWithImages(context.app, author, 0, { title: 'Birinchi saqlanadigan' });
  const second = await createWithImages(context.app, author, 0, { title: 'Ikkinchi saqlanadigan' });

  expect((await save(reader, first._id, 'GET')).json()).toEqual({ saved: false });
  expect((await save(reader, first._id)).json()).toEqual({ saved: true });
  expect((await save(reader, first._id)).json()).toEqual({ saved: true });
  expect((await save(reader, second._id)).json()).toEqual({ saved: true });
  expect((await save(reader, first._id, 'GET')).json()).toEqual({ saved: true });

  const list = await saved(reader);
  expect(list.statusCode).toBe(200);
  expect(list.headers['cache-control']).toBe('private, no-store');
  expect(list.json()).toMatchObject({ total: 2, page: 1, pageCount: 1 });
  expect(list.json().items.map((item: { _id: string }) => item._id)).toEqual([second._id, first._id]);
  expect(
    (await saved(reader, '?limit=1&page=2')).json().items.map((item: { _id: string }) => item._id),
  ).toEqual([first._id]);

  // Private: another person sees their own (none) and not whether the reader saved it.
  expect((await saved(other)).json()).toMatchObject({ items: [], total: 0 });
  expect((await save(other, first._id, 'GET')).json()).toEqual({ saved: false });

  expect((await save(reader, first._id, 'DELETE')).json()).toEqual({ saved: false });
  expect((await save(reader, first._id, 'DELETE')).json()).toEqual({ saved: false });
  expect((await saved(reader)).json().items.map((item: { _id: string }) => item._id)).toEqual([second._id]);

  // A deleted portfolio leaves every saved list.
  const removed = await call(context.app, {
    method: 'DELETE',
    url: `/api/portfolio/delete/${second._id}`,
    headers: { 'x-token': author.token },
  });
  expect(removed.statusCode).toBe(204);
  expect((await saved(reader)).json()).toMatchObject({ items: [], total: 0 });
});

it('needs a signed-in person and an existing portfolio', async () => {
  const user = await signUp(context);
  const portfolio = await createWithImages(context.app, user, 0);
  expect((await save(null, portfolio._id)).statusCode).toBe(401);
  expect((await save(null, portfolio._id, 'GET')).statusCode).toBe(401);
  expect((await saved(null)).statusCode).toBe(401);
  const missing = await save(user, '0123456789abcdef01234567');
  expect(missing.statusCode).toBe(404);
  expect(missing.json().code).toBe('NOT_FOUND');
  expect((await saved(user, '?page=abc')).statusCode).toBe(422);
});
