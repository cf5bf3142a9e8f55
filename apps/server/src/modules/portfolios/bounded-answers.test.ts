import {
  BOUNDS,
  type Comment,
  type CommentPage,
  type LikerPage,
  type Portfolio,
} from '@portfolio-master/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInconsistencies } from '../../seed/consistency.js';
import { newId } from '../../lib/ids.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { userRow } from '../../test/rows.js';

/**
 * Whatever a portfolio's popularity, every answer that mentions it stays one page: the detail, a list,
 * its author's profile, and the answers to writing or deleting a comment. The rest is paged.
 */

const LIKES = 10_000;
const COMMENTS = 4_000;
const SIXTEEN_KB = 16 * 1024;

let context: TestContext;
let author: TestUser;
let reader: TestUser;
let popular: { id: string; linktitle: string };
let quiet: { id: string; linktitle: string };
const start = Date.parse('2026-01-01T00:00:00Z');

async function insertInBatches<T>(table: 'users' | 'likes' | 'comments', rows: T[]) {
  for (let index = 0; index < rows.length; index += 500) {
    await context.app.services.db
      .insertInto(table)
      .values(rows.slice(index, index + 500) as never)
      .execute();
  }
}

async function createPortfolio(user: TestUser, title: string) {
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: { 'x-token': user.token },
    payload: { title, url: 'https://example.uz', used: ['React'], description: 'Mashhur loyiha.' },
  });
  expect(response.statusCode).toBe(201);
  return { id: response.json()._id as string, linktitle: response.json().linktitle as string };
}

beforeAll(async () => {
  context = await createTestContext();
  [author, reader] = await Promise.all([signUp(context), signUp(context)]);
  popular = await createPortfolio(author, 'Juda mashhur loyiha');
  quiet = await createPortfolio(author, 'Tinch loyiha');
  // Ten thousand people like it and four thousand comments were written on it, over many days.
  const people = Array.from({ length: LIKES }, (_, index) => {
    const id = newId(new Date(start + index));
    return userRow({
      id,
      username: `liker_${index}`,
      firstname: `Ism${index}`,
      lastname: 'Familiya',
      created_at: new Date(start).toISOString(),
    });
  });
  await insertInBatches('users', people);
  await insertInBatches(
    'likes',
    people.map((person, index) => ({
      portfolio_id: popular.id,
      user_id: person.id,
      created_at: new Date(start + index * 60_000).toISOString(),
    })),
  );
  await insertInBatches(
    'comments',
    Array.from({ length: COMMENTS }, (_, index) => ({
      id: newId(new Date(start + index * 1000)),
      portfolio_id: popular.id,
      author_id: people[index % 500]!.id,
      body: `Izoh raqami ${index}: ${'ajoyib ish! '.repeat(8)}`,
      // Some share a millisecond, so the page boundary needs the id as well as the time.
      created_at: new Date(start + Math.floor(index / 3) * 90_000).toISOString(),
    })),
  );
  await context.app.services.db
    .updateTable('portfolios')
    .set({ likes_count: LIKES, ranked_likes: LIKES, comments_count: COMMENTS })
    .where('id', '=', popular.id)
    .execute();
  expect(await findInconsistencies(context.app.services.db, context.app.services.dialect)).toEqual([]);
}, 120_000);
afterAll(() => context?.close());

const get = (url: string, user?: TestUser) =>
  call(context.app, { method: 'GET', url, headers: user ? { 'x-token': user.token } : {} });

describe('answers that mention a very popular portfolio', () => {
  it('keeps the detail under 16 KB, with counts, the newest comments and a cursor', async () => {
    for (const viewer of [undefined, reader]) {
      const response = await get(`/api/portfolio/${popular.linktitle}`, viewer);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBeLessThanOrEqual(SIXTEEN_KB);
      const detail: Portfolio = response.json();
      expect(detail).toMatchObject({ likesCount: LIKES, commentsCount: COMMENTS });
      expect(detail.comments).toHaveLength(BOUNDS.detailComments);
      expect(detail.commentsNext).toEqual(expect.any(String));
      expect(detail.likes).toHaveLength(BOUNDS.likeIds);
    }
  });

  it('puts the viewer first among the liker ids when they like it, so older clients see their like', async () => {
    const like = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/like/${popular.id}`,
      headers: { 'x-token': reader.token },
    });
    expect(like.json()).toEqual({ count: LIKES + 1, isLiked: true });
    const detail: Portfolio = (await get(`/api/portfolio/${popular.id}`, reader)).json();
    expect(detail.likedByMe).toBe(true);
    expect(detail.likes[0]).toBe(reader.id);
    expect(detail.likes).toHaveLength(BOUNDS.likeIds);
    await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/like/${popular.id}`,
      headers: { 'x-token': reader.token },
    });
  });

  it('keeps lists, the profile and the answers to comment writes small', async () => {
    const list = await get('/api/portfolio?page=1');
    expect(list.rawPayload.length).toBeLessThanOrEqual(SIXTEEN_KB);
    const profile = await get(`/api/user/${author.username}`);
    expect(profile.rawPayload.length).toBeLessThanOrEqual(SIXTEEN_KB);
    const users = await get('/api/user/all?limit=10');
    expect(users.rawPayload.length).toBeLessThanOrEqual(SIXTEEN_KB);
    const posted = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/comment/${popular.id}`,
      headers: { 'x-token': reader.token },
      payload: { body: 'Men ham qo‘shilaman' },
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.rawPayload.length).toBeLessThanOrEqual(SIXTEEN_KB);
    const newest: Comment[] = posted.json();
    expect(newest).toHaveLength(BOUNDS.detailComments);
    expect(newest[0]!.body).toBe('Men ham qo‘shilaman');
    const deleted = await call(context.app, {
      method: 'DELETE',
      url: `/api/portfolio/comment/delete/${popular.id}?index=0`,
      headers: { 'x-token': reader.token },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.rawPayload.length).toBeLessThanOrEqual(SIXTEEN_KB);
    expect((deleted.json() as Comment[])[0]!.body).not.toBe('Men ham qo‘shilaman');
  });

  it('answers a quiet portfolio with no cursor and every liker', async () => {
    const detail: Portfolio = (await get(`/api/portfolio/${quiet.id}`)).json();
    expect(detail).toMatchObject({ comments: [], commentsNext: null, likes: [], likesCount: 0 });
  });
});

describe('paging comments and likers', () => {
  it('walks every comment exactly once, newest first, while comments are written and deleted', async () => {
    const first: Portfolio = (await get(`/api/portfolio/${popular.id}`)).json();
    const seen: Comment[] = [...first.comments];
    let next = first.commentsNext;
    const deletedIds = new Set<string>();
    let round = 0;
    while (next) {
      const response = await get(`/api/portfolio/${popular.id}/comments?before=${next}&limit=50`);
      expect(response.statusCode).toBe(200);
      const page: CommentPage = response.json();
      seen.push(...page.items);
      next = page.next;
      round += 1;
      if (round % 10 === 0) {
        // A new comment (newer than everything) and the deletion of one not yet reached.
        await call(context.app, {
          method: 'PUT',
          url: `/api/portfolio/comment/${popular.id}`,
          headers: { 'x-token': reader.token },
          payload: { body: `Yurish paytida ${round}` },
        });
        const ahead = await sql<{ id: string }>`select id from comments where portfolio_id = ${popular.id}
          order by created_at asc, id asc limit 1 offset ${round}`.execute(context.app.services.db);
        const target = ahead.rows[0]!.id;
        if (!seen.some((comment) => comment._id === target)) {
          // Its author deletes it (the seeded commenters have no sessions: as the API would, in the database).
          await context.app.services.db.deleteFrom('comments').where('id', '=', target).execute();
          await context.app.services.db
            .updateTable('portfolios')
            .set((eb) => ({ comments_count: eb('comments_count', '-', 1) }))
            .where('id', '=', popular.id)
            .execute();
          deletedIds.add(target);
        }
      }
    }
    const ids = seen.map((comment) => comment._id);
    expect(new Set(ids).size).toBe(ids.length);
    const original = seen.filter((comment) => !comment.body.startsWith('Yurish paytida'));
    expect(original.length + deletedIds.size).toBe(COMMENTS);
    expect(ids.some((id) => deletedIds.has(id))).toBe(false);
    const times = seen.map((comment) => comment.date);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('walks every liker exactly once, newest first, with names', async () => {
    const likers: string[] = [];
    let next: string | null = null;
    do {
      const response = await get(
        `/api/portfolio/${popular.id}/likes?limit=${BOUNDS.pageItems.max}${next ? `&before=${next}` : ''}`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBeLessThanOrEqual(SIXTEEN_KB);
      const page: LikerPage = response.json();
      if (likers.length === 0) expect(page.items[0]!.user).toMatchObject({ username: `liker_${LIKES - 1}` });
      likers.push(...page.items.map((item) => item.user._id));
      next = page.next;
    } while (next);
    expect(likers).toHaveLength(LIKES);
    expect(new Set(likers).size).toBe(LIKES);
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['tampered JSON', Buffer.from('["comments:x",1,"abc"]').toString('base64url')],
    [
      'another portfolio’s cursor',
      Buffer.from(
        JSON.stringify(['comments:0123456789abcdef01234567', 1, '0123456789abcdef01234567']),
      ).toString('base64url'),
    ],
    [
      'a likers cursor for comments',
      Buffer.from(JSON.stringify(['likes:PID', 1, '0123456789abcdef01234567'])).toString('base64url'),
    ],
    [
      'a negative time',
      Buffer.from(JSON.stringify(['comments:PID', -5, '0123456789abcdef01234567'])).toString('base64url'),
    ],
  ])('refuses %s with 400 and an Uzbek message', async (_label, cursor) => {
    const response = await get(
      `/api/portfolio/${popular.id}/comments?before=${cursor.replace('PID', popular.id)}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', detail: expect.stringMatching(/cursor/) });
  });

  it('answers 404 for the pages of a portfolio that does not exist, and 422 for a bad limit', async () => {
    expect((await get('/api/portfolio/yoq_portfolio/comments')).statusCode).toBe(404);
    expect((await get('/api/portfolio/yoq_portfolio/likes')).statusCode).toBe(404);
    expect(
      (await get(`/api/portfolio/${popular.id}/comments?limit=${BOUNDS.pageItems.max + 1}`)).statusCode,
    ).toBe(422);
  });
});

describe('other lists that grew without bound', () => {
  it('gives a user’s newest portfolios and their number', async () => {
    const busy = await signUp(context);
    for (let index = 0; index < BOUNDS.userPortfolios + 3; index += 1)
      await createPortfolio(busy, `Loyiha ${index}`);
    const profile = (await get(`/api/user/${busy.username}`)).json();
    expect(profile.portfolios).toHaveLength(BOUNDS.userPortfolios);
    expect(profile.portfolios[0].title).toBe(`Loyiha ${BOUNDS.userPortfolios + 2}`);
    expect(profile.portfoliosCount).toBe(BOUNDS.userPortfolios + 3);
    const listed = (await get('/api/user/all?limit=50'))
      .json()
      .find((user: { _id: string }) => user._id === busy.id);
    expect(listed).toMatchObject({ portfoliosCount: BOUNDS.userPortfolios + 3 });
    expect(listed.portfolios).toHaveLength(BOUNDS.userPortfolios);
  });

  it('lists the most used technologies, and those starting with what is typed', async () => {
    const rows = Array.from({ length: BOUNDS.technologies + 30 }, (_, index) => ({
      id: newId(),
      name: `Tex${String(index).padStart(3, '0')}%_`,
      slug: `tex${String(index).padStart(3, '0')}%_`,
      portfolios_count: 1000 + index,
    }));
    await context.app.services.db.insertInto('technologies').values(rows).execute();
    const top = (await get('/api/portfolio/technologies')).json() as { name: string; count: number }[];
    expect(top).toHaveLength(BOUNDS.technologies);
    expect(top[0]).toEqual({
      name: `Tex${BOUNDS.technologies + 29}%_`,
      count: 1000 + BOUNDS.technologies + 29,
    });
    const typed = (await get(`/api/portfolio/technologies?q=${encodeURIComponent('TEX01')}`)).json() as {
      name: string;
    }[];
    expect(typed.map((technology) => technology.name)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Tex01${9 - index}%_`),
    );
    // The prefix's own % and _ are letters, not wildcards.
    expect((await get(`/api/portfolio/technologies?q=${encodeURIComponent('tex%')}`)).json()).toEqual([]);
    expect((await get('/api/portfolio/technologies?q=tex1&limit=3')).json()).toHaveLength(3);
  });
});
