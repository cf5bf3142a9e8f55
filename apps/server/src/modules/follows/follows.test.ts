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

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const follow = (who: TestUser | null, whom: string, method: 'PUT' | 'DELETE' = 'PUT') =>
  call(context.app, {
    method,
    url: `/api/user/${whom}/follow`,
    headers: who ? { 'x-token': who.token } : {},
  });
const profile = (whom: string, viewer?: TestUser) =>
  call(context.app, {
    method: 'GET',
    url: `/api/user/${whom}`,
    headers: viewer ? { 'x-token': viewer.token } : {},
  });
const consistent = async () =>
  expect(await findInconsistencies(context.app.services.db, context.app.services.dialect)).toEqual([]);

describe('following an author', () => {
  it('counts a follow once, shows it on both profiles and in both lists, and undoes it', async () => {
    const [reader, author] = [await signUp(context), await signUp(context)];
    expect((await profile(author.username)).json()).toMatchObject({ followersCount: 0, followedByMe: false });

    const first = await follow(reader, author.username);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ following: true, followersCount: 1 });
    expect((await follow(reader, author.id)).json()).toEqual({ following: true, followersCount: 1 });

    // Everyone sees the count at once; only the follower sees that they follow.
    expect((await profile(author.username)).json()).toMatchObject({ followersCount: 1, followedByMe: false });
    expect((await profile(author.username, reader)).json()).toMatchObject({ followedByMe: true });
    expect((await profile(reader.username)).json()).toMatchObject({ followingCount: 1, followersCount: 0 });

    const followers = await call(context.app, {
      method: 'GET',
      url: `/api/user/${author.username}/followers`,
    });
    expect(followers.json()).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    expect(followers.json().items).toEqual([
      {
        _id: reader.id,
        username: reader.username,
        firstname: 'Ali',
        lastname: 'Valiyev',
        image: null,
        isAdmin: false,
      },
    ]);
    const following = await call(context.app, { method: 'GET', url: `/api/user/${reader.id}/following` });
    expect(following.json().items.map((person: { _id: string }) => person._id)).toEqual([author.id]);

    expect((await follow(reader, author.username, 'DELETE')).json()).toEqual({
      following: false,
      followersCount: 0,
    });
    expect((await follow(reader, author.username, 'DELETE')).json()).toEqual({
      following: false,
      followersCount: 0,
    });
    expect((await profile(author.username)).json()).toMatchObject({ followersCount: 0 });
    expect(
      (await call(context.app, { method: 'GET', url: `/api/user/${author.id}/followers` })).json(),
    ).toMatchObject({
      total: 0,
      items: [],
    });
    await consistent();
  });

  it('needs a signed-in follower, an existing author and someone else', async () => {
    const user = await signUp(context);
    expect((await follow(null, user.username)).statusCode).toBe(401);
    const missing = await follow(user, 'hech_kim_yoq');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Foydalanuvchi topilmadi');
    const self = await follow(user, user.username);
    expect(self.statusCode).toBe(422);
    expect(self.json().detail).toBe('O‘zingizni kuzata olmaysiz');
    expect(
      (await call(context.app, { method: 'GET', url: '/api/user/hech_kim_yoq/followers' })).statusCode,
    ).toBe(404);
    const badPage = await call(context.app, { method: 'GET', url: `/api/user/${user.id}/followers?page=0` });
    expect(badPage.statusCode).toBe(422);
  });

  it('keeps every count exact when people follow each other at the same moment, and when one leaves', async () => {
    const people = await Promise.all([1, 2, 3, 4].map(() => signUp(context)));
    const answers = await Promise.all(
      people.flatMap((a) => people.filter((b) => b !== a).flatMap((b) => [follow(a, b.id), follow(a, b.id)])),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    for (const person of people) {
      expect((await profile(person.id)).json()).toMatchObject({ followersCount: 3, followingCount: 3 });
    }
    await consistent();
    const [leaving, ...staying] = people;
    const removed = await call(context.app, {
      method: 'DELETE',
      url: '/api/user/me',
      headers: { 'x-token': leaving!.token },
      payload: { currentPassword: leaving!.password },
    });
    expect(removed.statusCode).toBe(204);
    for (const person of staying) {
      expect((await profile(person.id)).json()).toMatchObject({ followersCount: 2, followingCount: 2 });
    }
    await consistent();
  });
});

describe('the portfolios of the people I follow', () => {
  it('lists only their portfolios, newest first, a page at a time, with my likes', async () => {
    const [reader, first, second, stranger] = await Promise.all([1, 2, 3, 4].map(() => signUp(context)));
    await follow(reader!, first!.id);
    await follow(reader!, second!.id);
    const a = await createWithImages(context.app, first!, 0, { title: 'Birinchi loyiha' });
    await createWithImages(context.app, stranger!, 0, { title: 'Begona loyiha' });
    const b = await createWithImages(context.app, second!, 0, { title: 'Ikkinchi loyiha' });
    const c = await createWithImages(context.app, first!, 0, { title: 'Uchinchi loyiha' });
    await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/like/${b._id}`,
      headers: { 'x-token': reader!.token },
    });

    const feed = await call(context.app, {
      method: 'GET',
      url: '/api/feed/following?limit=2',
      headers: { 'x-token': reader!.token },
    });
    expect(feed.statusCode).toBe(200);
    expect(feed.json()).toMatchObject({ total: 3, page: 1, limit: 2, pageCount: 2 });
    expect(feed.json().items.map((item: { _id: string }) => item._id)).toEqual([c._id, b._id]);
    expect(feed.json().items.map((item: { likedByMe: boolean }) => item.likedByMe)).toEqual([false, true]);
    const next = await call(context.app, {
      method: 'GET',
      url: '/api/feed/following?limit=2&page=2',
      headers: { 'x-token': reader!.token },
    });
    expect(next.json().items.map((item: { _id: string }) => item._id)).toEqual([a._id]);

    const nobody = await call(context.app, {
      method: 'GET',
      url: '/api/feed/following',
      headers: { 'x-token': stranger!.token },
    });
    expect(nobody.json()).toMatchObject({ items: [], total: 0, pageCount: 0 });
    expect((await call(context.app, { method: 'GET', url: '/api/feed/following' })).statusCode).toBe(401);
  });
});
