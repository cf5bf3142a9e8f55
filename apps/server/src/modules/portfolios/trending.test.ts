import { LIST_SORTS } from '@portfolio-master/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { translator } from '../../lib/translators.js';
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

const db = () => context.app.services.db;
const trendingIds = async (query = '') =>
  (await call(context.app, { method: 'GET', url: `/api/portfolio?sort=trending${query}` }))
    .json()
    .items.map((item: { _id: string }) => item._id) as string[];
const score = async (id: string) =>
  Number(
    (await db().selectFrom('portfolios').select('trend_score').where('id', '=', id).executeTakeFirstOrThrow())
      .trend_score,
  );

it('orders by the last week’s likes and comments, each worth less the older it is', async () => {
  const author = await signUp(context);
  const people: TestUser[] = [];
  for (let index = 0; index < 3; index += 1) people.push(await signUp(context));
  const liked = await createWithImages(context.app, author, 0, { title: 'Ko‘p yoqtirilgan', used: 'Trendy' });
  const discussed = await createWithImages(context.app, author, 0, {
    title: 'Muhokama qilingan',
    used: 'Trendy',
  });
  const quiet = await createWithImages(context.app, author, 0, { title: 'Jim loyiha', used: 'Trendy' });
  const old = await createWithImages(context.app, author, 0, { title: 'Eski shuhrat', used: 'Boshqa' });

  for (const person of people) {
    await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/like/${liked._id}`,
      headers: { 'x-token': person.token },
    });
  }
  await call(context.app, {
    method: 'PUT',
    url: `/api/portfolio/like/${discussed._id}`,
    headers: { 'x-token': people[0]!.token },
  });
  for (const body of ['Zo‘r', 'Ajoyib']) {
    await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/comment/${discussed._id}`,
      headers: { 'x-token': people[1]!.token },
      payload: { body },
    });
  }
  // Likes of long ago count for nothing; of two days ago, for half.
  const now = new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  await db()
    .insertInto('likes')
    .values(people.map((person) => ({ portfolio_id: old._id, user_id: person.id, created_at: daysAgo(8) })))
    .execute();
  await db()
    .updateTable('portfolios')
    .set({ likes_count: 3, ranked_likes: 3 })
    .where('id', '=', old._id)
    .execute();
  await db()
    .insertInto('likes')
    .values({ portfolio_id: quiet._id, user_id: people[2]!.id, created_at: daysAgo(2) })
    .execute();
  await db()
    .updateTable('portfolios')
    .set({ likes_count: 1, ranked_likes: 1 })
    .where('id', '=', quiet._id)
    .execute();

  // Cached as it was until the scores are refreshed, then in the new order at once.
  const before = await trendingIds();
  expect(await context.app.services.portfolios.refreshTrending(now)).toBe(3);
  expect(await score(discussed._id)).toBeCloseTo(5, 2);
  expect(await score(liked._id)).toBeCloseTo(3, 2);
  expect(await score(quiet._id)).toBeCloseTo(0.5, 2);
  expect(await score(old._id)).toBe(0);
  expect(await trendingIds()).toEqual([discussed._id, liked._id, quiet._id, old._id]);
  expect(before).not.toEqual(await trendingIds());
  const weekBest = async () =>
    (await call(context.app, { method: 'GET', url: '/api/portfolio/week-best' }))
      .json()
      .map((item: { _id: string }) => item._id) as string[];
  expect(await weekBest()).toEqual([discussed._id, liked._id, quiet._id]);
  // With a filter the same order holds, through the text index.
  expect(await trendingIds('&filter=Trendy')).toEqual([discussed._id, liked._id, quiet._id]);

  // A week later nothing of this counts: newest first among equals.
  await context.app.services.portfolios.refreshTrending(new Date(now.getTime() + 8 * 86_400_000));
  for (const id of [liked._id, discussed._id, quiet._id]) expect(await score(id)).toBe(0);
  expect(await trendingIds()).toEqual([old._id, quiet._id, discussed._id, liked._id]);
  expect(await weekBest()).toEqual([]);
});

it('refuses a sort it does not know, naming those it knows, in Uzbek', async () => {
  const answer = await call(context.app, { method: 'GET', url: '/api/portfolio?sort=eng-zor' });
  expect(answer.statusCode).toBe(422);
  expect(answer.json().detail).toBe(
    translator('uz-Latn').t('validation.invalidValue', { field: 'sort', values: LIST_SORTS.join(', ') }),
  );
  expect(answer.json().detail).toContain('sort quyidagilardan biri');
});
