import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../passwords/passwords.js';
import { userRow } from '../../test/rows.js';

let context: TestContext;
let owner: TestUser;
let fan: TestUser;

beforeAll(async () => {
  context = await createTestContext();
  [owner, fan] = await Promise.all([signUp(context), signUp(context)]);
});
afterAll(() => context.close());

const headers = (user?: { token: string }) => (user ? { 'x-token': user.token } : {});

async function createPortfolio(
  app: TestContext['app'],
  user: TestUser,
  title = 'Yoqtiriladigan',
): Promise<string> {
  const response = await call(app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: headers(user),
    payload: { title, url: 'https://like.example.uz', used: ['Elixir'] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json()._id;
}

function like(app: TestContext['app'], user: { token: string } | undefined, id: string) {
  return call(app, { method: 'PUT', url: `/api/portfolio/like/${id}`, headers: headers(user) });
}

/** The real rows and the stored counter, read straight from the database. */
async function likeState(portfolioId: string, userId?: string) {
  const { db } = context.app.services;
  const rows = await db
    .selectFrom('likes')
    .select('user_id')
    .where('portfolio_id', '=', portfolioId)
    .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId!))
    .execute();
  const portfolio = await db
    .selectFrom('portfolios')
    .select('likes_count')
    .where('id', '=', portfolioId)
    .executeTakeFirstOrThrow();
  const all = await db
    .selectFrom('likes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('portfolio_id', '=', portfolioId)
    .executeTakeFirstOrThrow();
  return { rows: rows.length, total: Number(all.count), stored: portfolio.likes_count };
}

/** Users made straight in the database (one password hash for all), signed in through the auth service. */
async function manyUsers(count: number): Promise<{ id: string; token: string }[]> {
  const { db, auth } = context.app.services;
  const password = 'olma-nok-uzum-2026';
  const passwordHash = await hashPassword(password);
  const now = new Date().toISOString();
  const users = Array.from({ length: count }, (_, index) => {
    const id = newId();
    return { id, username: `fan${index}_${id.slice(-6)}`, email: `fan${index}_${id.slice(-6)}@example.uz` };
  });
  await db
    .insertInto('users')
    .values(
      users.map((user) =>
        userRow({
          id: user.id,
          username: user.username,
          email: user.email,
          password_hash: passwordHash,
          firstname: 'Muxlis',
          created_at: now,
        }),
      ),
    )
    .execute();
  return Promise.all(
    users.map(async (user) => {
      const { token } = await auth.login({ email: user.email, password }, '127.0.0.1');
      return { id: user.id, token };
    }),
  );
}

describe('PUT /portfolio/like/{id}', () => {
  it('toggles the caller’s like and answers the count', async () => {
    const id = await createPortfolio(context.app, owner);
    const first = await like(context.app, fan, id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ count: 1, isLiked: true });
    const get = (user?: TestUser) =>
      call(context.app, { method: 'GET', url: `/api/portfolio/${id}`, headers: headers(user) });
    expect((await get(fan)).json()).toMatchObject({ likes: [fan.id], likesCount: 1, likedByMe: true });
    expect((await get(owner)).json().likedByMe).toBe(false);

    expect((await like(context.app, owner, id)).json()).toEqual({ count: 2, isLiked: true });
    expect((await like(context.app, fan, id)).json()).toEqual({ count: 1, isLiked: false });
    expect((await get(fan)).json()).toMatchObject({ likes: [owner.id], likesCount: 1, likedByMe: false });
    expect(await likeState(id)).toEqual({ rows: 1, total: 1, stored: 1 });
  });

  it('finds the portfolio by linktitle too', async () => {
    const id = await createPortfolio(context.app, owner, 'Link orqali like');
    const { linktitle } = (await call(context.app, { method: 'GET', url: `/api/portfolio/${id}` })).json();
    const response = await like(context.app, fan, encodeURIComponent(linktitle));
    expect(response.json()).toEqual({ count: 1, isLiked: true });
  });

  it('needs a token and an existing portfolio', async () => {
    const id = await createPortfolio(context.app, owner);
    const anonymous = await like(context.app, undefined, id);
    expect(anonymous.statusCode).toBe(401);
    expect((await like(context.app, { token: 'forged' }, id)).statusCode).toBe(401);
    for (const missing of ['0123456789abcdef01234567', 'no_such_portfolio', 'x%00']) {
      const response = await like(context.app, fan, missing);
      expect(response.statusCode, missing).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect(await likeState(id)).toEqual({ rows: 0, total: 0, stored: 0 });
  });

  it('counts 50 different users liking at once exactly 50 times', async () => {
    const id = await createPortfolio(context.app, owner, 'Mashhur');
    const users = await manyUsers(50);
    const responses = await Promise.all(users.map((user) => like(context.app, user, id)));
    expect(responses.map((response) => response.statusCode)).toEqual(users.map(() => 200));
    expect(responses.every((response) => response.json().isLiked === true)).toBe(true);
    const counts = responses.map((response) => response.json().count as number).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    expect(await likeState(id)).toEqual({ rows: 50, total: 50, stored: 50 });
    const portfolio = (await call(context.app, { method: 'GET', url: `/api/portfolio/${id}` })).json();
    expect(portfolio.likesCount).toBe(50);
    expect([...portfolio.likes].sort()).toEqual(users.map((user) => user.id).sort());

    const unliked = await Promise.all(users.slice(0, 20).map((user) => like(context.app, user, id)));
    expect(unliked.every((response) => response.json().isLiked === false)).toBe(true);
    expect(await likeState(id)).toEqual({ rows: 30, total: 30, stored: 30 });
  });

  it('stays consistent when one user fires several toggles at once', async () => {
    const id = await createPortfolio(context.app, owner, 'Ikki marta bosildi');
    let liked = false;
    for (const clicks of [2, 3, 2, 5, 4, 1]) {
      const responses = await Promise.all(Array.from({ length: clicks }, () => like(context.app, fan, id)));
      expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
      // The toggles run one after another: they alternate, starting from the state before.
      const states = responses.map((response) => response.json().isLiked as boolean);
      expect(states.filter((state) => state !== liked).length).toBe(Math.ceil(clicks / 2));
      liked = clicks % 2 === 1 ? !liked : liked;
      const state = await likeState(id, fan.id);
      expect(state.rows).toBe(liked ? 1 : 0);
      expect(state.stored).toBe(state.total);
      expect(state.total).toBe(liked ? 1 : 0);
    }
  });

  it('never fails with 500 when the portfolio is deleted while being liked', async () => {
    const users = await manyUsers(6);
    for (let round = 0; round < 3; round += 1) {
      const id = await createPortfolio(context.app, owner, 'O‘chib ketadi');
      const [deleted, ...likes] = await Promise.all([
        call(context.app, { method: 'DELETE', url: `/api/portfolio/delete/${id}`, headers: headers(owner) }),
        ...users.map((user) => like(context.app, user, id)),
      ]);
      expect(deleted!.statusCode).toBe(204);
      for (const response of likes) expect([200, 404], response.body).toContain(response.statusCode);
      const orphans = await context.app.services.db
        .selectFrom('likes')
        .select('user_id')
        .where('portfolio_id', '=', id)
        .execute();
      expect(orphans).toEqual([]);
    }
  });
});

describe('like rate limit', () => {
  it('answers the 31st like within 30 seconds with 429 and Retry-After', async () => {
    const limited = await createTestContext({ RATE_LIMIT: 'on' });
    try {
      const [author, clicker] = await Promise.all([signUp(limited), signUp(limited)]);
      const id = await createPortfolio(limited.app, author, 'Cheklangan');
      for (let index = 0; index < 30; index += 1) {
        const response = await like(limited.app, clicker, id);
        expect(response.statusCode, `like ${index + 1}`).toBe(200);
      }
      const refused = await like(limited.app, clicker, id);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(30);
      // The refused click changed nothing; another user still may like.
      const state = await limited.app.services.db
        .selectFrom('portfolios')
        .select('likes_count')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(state.likes_count).toBe(0);
      expect((await like(limited.app, author, id)).json()).toEqual({ count: 1, isLiked: true });
    } finally {
      await limited.close();
    }
  });
});
