import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/forms.js';
import {
  ADMIN_EMAIL,
  call,
  createTestContext,
  signUp,
  type TestContext,
  type TestUser,
} from '../../test/app.js';

let context: TestContext;
let owner: TestUser;
let writer: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  context = await createTestContext({ ADMIN_EMAILS: ADMIN_EMAIL });
  [owner, writer, stranger, admin] = await Promise.all([
    signUp(context),
    signUp(context),
    signUp(context),
    signUp(context, { email: ADMIN_EMAIL }),
  ]);
});
afterAll(() => context.close());

interface Comment {
  _id: string;
  body: string;
  date: string;
  commentAuthor: { _id: string; username: string; isAdmin: boolean };
}

const headers = (user?: { token: string }) => (user ? { 'x-token': user.token } : {});

async function createPortfolio(app: TestContext['app'], user: TestUser): Promise<string> {
  const response = await call(app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: headers(user),
    payload: { title: 'Izohlanadigan', url: 'https://comment.example.uz', used: ['Kotlin'] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json()._id;
}

function addComment(user: { token: string } | undefined, id: string, payload: unknown, app = context.app) {
  return call(app, {
    method: 'PUT',
    url: `/api/portfolio/comment/${id}`,
    headers: headers(user),
    payload: payload as string,
  });
}

function deleteComment(user: { token: string } | undefined, id: string, query: string) {
  return call(context.app, {
    method: 'DELETE',
    url: `/api/portfolio/comment/delete/${id}?${query}`,
    headers: headers(user),
  });
}

/** Stored counter, real rows and what GET answers, which must all agree. */
async function commentState(id: string) {
  const { db } = context.app.services;
  const stored = await db
    .selectFrom('portfolios')
    .select('comments_count')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const rows = await db.selectFrom('comments').select('id').where('portfolio_id', '=', id).execute();
  const portfolio = (await call(context.app, { method: 'GET', url: `/api/portfolio/${id}` })).json();
  expect(portfolio.commentsCount).toBe(stored.comments_count);
  expect(portfolio.comments).toHaveLength(rows.length);
  return { stored: stored.comments_count, rows: rows.length, comments: portfolio.comments as Comment[] };
}

async function addMany(id: string, bodies: [TestUser, string][]): Promise<Comment[]> {
  let list: Comment[] = [];
  for (const [user, body] of bodies) {
    const response = await addComment(user, id, { body });
    expect(response.statusCode).toBe(201);
    list = response.json();
  }
  return list;
}

describe('PUT /portfolio/comment/{id}', () => {
  it('answers 201 with the whole list, newest first', async () => {
    const id = await createPortfolio(context.app, owner);
    const first = await addComment(writer, id, { body: 'Birinchi izoh' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toHaveLength(1);
    const [comment] = first.json() as Comment[];
    expect(comment).toMatchObject({
      body: 'Birinchi izoh',
      commentAuthor: { _id: writer.id, username: writer.username, isAdmin: false },
    });
    expect(comment!._id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Date(comment!.date).toISOString()).toBe(comment!.date);

    const list = await addMany(id, [
      [owner, 'Ikkinchi'],
      [admin, 'Uchinchi'],
      [writer, 'To‘rtinchi'],
    ]);
    expect(list.map((c) => c.body)).toEqual(['To‘rtinchi', 'Uchinchi', 'Ikkinchi', 'Birinchi izoh']);
    expect(list[1]!.commentAuthor.isAdmin).toBe(true);
    expect(await commentState(id)).toMatchObject({ stored: 4, rows: 4 });
    expect((await commentState(id)).comments).toEqual(list);
  });

  it('takes 1 to 2000 characters after trimming and stores the body as typed', async () => {
    const id = await createPortfolio(context.app, owner);
    for (const body of ['', '   ', '\n\t ', 'x'.repeat(2001), ` ${'x'.repeat(2001)} `, 'a\u0000b']) {
      const response = await addComment(writer, id, { body });
      expect(response.statusCode, JSON.stringify(body.slice(0, 10))).toBe(422);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    for (const payload of [{}, { body: 5 }, { body: ['a'] }, { body: null }]) {
      expect((await addComment(writer, id, payload)).statusCode).toBe(422);
    }
    const padded = `   ${'y'.repeat(2000)}  \n`;
    const ok = await addComment(writer, id, { body: padded });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()[0].body).toBe(padded);
    const single = await addComment(writer, id, { body: ' z ' });
    expect(single.json()[0].body).toBe(' z ');
    const hostile = "<script>alert(1)</script>'); DROP TABLE comments;--";
    const stored = await addComment(writer, id, { body: hostile });
    expect(stored.json()[0].body).toBe(hostile);
    expect(await commentState(id)).toMatchObject({ stored: 3, rows: 3 });
  });

  it('accepts urlencoded and multipart bodies', async () => {
    const id = await createPortfolio(context.app, owner);
    const form = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/comment/${id}`,
      headers: { ...headers(writer), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ body: 'forma orqali' }).toString(),
    });
    expect(form.statusCode).toBe(201);
    expect(form.json()[0].body).toBe('forma orqali');
    const parts = await multipart({ body: 'multipart orqali' });
    const multi = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/comment/${id}`,
      payload: parts.payload,
      headers: { ...parts.headers, ...headers(writer) },
    });
    expect(multi.statusCode).toBe(201);
    expect(multi.json().map((c: Comment) => c.body)).toEqual(['multipart orqali', 'forma orqali']);
  });

  it('needs a token and an existing portfolio', async () => {
    const id = await createPortfolio(context.app, owner);
    expect((await addComment(undefined, id, { body: 'anonim' })).statusCode).toBe(401);
    expect((await addComment({ token: 'forged' }, id, { body: 'anonim' })).statusCode).toBe(401);
    for (const missing of ['0123456789abcdef01234567', 'no_such', 'a%00']) {
      const response = await addComment(writer, missing, { body: 'hech kimga' });
      expect(response.statusCode, missing).toBe(404);
    }
    expect(await commentState(id)).toMatchObject({ stored: 0, rows: 0 });
  });

  it('keeps the count exact under concurrent comments', async () => {
    const id = await createPortfolio(context.app, owner);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        addComment([writer, owner, stranger][index % 3], id, { body: `parallel ${index}` }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 201));
    const state = await commentState(id);
    expect(state).toMatchObject({ stored: 12, rows: 12 });
    const dates = state.comments.map((c) => `${c.date}${c._id}`);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('DELETE /portfolio/comment/delete/{id}', () => {
  it('removes the comment at index N of the newest-first list', async () => {
    const id = await createPortfolio(context.app, owner);
    await addMany(id, [
      [writer, 'c0'],
      [writer, 'c1'],
      [writer, 'c2'],
      [writer, 'c3'],
    ]);
    // Newest first: c3, c2, c1, c0. Index 1 is c2.
    const response = await deleteComment(writer, id, 'index=1');
    expect(response.statusCode).toBe(200);
    expect(response.json().map((c: Comment) => c.body)).toEqual(['c3', 'c1', 'c0']);
    expect((await deleteComment(writer, id, 'index=0')).json().map((c: Comment) => c.body)).toEqual([
      'c1',
      'c0',
    ]);
    expect((await deleteComment(writer, id, 'index=1')).json().map((c: Comment) => c.body)).toEqual(['c1']);
    expect((await deleteComment(writer, id, 'index=1')).statusCode).toBe(404);
    expect(await commentState(id)).toMatchObject({ stored: 1, rows: 1 });
  });

  it('removes the comment named by commentId, which must belong to this portfolio', async () => {
    const id = await createPortfolio(context.app, owner);
    const otherId = await createPortfolio(context.app, owner);
    const list = await addMany(id, [
      [writer, 'd0'],
      [writer, 'd1'],
      [writer, 'd2'],
    ]);
    const [elsewhere] = await addMany(otherId, [[writer, 'boshqa joyda']]);
    const target = list.find((c) => c.body === 'd1')!;
    // commentId wins over index.
    const response = await deleteComment(writer, id, `index=0&commentId=${target._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((c: Comment) => c.body)).toEqual(['d2', 'd0']);

    const foreign = await deleteComment(writer, id, `commentId=${elsewhere!._id}`);
    expect(foreign.statusCode).toBe(404);
    expect(await commentState(otherId)).toMatchObject({ stored: 1, rows: 1 });
    expect((await deleteComment(writer, id, `commentId=${target._id}`)).statusCode).toBe(404);
    expect((await deleteComment(writer, id, 'commentId=0123456789abcdef01234567')).statusCode).toBe(404);
    expect(await commentState(id)).toMatchObject({ stored: 2, rows: 2 });
  });

  it('refuses a missing or malformed index and commentId with 422', async () => {
    const id = await createPortfolio(context.app, owner);
    await addMany(id, [[writer, 'e0']]);
    for (const query of ['', 'index=', 'index=-1', 'index=abc', 'index=1.5', 'commentId=xyz', 'commentId=']) {
      const response = await deleteComment(writer, id, query);
      expect(response.statusCode, query).toBe(422);
    }
    expect(await commentState(id)).toMatchObject({ stored: 1, rows: 1 });
  });

  it('lets only the comment’s author or an admin delete it', async () => {
    const id = await createPortfolio(context.app, owner);
    const list = await addMany(id, [
      [writer, 'f0'],
      [writer, 'f1'],
      [writer, 'f2'],
    ]);
    expect((await deleteComment(undefined, id, 'index=0')).statusCode).toBe(401);
    const byStranger = await deleteComment(stranger, id, 'index=0');
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json().code).toBe('FORBIDDEN');
    // The portfolio's owner is not the comment's author.
    expect((await deleteComment(owner, id, `commentId=${list[0]!._id}`)).statusCode).toBe(403);
    expect(await commentState(id)).toMatchObject({ stored: 3, rows: 3 });

    const byAuthor = await deleteComment(writer, id, 'index=0');
    expect(byAuthor.statusCode).toBe(200);
    expect(byAuthor.json().map((c: Comment) => c.body)).toEqual(['f1', 'f0']);
    const byAdmin = await deleteComment(admin, id, `commentId=${list[2]!._id}`);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().map((c: Comment) => c.body)).toEqual(['f1']);
    expect(await commentState(id)).toMatchObject({ stored: 1, rows: 1 });
  });

  it('answers 404 for a missing portfolio', async () => {
    for (const missing of ['0123456789abcdef01234567', 'no_such']) {
      expect((await deleteComment(writer, missing, 'index=0')).statusCode).toBe(404);
    }
  });

  it('deletes a comment once when two deletes race, and keeps the count exact', async () => {
    const id = await createPortfolio(context.app, owner);
    const list = await addMany(id, [
      [writer, 'g0'],
      [writer, 'g1'],
      [writer, 'g2'],
    ]);
    const target = list[1]!._id;
    const responses = await Promise.all([
      deleteComment(writer, id, `commentId=${target}`),
      deleteComment(writer, id, `commentId=${target}`),
      deleteComment(admin, id, `commentId=${target}`),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 404, 404]);
    expect(await commentState(id)).toMatchObject({ stored: 2, rows: 2 });
  });

  it('never answers 500 when the portfolio is deleted while comments arrive', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await createPortfolio(context.app, owner);
      const [deleted, ...added] = await Promise.all([
        call(context.app, { method: 'DELETE', url: `/api/portfolio/delete/${id}`, headers: headers(owner) }),
        ...[writer, stranger, admin, writer].map((user) => addComment(user, id, { body: 'tez' })),
      ]);
      expect(deleted!.statusCode).toBe(204);
      for (const response of added) expect([201, 404], response.body).toContain(response.statusCode);
      const orphans = await context.app.services.db
        .selectFrom('comments')
        .select('id')
        .where('portfolio_id', '=', id)
        .execute();
      expect(orphans).toEqual([]);
    }
  });
});

describe('comment rate limit', () => {
  it('answers the 10th comment within 30 seconds with 429 and Retry-After', async () => {
    const limited = await createTestContext({ RATE_LIMIT: 'on' });
    try {
      const [author, talker] = await Promise.all([signUp(limited), signUp(limited)]);
      const id = await createPortfolio(limited.app, author);
      for (let index = 0; index < 9; index += 1) {
        const response = await addComment(talker, id, { body: `izoh ${index}` }, limited.app);
        expect(response.statusCode, `comment ${index + 1}`).toBe(201);
      }
      const refused = await addComment(talker, id, { body: 'ortiqcha' }, limited.app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(30);
      const portfolio = (await call(limited.app, { method: 'GET', url: `/api/portfolio/${id}` })).json();
      expect(portfolio.commentsCount).toBe(9);
      expect(portfolio.comments.map((c: Comment) => c.body)).not.toContain('ortiqcha');
      expect(
        (await addComment(author, id, { body: 'muallif hali yoza oladi' }, limited.app)).statusCode,
      ).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
