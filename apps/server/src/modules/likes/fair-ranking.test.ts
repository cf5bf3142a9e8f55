import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInconsistencies } from '../../seed/consistency.js';
import {
  call,
  createTestContext,
  createWithImages,
  signUp,
  type TestContext,
  type TestUser,
} from '../../test/app.js';

/*
 * One's own like does not rank one's work: "Eng ko‘p yoqtirilgan" (with and without a search or a
 * filter), trending and the week's best count only the likes of others, while the pages still show
 * every like.
 */

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const db = () => context.app.services.db;
const like = async (user: TestUser, id: string) =>
  expect(
    (
      await call(context.app, {
        method: 'PUT',
        url: `/api/portfolio/like/${id}`,
        headers: { 'x-token': user.token },
      })
    ).statusCode,
  ).toBe(200);
const titles = async (query: string) =>
  (await call(context.app, { method: 'GET', url: `/api/portfolio?${query}` }))
    .json()
    .items.map((item: { title: string }) => item.title) as string[];
const ranked = async (id: string) =>
  await db()
    .selectFrom('portfolios')
    .select(['likes_count', 'ranked_likes'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const consistent = async () =>
  expect(await findInconsistencies(db(), context.app.services.dialect)).toEqual([]);

describe('Eng ko‘p yoqtirilgan', () => {
  it('counts the likes of others only, in the list, a filter and a search, and still shows every like', async () => {
    const vain = await signUp(context);
    const modest = await signUp(context);
    const readers = [await signUp(context), await signUp(context)];
    // The vain author's is newer and has as many likes, one of them its author's own.
    const other = await createWithImages<{ _id: string }>(context.app, modest, 0, {
      title: 'Adolatli kamtar ish',
      used: 'Adolatli',
    });
    const own = await createWithImages<{ _id: string; linktitle: string }>(context.app, vain, 0, {
      title: 'Adolatli maqtanchoq ish',
      used: 'Adolatli',
    });
    await like(vain, own._id);
    await like(readers[0]!, own._id);
    await like(readers[0]!, other._id);
    await like(readers[1]!, other._id);

    expect(await ranked(own._id)).toEqual({ likes_count: 2, ranked_likes: 1 });
    expect(await ranked(other._id)).toEqual({ likes_count: 2, ranked_likes: 2 });
    const order = ['Adolatli kamtar ish', 'Adolatli maqtanchoq ish'];
    expect(await titles('filter=Adolatli&sort=popular')).toEqual(order);
    expect(await titles('q=Adolatli&sort=popular')).toEqual(order);
    expect((await titles('sort=popular')).filter((title) => order.includes(title))).toEqual(order);
    // The page still counts the author's like.
    const page = (await call(context.app, { method: 'GET', url: `/api/portfolio/${own.linktitle}` })).json();
    expect(page.likes).toHaveLength(2);

    // Unliking one's own changes what is shown, not the rank; another's unlike changes both.
    await like(vain, own._id);
    expect(await ranked(own._id)).toEqual({ likes_count: 1, ranked_likes: 1 });
    await like(readers[1]!, other._id);
    expect(await ranked(other._id)).toEqual({ likes_count: 1, ranked_likes: 1 });
    await consistent();
  });

  it('loses only the ranked likes of a deleted account, and none of its own portfolio’s', async () => {
    const leaving = await signUp(context);
    const author = await signUp(context);
    const mine = await createWithImages<{ _id: string }>(context.app, leaving, 0, {
      title: 'Ketuvchining ishi',
    });
    const theirs = await createWithImages<{ _id: string }>(context.app, author, 0, {
      title: 'Qoluvchining ishi',
    });
    await like(leaving, mine._id);
    await like(author, mine._id);
    await like(leaving, theirs._id);
    await like(author, theirs._id);
    expect(await ranked(theirs._id)).toEqual({ likes_count: 2, ranked_likes: 1 });

    const removed = await call(context.app, {
      method: 'DELETE',
      url: '/api/user/me',
      headers: { 'x-token': leaving.token },
      payload: { currentPassword: leaving.password },
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect(await ranked(theirs._id)).toEqual({ likes_count: 1, ranked_likes: 0 });
    await consistent();
  });
});

describe('trending and the week’s best', () => {
  it('give one’s own like no weight', async () => {
    const author = await signUp(context);
    const reader = await signUp(context);
    const selfLiked = await createWithImages<{ _id: string }>(context.app, author, 0, {
      title: 'O‘zi yoqtirgan',
    });
    const liked = await createWithImages<{ _id: string }>(context.app, author, 0, {
      title: 'Boshqa yoqtirgan',
    });
    await like(author, selfLiked._id);
    await like(reader, liked._id);
    await context.app.services.portfolios.refreshTrending();

    const score = async (id: string) =>
      Number(
        (
          await db()
            .selectFrom('portfolios')
            .select('trend_score')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).trend_score,
      );
    expect(await score(selfLiked._id)).toBe(0);
    expect(await score(liked._id)).toBeGreaterThan(0.9);
    const week = (await call(context.app, { method: 'GET', url: '/api/portfolio/week-best' })).json();
    const weekIds = (Array.isArray(week) ? week : week.items).map((item: { _id: string }) => item._id);
    expect(weekIds).toContain(liked._id);
    expect(weekIds).not.toContain(selfLiked._id);
  });
});
