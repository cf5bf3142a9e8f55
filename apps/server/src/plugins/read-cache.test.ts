import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { hashToken } from '../lib/tokens.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../test/app.js';
import { READ_TAGS_HEADER } from './read-cache.js';

let context: TestContext;
let author: TestUser;
let fans: TestUser[];

beforeAll(async () => {
  context = await createTestContext({ REDIS_URL: 'redis://127.0.0.1:6379' });
  [author, ...fans] = await Promise.all([signUp(context), signUp(context), signUp(context), signUp(context)]);
});
afterAll(() => context.close());

const headers = (user?: { token: string }) => (user ? { 'x-token': user.token } : {});

async function createPortfolio(title: string, used = ['Kesh']): Promise<{ _id: string; linktitle: string }> {
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: headers(author),
    payload: { title, url: 'https://kesh.example.uz', used },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const get = (url: string, user?: TestUser, extra: Record<string, string> = {}, app = context.app) =>
  call(app, { method: 'GET', url, headers: { ...headers(user), ...extra } });

const like = (user: TestUser, id: string) =>
  call(context.app, { method: 'PUT', url: `/api/portfolio/like/${id}`, headers: headers(user) });

describe('anonymous answers cached as ready bytes', () => {
  it('answers with an ETag, a 304 for the same copy, and new bytes as soon as a like is acknowledged', async () => {
    const portfolio = await createPortfolio('Kesh sinovi');
    const url = `/api/portfolio/${portfolio.linktitle}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await get(url, undefined, { 'if-none-match': etag })).statusCode).toBe(304);
    // Cached: the same bytes again.
    expect((await get(url)).body).toBe(first.body);

    expect((await like(fans[0]!, portfolio._id)).json()).toEqual({ count: 1, isLiked: true });
    const after = await get(url);
    expect(after.json().likesCount).toBe(1);
    expect(after.json().likes).toEqual([fans[0]!.id]);
    expect(after.headers.etag).not.toBe(etag);
    expect((await get(url, undefined, { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('sends the compressed form with its own ETag to clients that accept it', async () => {
    await Promise.all([1, 2, 3, 4, 5, 6].map((n) => createPortfolio(`Siqiladigan ${n}`)));
    const plain = await get('/api/portfolio?limit=20');
    const brotli = await get('/api/portfolio?limit=20', undefined, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.etag).toBe((plain.headers.etag as string).replace(/"$/, '-br"'));
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    // Either copy is confirmed with a 304.
    const revalidated = await get('/api/portfolio?limit=20', undefined, {
      'if-none-match': brotli.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('names exactly what a list was made from: the lists, each card on it and, sorted by counts, the ranking', async () => {
    const newest = await createPortfolio('Eng yangi');
    const page = await get('/api/portfolio?limit=1');
    expect(page.json().items[0]._id).toBe(newest._id);
    expect(String(page.headers[READ_TAGS_HEADER]).split(' ').sort()).toEqual(
      ['lists', `portfolio:${newest._id}`].sort(),
    );
    const popular = await get('/api/portfolio?limit=2&sort=popular');
    expect(String(popular.headers[READ_TAGS_HEADER]).split(' ')).toContain('ranking:popular');
  });

  it('drops a list sorted by likes when a portfolio not on it overtakes one that is', async () => {
    const leader = await createPortfolio('Yetakchi', ['Poyga']);
    const chaser = await createPortfolio('Quvuvchi', ['Poyga']);
    const filter = '&filter=Poyga';
    await like(fans[1]!, leader._id);
    const before = await get(`/api/portfolio?limit=1&sort=popular${filter}`);
    expect(before.json().items.map((item: { _id: string }) => item._id)).toEqual([leader._id]);
    await like(fans[0]!, chaser._id);
    await like(fans[2]!, chaser._id);
    const after = await get(`/api/portfolio?limit=1&sort=popular${filter}`);
    expect(after.json().items.map((item: { _id: string }) => item._id)).toEqual([chaser._id]);
    expect(after.json().items[0].likesCount).toBe(2);
  });

  it('shows a posted comment and a deleted one at once, on the portfolio and its comment pages', async () => {
    const portfolio = await createPortfolio('Izohli kesh');
    const url = `/api/portfolio/${portfolio._id}`;
    expect((await get(url)).json().comments).toEqual([]);
    expect((await get(`${url}/comments`)).json().items).toEqual([]);
    const posted = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/comment/${portfolio._id}`,
      headers: headers(fans[0]),
      payload: { body: 'Zo‘r ish' },
    });
    expect(posted.statusCode).toBe(201);
    expect((await get(url)).json().comments.map((c: { body: string }) => c.body)).toEqual(['Zo‘r ish']);
    expect((await get(url)).json().commentsCount).toBe(1);
    expect((await get(`${url}/comments`)).json().items).toHaveLength(1);
    const deleted = await call(context.app, {
      method: 'DELETE',
      url: `/api/portfolio/comment/delete/${portfolio._id}?index=0`,
      headers: headers(fans[0]),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get(url)).json().comments).toEqual([]);
    expect((await get(`${url}/comments`)).json().items).toEqual([]);
  });

  it('never keeps a missing portfolio past its creation', async () => {
    const missing = await get('/api/portfolio/hali_yoq_portfolio');
    expect(missing.statusCode).toBe(404);
    const created = await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/create',
      headers: headers(author),
      payload: { title: 'Hali yoq portfolio', url: 'https://kesh.example.uz', used: ['Kesh'] },
    });
    expect(created.statusCode).toBe(201);
    const found = await get(`/api/portfolio/${created.json().linktitle}`);
    expect(found.statusCode).toBe(200);
  });

  it('keeps counts equal to the rows under concurrent likes and reads', async () => {
    const portfolio = await createPortfolio('Bir vaqtda');
    const url = `/api/portfolio/${portfolio._id}`;
    await Promise.all([
      ...fans.map((fan) => like(fan, portfolio._id)),
      ...Array.from({ length: 30 }, () => get(url)),
      ...Array.from({ length: 10 }, () => get('/api/portfolio?limit=5')),
    ]);
    const rows = await context.app.services.db
      .selectFrom('likes')
      .select('user_id')
      .where('portfolio_id', '=', portfolio._id)
      .execute();
    expect(rows).toHaveLength(fans.length);
    expect((await get(url)).json().likesCount).toBe(fans.length);
    const listed = (await get('/api/portfolio?limit=50'))
      .json()
      .items.find((item: { _id: string }) => item._id === portfolio._id);
    expect(listed.likesCount).toBe(fans.length);
  });
});

describe('signed-in answers', () => {
  it('reuse the cached page and add the viewer’s own likes', async () => {
    const liked = await createPortfolio('Menga yoqdi');
    const other = await createPortfolio('Boshqasi');
    const url = '/api/portfolio?limit=2';
    // The page is cached for everyone first; the viewer's like then comes from its own look-up.
    const anonymous = await get(url);
    expect(anonymous.json().items.map((item: { _id: string }) => item._id)).toEqual([other._id, liked._id]);
    await like(fans[1]!, liked._id);
    const mine = await get(url, fans[1]);
    expect(mine.headers.etag).toBeUndefined();
    expect(
      mine.json().items.map((item: { _id: string; likedByMe: boolean }) => [item._id, item.likedByMe]),
    ).toEqual([
      [other._id, false],
      [liked._id, true],
    ]);
    // Nobody else sees it as theirs: not another viewer, not the cached copy.
    expect(
      (await get(url, fans[0])).json().items.every((item: { likedByMe: boolean }) => !item.likedByMe),
    ).toBe(true);
    expect((await get(url)).json().items.every((item: { likedByMe: boolean }) => !item.likedByMe)).toBe(true);

    const detail = await get(`/api/portfolio/${liked._id}`, fans[1]);
    expect(detail.json().likedByMe).toBe(true);
    expect(detail.json().likes[0]).toBe(fans[1]!.id);
    expect((await get(`/api/portfolio/${liked._id}`)).json().likedByMe).toBe(false);
  });

  it('show a user their own email, and everyone else the cached public profile', async () => {
    const anonymous = await get(`/api/user/${author.username}`);
    expect(anonymous.json().email).toBeNull();
    expect((await get(`/api/user/${author.username}`, author)).json().email).toBe(author.email);
    expect((await get(`/api/user/${author.username}`)).json().email).toBeNull();
  });
});

describe('two instances on one database', () => {
  let second: FastifyInstance;

  beforeAll(async () => {
    second = await buildApp(context.config, { logger: false });
    await second.ready();
  });
  afterAll(() => second.close());

  it('drop their cached responses when the other instance writes (through Redis)', async () => {
    const portfolio = await createPortfolio('Ikki nusxa');
    const url = `/api/portfolio/${portfolio._id}`;
    expect((await get(url, undefined, {}, second)).json().likesCount).toBe(0);
    expect((await get('/api/portfolio?limit=1', undefined, {}, second)).json().items[0]._id).toBe(
      portfolio._id,
    );
    // Cached on the second instance: the same bytes.
    const cached = await get(url, undefined, {}, second);
    expect(cached.json().likesCount).toBe(0);

    expect((await like(fans[0]!, portfolio._id)).statusCode).toBe(200);
    // The writer's answer came after Redis took the change; the other instance hears it a moment later.
    await expect
      .poll(async () => (await get(url, undefined, {}, second)).json().likesCount, { timeout: 2000 })
      .toBe(1);
    const newer = await createPortfolio('Ikki nusxa keyingi');
    await expect
      .poll(async () => (await get('/api/portfolio?limit=1', undefined, {}, second)).json().items[0]._id, {
        timeout: 2000,
      })
      .toBe(newer._id);
  });
});

describe('a viewer’s likes kept by another instance', () => {
  it('are dropped there when the session ends or the viewer likes something here (through Redis)', async () => {
    const second = await buildApp(context.config, { logger: false });
    try {
      const base = await second.listen({ port: 0, host: '127.0.0.1' });
      const [one, two] = [await createPortfolio('Boshqa nusxa 1'), await createPortfolio('Boshqa nusxa 2')];
      const path = `${base}/api/portfolio?limit=2`;
      const viewer = await signUp(context);
      await like(viewer, one._id);
      await fetch(path);
      const flags = async () => {
        const response = await fetch(path, { headers: { 'x-token': viewer.token } });
        const page = (await response.json()) as { items: { _id: string; likedByMe: boolean }[] };
        return page.items.map((item) => [item._id, item.likedByMe]);
      };
      expect(await flags()).toEqual([
        [two._id, false],
        [one._id, true],
      ]);
      // A like through the first instance: the second hears of it a moment later.
      await like(viewer, two._id);
      await expect.poll(flags, { timeout: 2000 }).toEqual([
        [two._id, true],
        [one._id, true],
      ]);
      const out = await call(context.app, { method: 'POST', url: '/api/logout', headers: headers(viewer) });
      expect(out.statusCode).toBe(204);
      await expect.poll(flags, { timeout: 2000 }).toEqual([
        [two._id, false],
        [one._id, false],
      ]);
    } finally {
      await second.close();
    }
  });
});

describe('compiled serialisers', () => {
  let compiled: FastifyInstance;

  beforeAll(async () => {
    compiled = await buildApp(
      { ...context.config, validateResponses: false, readCache: false, redisUrl: undefined },
      { logger: false },
    );
    await compiled.ready();
  });
  afterAll(() => compiled.close());

  it('write the same answers as the validated path, for every kind of read', async () => {
    const portfolio = await createPortfolio('Bir xil javob');
    await like(fans[2]!, portfolio._id);
    await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/comment/${portfolio._id}`,
      headers: headers(fans[2]),
      payload: { body: 'Bir xil' },
    });
    const urls = [
      '/api/portfolio?limit=5',
      '/api/portfolio?sort=popular&limit=3',
      '/api/portfolio/all?limit=3',
      `/api/portfolio/${portfolio.linktitle}`,
      `/api/portfolio/${portfolio._id}/comments`,
      `/api/portfolio/${portfolio._id}/likes`,
      '/api/portfolio/technologies',
      '/api/user/all?limit=5',
      `/api/user/${author.username}`,
      '/api/portfolio/not_there_at_all',
    ];
    for (const url of urls) {
      for (const viewer of [undefined, fans[2]]) {
        const [validated, fast] = await Promise.all([get(url, viewer), get(url, viewer, {}, compiled)]);
        expect(fast.statusCode, url).toBe(validated.statusCode);
        expect(fast.json(), url).toEqual(validated.json());
        expect(fast.headers['content-type'], url).toBe(validated.headers['content-type']);
      }
    }
    const me = await get('/api/me', fans[2], {}, compiled);
    expect(me.json()).toEqual((await get('/api/me', fans[2])).json());
  });
});

describe('over a real connection', () => {
  let base: string;

  beforeAll(async () => {
    base = await context.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('sends a cached response with the same headers the framework sent, and new bytes after a write', async () => {
    const portfolio = await createPortfolio('Soket orqali');
    const url = `${base}/api/portfolio/${portfolio._id}`;
    const first = await fetch(url);
    const firstBody = await first.text();
    // The second is answered from the cached bytes, before the framework is entered.
    const second = await fetch(url);
    expect(await second.text()).toBe(firstBody);
    for (const name of [
      'content-type',
      'etag',
      'cache-control',
      'x-content-type-options',
      'content-security-policy',
      'access-control-allow-origin',
    ]) {
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
    }
    expect(second.headers.get(READ_TAGS_HEADER)).toBeNull();
    const notModified = await fetch(url, { headers: { 'if-none-match': second.headers.get('etag')! } });
    expect(notModified.status).toBe(304);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(firstBody)));

    await like(fans[0]!, portfolio._id);
    const after = await fetch(url);
    expect(((await after.json()) as { likesCount: number }).likesCount).toBe(1);
    // A signed-in reader is never sent the anonymous copy: theirs lists them first among the likers.
    const mine = await fetch(url, { headers: { 'x-token': fans[0]!.token } });
    expect(mine.headers.get('etag')).toBeNull();
    const detail = (await mine.json()) as { likedByMe: boolean; likes: string[] };
    expect(detail.likedByMe).toBe(true);
    expect(detail.likes[0]).toBe(fans[0]!.id);
  });

  type Card = { _id: string; likedByMe: boolean };
  const flags = (page: { items: Card[] }) => page.items.map((item) => [item._id, item.likedByMe]);
  const db = () => context.app.services.db;

  it('sends a signed-in viewer the cached bytes with their own likes set, as the handler would make them', async () => {
    const [first, liked, last] = [
      await createPortfolio('Birinchi karta'),
      await createPortfolio('Yoqqan karta'),
      await createPortfolio('Oxirgi karta'),
    ];
    await like(fans[1]!, liked._id);
    const path = '/api/portfolio?limit=3';
    await fetch(`${base}${path}`);
    // The handler's answer for this viewer (an injected request never takes the cached path).
    const expected = (await get(path, fans[1])).json();
    expect(flags(expected)).toEqual([
      [last._id, false],
      [liked._id, true],
      [first._id, false],
    ]);
    for (const encoding of ['br', 'gzip', 'identity']) {
      const mine = await fetch(`${base}${path}`, {
        headers: { 'x-token': fans[1]!.token, 'accept-encoding': encoding },
      });
      expect(mine.status).toBe(200);
      expect(await mine.json(), encoding).toEqual(expected);
      expect(mine.headers.get('content-encoding') ?? 'identity', encoding).toBe(encoding);
      expect(mine.headers.get('cache-control')).toBe('private, no-cache');
      expect(mine.headers.get('vary')).toBe('accept-encoding, x-token');
      expect(mine.headers.get('etag')).toBeNull();
      expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // Another viewer, who likes none of them, is sent the page everyone sees, privately.
    const theirs = await fetch(`${base}${path}`, { headers: { 'x-token': fans[2]!.token } });
    expect(flags((await theirs.json()) as { items: Card[] })).toEqual([
      [last._id, false],
      [liked._id, false],
      [first._id, false],
    ]);
    expect(theirs.headers.get('cache-control')).toBe('private, no-cache');
    // A token that names no session is answered as the handler answers it: as anyone.
    const stranger = await fetch(`${base}${path}`, { headers: { 'x-token': 'not-a-session' } });
    expect(stranger.status).toBe(200);
    expect(flags((await stranger.json()) as { items: Card[] }).every(([, flag]) => flag === false)).toBe(
      true,
    );
    // The like is undone: the viewer's next answer says so at once.
    expect((await like(fans[1]!, liked._id)).json()).toEqual({ count: 0, isLiked: false });
    const after = await fetch(`${base}${path}`, { headers: { 'x-token': fans[1]!.token } });
    expect(flags((await after.json()) as { items: Card[] }).every(([, flag]) => flag === false)).toBe(true);
  });

  it('gives viewers asking at the same moment each their own likes', async () => {
    const cards = [await createPortfolio('Bir vaqtda 1'), await createPortfolio('Bir vaqtda 2')];
    await like(fans[0]!, cards[0]!._id);
    await like(fans[1]!, cards[1]!._id);
    const path = '/api/portfolio?limit=2';
    await fetch(`${base}${path}`);
    const viewers = [fans[0]!, fans[1]!, fans[2]!, fans[0]!, fans[1]!, fans[2]!];
    const answers = await Promise.all(
      viewers.map(async (viewer) => {
        const response = await fetch(`${base}${path}`, { headers: { 'x-token': viewer.token } });
        return flags((await response.json()) as { items: Card[] });
      }),
    );
    const expected = (liked: number | null) => [
      [cards[1]!._id, liked === 1],
      [cards[0]!._id, liked === 0],
    ];
    expect(answers).toEqual([0, 1, null, 0, 1, null].map(expected));
  });

  it('keeps the answer everyone sees from a signed-in viewer’s first read', async () => {
    const portfolio = await createPortfolio('Birinchi o‘quvchi');
    await like(fans[2]!, portfolio._id);
    const path = '/api/portfolio?limit=1&sort=new';
    const mine = await fetch(`${base}${path}`, { headers: { 'x-token': fans[2]!.token } });
    expect(flags((await mine.json()) as { items: Card[] })).toEqual([[portfolio._id, true]]);
    // Changed behind the app's back (no write of its own, so nothing is dropped): an anonymous read
    // still shows the cached response, with the viewer's like nowhere in it.
    await db()
      .updateTable('portfolios')
      .set({ title: 'Yashirin o‘zgarish' })
      .where('id', '=', portfolio._id)
      .execute();
    const anonymous = (await (await fetch(`${base}${path}`)).json()) as {
      items: (Card & { title: string })[];
    };
    expect(anonymous.items[0]!.title).toBe('Birinchi o‘quvchi');
    expect(anonymous.items[0]!.likedByMe).toBe(false);
  });

  it('stops giving a session its own likes the moment it ends: signed out, or ended by a password reset', async () => {
    const portfolio = await createPortfolio('Sessiya tugaydi');
    const path = `${base}/api/portfolio?limit=1&page=1`;
    const likedByMe = async (token: string) => {
      const response = await fetch(path, { headers: { 'x-token': token } });
      expect(response.status).toBe(200);
      const page = (await response.json()) as { items: Card[] };
      expect(page.items[0]!._id).toBe(portfolio._id);
      return page.items[0]!.likedByMe;
    };
    const [leaving, forgetful] = [await signUp(context), await signUp(context)];
    for (const viewer of [leaving, forgetful]) await like(viewer, portfolio._id);
    await fetch(path);
    for (const viewer of [leaving, forgetful]) {
      // Asked twice: the second answer comes from what the first look-up kept.
      expect(await likedByMe(viewer.token)).toBe(true);
      expect(await likedByMe(viewer.token)).toBe(true);
    }

    const out = await call(context.app, { method: 'POST', url: '/api/logout', headers: headers(leaving) });
    expect(out.statusCode).toBe(204);
    expect(await likedByMe(leaving.token)).toBe(false);

    const before = context.smtp.messages.length;
    const forgot = await call(context.app, {
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: forgetful.email },
    });
    expect(forgot.statusCode).toBe(200);
    const mail = await context.smtp.waitForMail(forgetful.email, () => context.smtp.messages.length > before);
    const resetToken = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!;
    const reset = await call(context.app, {
      method: 'POST',
      url: '/api/password/reset',
      payload: { token: resetToken, password: 'yangi-sessiya-paroli-42' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await likedByMe(forgetful.token)).toBe(false);
    expect(await likedByMe(reset.headers['x-token'] as string)).toBe(true);
  });

  it('answers through the handler when a viewer’s look-up fails at once', async () => {
    const path = `${base}/api/portfolio?limit=1&page=1&sort=new`;
    await fetch(path);
    const auth = context.app.services.auth;
    const likesOf = auth.likesOf.bind(auth);
    auth.likesOf = () => {
      throw new Error('the look-up failed');
    };
    try {
      const response = await fetch(path, { headers: { 'x-token': fans[0]!.token } });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { items: Card[] }).items).toHaveLength(1);
    } finally {
      auth.likesOf = likesOf;
    }
  });

  it('lets the handler renew a session that is due, and answers a cached page for everyone else alike', async () => {
    const viewer = await signUp(context);
    const path = '/api/portfolio?limit=2';
    await fetch(`${base}${path}`);
    const due = new Date(Date.now() + 29 * 86_400_000).toISOString();
    await db()
      .updateTable('sessions')
      .set({ expires_at: due })
      .where('token_hash', '=', hashToken(viewer.token))
      .execute();
    // Due: the look-up sends the request to the handler, which renews it.
    expect(await context.app.services.auth.likesOf(viewer.token, [])).toBeUndefined();
    expect((await fetch(`${base}${path}`, { headers: { 'x-token': viewer.token } })).status).toBe(200);
    const session = await db()
      .selectFrom('sessions')
      .select('expires_at')
      .where('token_hash', '=', hashToken(viewer.token))
      .executeTakeFirstOrThrow();
    expect(new Date(session.expires_at).getTime()).toBeGreaterThan(Date.now() + 29.9 * 86_400_000);
    // The renewal drops what the look-up kept of the old expiry: the session's next reads take the kept path.
    expect(await context.app.services.auth.likesOf(viewer.token, [])).toEqual({
      userId: viewer.id,
      liked: new Set(),
    });

    // A profile is not: its owner sees their own email, which the cached copy leaves out.
    const profile = `${base}/api/user/${viewer.username}`;
    expect(((await (await fetch(profile)).json()) as { email: string | null }).email).toBeNull();
    const own = await fetch(profile, { headers: { 'x-token': viewer.token } });
    expect(((await own.json()) as { email: string | null }).email).toBe(viewer.email);

    // A comment page is the same for everyone: a viewer gets the cached bytes, ETag and all.
    const portfolio = await createPortfolio('Izohlar bir xil');
    const comments = `${base}/api/portfolio/${portfolio._id}/comments`;
    const anonymous = await fetch(comments);
    const signedIn = await fetch(comments, { headers: { 'x-token': viewer.token } });
    expect(await signedIn.text()).toBe(await anonymous.text());
    expect(signedIn.headers.get('etag')).toBe(anonymous.headers.get('etag'));
  });
});
