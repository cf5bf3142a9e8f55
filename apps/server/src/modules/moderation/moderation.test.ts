import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInconsistencies } from '../../seed/consistency.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { message, say } from '../../lib/messages.js';

const ADMIN_EMAIL = 'moderator@example.uz';

let context: TestContext;
let admin: TestUser;
beforeAll(async () => {
  context = await createTestContext({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signUp(context, { email: ADMIN_EMAIL, username: `moderator_${Date.now().toString(36)}` });
});
afterAll(() => context.close());

const as = (who: TestUser | null) => (who ? { 'x-token': who.token } : {});
const get = (url: string, who: TestUser | null = null) =>
  call(context.app, { method: 'GET', url, headers: as(who) });
const post = (url: string, who: TestUser | null, payload: object) =>
  call(context.app, { method: 'POST', url, headers: as(who), payload });
const report = (who: TestUser | null, target: string, id: string, reason = 'spam', details = '') =>
  post('/api/reports', who, { target, id, reason, details });
const act = (action: string, payload: object, who: TestUser | null = admin) =>
  post(`/api/admin/${action}`, who, payload);
const consistent = async () =>
  expect(await findInconsistencies(context.app.services.db, context.app.services.dialect)).toEqual([]);

let unique = 0;
/** A portfolio with a title no other test uses, findable by its one odd word. */
async function publish(author: TestUser, used = ['Moderatsiyajs']) {
  unique += 1;
  const word = `qalqon${Date.now().toString(36)}${unique}`;
  const response = await post('/api/portfolio/create', author, {
    title: `Loyiha ${word}`,
    url: 'https://example.uz',
    used,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { ...(response.json() as { _id: string; linktitle: string }), word };
}
const listIds = async (query: string, who: TestUser | null = null) =>
  ((await get(`/api/portfolio?${query}`, who)).json().items as { _id: string }[]).map((item) => item._id);
const technologyCount = async (name: string) =>
  ((await get(`/api/portfolio/technologies?q=${name}`)).json() as { name: string; count: number }[]).find(
    (t) => t.name === name,
  )?.count ?? 0;

describe('reports', () => {
  it('takes a signed-in person’s report once, never of their own, and shows it to admins only', async () => {
    const [author, first, second] = [await signUp(context), await signUp(context), await signUp(context)];
    const portfolio = await publish(author);

    expect((await report(null, 'portfolio', portfolio._id)).statusCode).toBe(401);
    const own = await report(author, 'portfolio', portfolio._id);
    expect(own.statusCode).toBe(422);
    expect(own.json().code).toBe('VALIDATION_FAILED');
    expect((await report(first, 'portfolio', 'f'.repeat(24))).statusCode).toBe(404);
    const badReason = await report(first, 'portfolio', portfolio._id, 'boring');
    expect(badReason.statusCode).toBe(422);
    expect((await report(first, 'kitten', portfolio._id)).statusCode).toBe(422);
    expect((await report(first, 'portfolio', portfolio._id, 'spam', 'x'.repeat(501))).statusCode).toBe(422);

    const made = await report(first, 'portfolio', portfolio._id, 'spam', '  Reklama havolasi  ');
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), status: 'open' });
    const again = await report(first, 'portfolio', portfolio._id, 'offensive');
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(made.json()._id);
    expect((await report(second, 'portfolio', portfolio._id, 'copyright')).statusCode).toBe(201);

    expect((await get('/api/admin/reports')).statusCode).toBe(401);
    const refused = await get('/api/admin/reports', first);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');

    const queue = await get('/api/admin/reports', admin);
    expect(queue.statusCode).toBe(200);
    expect(queue.headers['cache-control']).toBe('no-store');
    const item = queue
      .json()
      .items.find((entry: { target: { _id: string } }) => entry.target._id === portfolio._id);
    expect(item).toMatchObject({
      target: {
        kind: 'portfolio',
        exists: true,
        label: `Loyiha ${portfolio.word}`,
        path: `/portfolio/${portfolio.linktitle}`,
        owner: { _id: author.id, username: author.username },
        hidden: null,
        ownerBlocked: null,
      },
      reportsCount: 2,
    });
    expect(item.reports.map((r: { reason: string }) => r.reason)).toEqual(['copyright', 'spam']);
    expect(item.reports[1]).toMatchObject({ details: 'Reklama havolasi', reporter: { _id: first.id } });
    // Nothing of the reporters' private data.
    expect(JSON.stringify(queue.json())).not.toContain(first.email);
  });

  it('reports comments and profiles, but not what the reporter cannot see', async () => {
    const [author, reader] = [await signUp(context), await signUp(context)];
    const portfolio = await publish(author);
    const comments = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/comment/${portfolio._id}`,
      headers: as(author),
      payload: { body: 'Bepul kurs: example.com' },
    });
    const commentId = comments.json()[0]._id as string;
    expect((await report(reader, 'comment', commentId)).statusCode).toBe(201);
    expect((await report(author, 'comment', commentId)).statusCode).toBe(422);
    expect((await report(reader, 'user', author.id, 'personal')).statusCode).toBe(201);
    expect((await report(reader, 'user', reader.id)).statusCode).toBe(422);

    await act('hide', { target: 'portfolio', id: portfolio._id, reason: 'Spam' });
    const other = await signUp(context);
    expect((await report(other, 'portfolio', portfolio._id)).statusCode).toBe(404);
    expect((await report(other, 'comment', commentId)).statusCode).toBe(404);
  });
});

describe('hiding a portfolio', () => {
  it('takes it out of every list, search, count, feed and sitemap but its author’s and admins’ view, and back', async () => {
    const [author, reader, follower] = [await signUp(context), await signUp(context), await signUp(context)];
    const technology = `Yashirinjs${Date.now().toString(36)}`;
    const portfolio = await publish(author, [technology]);
    await call(context.app, { method: 'PUT', url: `/api/user/${author.id}/follow`, headers: as(follower) });
    await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/${portfolio._id}/bookmark`,
      headers: as(reader),
    });
    await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/like/${portfolio._id}`,
      headers: as(reader),
    });
    await report(reader, 'portfolio', portfolio._id);

    const everywhere = async () => ({
      page: (await listIds('page=1&limit=50')).includes(portfolio._id),
      signedIn: (await listIds('page=1&limit=50', reader)).includes(portfolio._id),
      search: (await listIds(`q=${portfolio.word}`)).includes(portfolio._id),
      filter: (await listIds(`filter=${technology}`)).includes(portfolio._id),
      popular: (await listIds('sort=popular&limit=50')).includes(portfolio._id),
      author: (await listIds(`author=${author.username}`)).includes(portfolio._id),
      technology: await technologyCount(technology),
      profile: (await get(`/api/user/${author.username}`)).json().portfoliosCount as number,
      following: ((await get('/api/feed/following', follower)).json().items as { _id: string }[]).some(
        (item) => item._id === portfolio._id,
      ),
      saved: ((await get('/api/user/me/saved', reader)).json().items as { _id: string }[]).some(
        (item) => item._id === portfolio._id,
      ),
      feed: (await get('/feed.xml')).body.includes(portfolio.linktitle),
      sitemap: await sitemapHas(portfolio.linktitle),
    });
    const shown = {
      page: true,
      signedIn: true,
      search: true,
      filter: true,
      popular: true,
      author: true,
      technology: 1,
      profile: 1,
      following: true,
      saved: true,
      feed: true,
      sitemap: true,
    };
    expect(await everywhere()).toEqual(shown);

    expect((await act('hide', { target: 'portfolio', id: portfolio._id, reason: '' })).statusCode).toBe(422);
    expect(
      (await act('hide', { target: 'portfolio', id: portfolio._id, reason: 'Spam' }, reader)).statusCode,
    ).toBe(403);
    const hidden = await act('hide', { target: 'portfolio', id: portfolio._id, reason: 'Reklama va spam' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toEqual({ closedReports: 1 });
    expect((await act('hide', { target: 'portfolio', id: portfolio._id, reason: 'Yana' })).statusCode).toBe(
      409,
    );

    expect(await everywhere()).toEqual({
      page: false,
      signedIn: false,
      search: false,
      filter: false,
      popular: false,
      author: false,
      technology: 0,
      profile: 0,
      following: false,
      saved: false,
      feed: false,
      sitemap: false,
    });
    // Its page: not there for others; for its author and admins, with the reason.
    expect((await get(`/api/portfolio/${portfolio.linktitle}`)).statusCode).toBe(404);
    expect((await get(`/portfolio/${portfolio.linktitle}`)).statusCode).toBe(404);
    expect((await get(`/og/portfolio/${portfolio.linktitle}.png`)).statusCode).toBe(404);
    expect((await get(`/api/portfolio/${portfolio._id}`, reader)).statusCode).toBe(404);
    const own = await get(`/api/portfolio/${portfolio.linktitle}`, author);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toContain('private');
    expect(own.json().hidden).toEqual({ reason: 'Reklama va spam', date: expect.any(String) });
    expect((await get(`/api/portfolio/${portfolio.linktitle}`, admin)).json().hidden.reason).toBe(
      'Reklama va spam',
    );
    // Still not there for a visitor after its author looked.
    expect((await get(`/api/portfolio/${portfolio.linktitle}`)).statusCode).toBe(404);
    expect((await get(`/api/portfolio/${portfolio._id}/comments`)).statusCode).toBe(404);
    expect(
      (
        await call(context.app, {
          method: 'PUT',
          url: `/api/portfolio/like/${portfolio._id}`,
          headers: as(reader),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(context.app, {
          method: 'PUT',
          url: `/api/portfolio/comment/${portfolio._id}`,
          headers: as(reader),
          payload: { body: 'Salom' },
        })
      ).statusCode,
    ).toBe(404);
    // Its author may still mend it.
    const edited = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/update/${portfolio._id}`,
      headers: as(author),
      payload: { description: 'Havolasiz', used: [technology, 'Go'] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().hidden.reason).toBe('Reklama va spam');
    expect(await technologyCount(technology)).toBe(0);
    await consistent();

    const shownAgain = await act('unhide', { target: 'portfolio', id: portfolio._id, reason: 'Tuzatildi' });
    expect(shownAgain.statusCode).toBe(200);
    expect(await everywhere()).toEqual(shown);
    expect((await get(`/api/portfolio/${portfolio.linktitle}`)).json().hidden).toBeUndefined();
    await consistent();

    const log = (await get('/api/admin/audit', admin)).json();
    expect(log.items.slice(0, 2)).toMatchObject([
      {
        action: 'unhide',
        reason: 'Tuzatildi',
        target: { kind: 'portfolio', _id: portfolio._id },
        admin: { _id: admin.id },
      },
      { action: 'hide', reason: 'Reklama va spam', target: { label: `Loyiha ${portfolio.word}` } },
    ]);
    expect((await get('/api/admin/audit', reader)).statusCode).toBe(403);
  });

  it('keeps technology counts exact when a hidden portfolio is deleted by its author', async () => {
    const author = await signUp(context);
    const technology = `Ochirjs${Date.now().toString(36)}`;
    const portfolio = await publish(author, [technology]);
    await act('hide', { target: 'portfolio', id: portfolio._id, reason: 'Nomaqbul' });
    const deleted = await call(context.app, {
      method: 'DELETE',
      url: `/api/portfolio/delete/${portfolio._id}`,
      headers: as(author),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await technologyCount(technology)).toBe(0);
    await consistent();
  });
});

async function sitemapHas(linktitle: string): Promise<boolean> {
  const index = (await get('/sitemap.xml')).body;
  if (!index.includes('<sitemapindex')) return index.includes(encodeURIComponent(linktitle));
  for (const [, file] of index.matchAll(/<loc>[^<]*\/sitemaps\/([^<]+)<\/loc>/g)) {
    if ((await get(`/sitemaps/${file}`)).body.includes(encodeURIComponent(linktitle))) return true;
  }
  return false;
}

describe('hiding a comment and a profile', () => {
  it('takes a comment out of its thread and count, and puts it back', async () => {
    const [author, commenter] = [await signUp(context), await signUp(context)];
    const portfolio = await publish(author);
    const comment = async (who: TestUser, body: string) =>
      (
        await call(context.app, {
          method: 'PUT',
          url: `/api/portfolio/comment/${portfolio._id}`,
          headers: as(who),
          payload: { body },
        })
      ).json()[0] as { _id: string };
    const spam = await comment(commenter, 'Arzon kurslar shu yerda');
    await comment(author, 'Rahmat hammaga');
    const detail = async () => (await get(`/api/portfolio/${portfolio._id}`)).json();
    expect((await detail()).commentsCount).toBe(2);

    const hidden = await act('hide', { target: 'comment', id: spam._id, reason: 'Reklama' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const after = await detail();
    expect(after.commentsCount).toBe(1);
    expect(after.comments.map((c: { _id: string }) => c._id)).not.toContain(spam._id);
    const page = (await get(`/api/portfolio/${portfolio._id}/comments`)).json();
    expect(page.items.map((c: { _id: string }) => c._id)).not.toContain(spam._id);
    expect(
      (
        (await get('/api/portfolio?sort=discussed&limit=50')).json().items as {
          _id: string;
          commentsCount: number;
        }[]
      ).find((item) => item._id === portfolio._id)?.commentsCount,
    ).toBe(1);
    await consistent();

    expect((await act('unhide', { target: 'comment', id: spam._id, reason: 'Xato' })).statusCode).toBe(200);
    expect((await detail()).commentsCount).toBe(2);
    await act('hide', { target: 'comment', id: spam._id, reason: 'Reklama' });
    // Its author deletes it while hidden: the count is not taken down twice.
    const removed = await call(context.app, {
      method: 'DELETE',
      url: `/api/portfolio/comment/delete/${portfolio._id}?commentId=${spam._id}`,
      headers: as(commenter),
    });
    expect(removed.statusCode).toBe(200);
    expect((await detail()).commentsCount).toBe(1);
    await consistent();
  });

  it('hides a profile from everyone but its owner and admins', async () => {
    const [person, reader] = [await signUp(context), await signUp(context)];
    expect(
      (await act('hide', { target: 'user', id: person.id, reason: 'Haqoratli tavsif' })).statusCode,
    ).toBe(200);
    expect((await get(`/api/user/${person.username}`)).statusCode).toBe(404);
    expect((await get(`/api/user/${person.id}`, reader)).statusCode).toBe(404);
    expect((await get(`/og/profile/${person.username}.png`)).statusCode).toBe(404);
    expect((await get(`/profile/${person.username}`)).statusCode).toBe(404);
    const users = (await get('/api/user/all?limit=100')).json() as { _id: string }[];
    expect(users.map((user) => user._id)).not.toContain(person.id);
    const own = (await get('/api/user/me', person)).json();
    expect(own.hidden).toEqual({ reason: 'Haqoratli tavsif', date: expect.any(String) });
    expect((await get(`/api/user/${person.username}`, person)).json().hidden.reason).toBe('Haqoratli tavsif');
    expect((await get(`/api/user/${person.username}`, admin)).json().hidden.reason).toBe('Haqoratli tavsif');
    expect((await get(`/api/user/${reader.username}`, reader)).json().hidden).toBeNull();
    await act('unhide', { target: 'user', id: person.id, reason: 'Tuzatildi' });
    expect((await get(`/api/user/${person.username}`)).statusCode).toBe(200);
  });
});

describe('blocking from writing', () => {
  it('refuses a blocked account’s writes with the reason and the end, lets it change its password, and lifts', async () => {
    const [person, reader] = [await signUp(context), await signUp(context)];
    const portfolio = await publish(reader);
    expect((await act('block', { userId: person.id, reason: 'Spam', days: 7 }, reader)).statusCode).toBe(403);
    expect((await act('block', { userId: person.id, reason: 'Spam', days: 0 })).statusCode).toBe(422);
    expect((await act('block', { userId: admin.id, reason: 'Spam', days: 7 })).statusCode).toBe(422);
    const blocked = await act('block', { userId: person.id, reason: 'Ketma-ket spam izohlar', days: 7 });
    expect(blocked.statusCode, blocked.body).toBe(200);

    const refusals = [
      await post('/api/portfolio/create', person, {
        title: 'Yangi',
        url: 'https://example.uz',
        used: ['Go'],
      }),
      await call(context.app, {
        method: 'PUT',
        url: `/api/portfolio/comment/${portfolio._id}`,
        headers: as(person),
        payload: { body: 'Salom' },
      }),
      await call(context.app, {
        method: 'PUT',
        url: '/api/user/me/update',
        headers: as(person),
        payload: { description: 'Reklama' },
      }),
      await report(person, 'portfolio', portfolio._id),
    ];
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(403);
      expect(refusal.json().code).toBe('BLOCKED');
      expect(refusal.json().detail).toMatch(
        /gacha saytda yozish taqiqlangan\. Sabab: Ketma-ket spam izohlar$/,
      );
    }
    const me = (await get('/api/user/me', person)).json();
    expect(me.blocked).toEqual({
      until: expect.any(String),
      reason: 'Ketma-ket spam izohlar',
      date: expect.any(String),
    });
    const days = (Date.parse(me.blocked.until) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // Not told to others.
    expect((await get(`/api/user/${person.username}`, reader)).json().blocked).toBeUndefined();
    expect((await get(`/api/user/${person.username}`, admin)).json().blocked.reason).toBe(
      'Ketma-ket spam izohlar',
    );
    // Likes are not writing; a new password is its own.
    expect(
      (
        await call(context.app, {
          method: 'PUT',
          url: `/api/portfolio/like/${portfolio._id}`,
          headers: as(person),
        })
      ).statusCode,
    ).toBe(200);
    const password = await call(context.app, {
      method: 'PUT',
      url: '/api/user/me/update',
      headers: as(person),
      payload: { password: 'yangi-yashil-olma-daraxti-7', currentPassword: person.password },
    });
    expect(password.statusCode, password.body).toBe(200);

    const forGood = await act('block', { userId: person.id, reason: 'Qaytadan spam', days: null });
    expect(forGood.statusCode).toBe(200);
    const refused = await report(person, 'portfolio', portfolio._id);
    expect(refused.json().detail).toBe('Sizga saytda yozish butunlay taqiqlangan. Sabab: Qaytadan spam');
    expect((await get('/api/user/me', person)).json().blocked.until).toBeNull();

    expect((await act('unblock', { userId: person.id, reason: 'Kechirildi' })).statusCode).toBe(200);
    expect((await act('unblock', { userId: person.id, reason: 'Yana' })).statusCode).toBe(409);
    expect((await get('/api/user/me', person)).json().blocked).toBeNull();
    expect((await report(person, 'portfolio', portfolio._id)).statusCode).toBe(201);

    const log = (await get('/api/admin/audit?limit=3', admin)).json();
    expect(log.items.map((entry: { action: string }) => entry.action)).toEqual(['unblock', 'block', 'block']);
    expect(log.items[1].until).toBeNull();
    expect(log.items[2].until).toEqual(expect.any(String));
  });
});

describe('deleting, dismissing and the site counts', () => {
  it('deletes reported content, closes its reports, and dismisses others', async () => {
    const [author, reader] = [await signUp(context), await signUp(context)];
    const bad = await publish(author);
    const fine = await publish(author);
    await report(reader, 'portfolio', bad._id, 'offensive');
    await report(reader, 'portfolio', fine._id, 'other', 'Menga yoqmadi');

    const statsBefore = (await get('/api/admin/stats', admin)).json();
    expect(statsBefore.openReports).toBeGreaterThanOrEqual(2);
    const deleted = await act('delete', { target: 'portfolio', id: bad._id, reason: 'Haqoratli' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ closedReports: 1 });
    expect((await get(`/api/portfolio/${bad._id}`)).statusCode).toBe(404);
    expect((await act('delete', { target: 'user', id: author.id, reason: 'Yo‘q' })).statusCode).toBe(422);

    const dismissed = await act('dismiss', {
      target: 'portfolio',
      id: fine._id,
      reason: 'Qoidabuzarlik yo‘q',
    });
    expect(dismissed.json()).toEqual({ closedReports: 1 });
    expect((await act('dismiss', { target: 'portfolio', id: fine._id, reason: 'Yana' })).statusCode).toBe(
      409,
    );
    expect((await get(`/api/portfolio/${fine._id}`)).statusCode).toBe(200);

    const open = (await get('/api/admin/reports', admin)).json();
    const ids = open.items.map((item: { target: { _id: string } }) => item.target._id);
    expect(ids).not.toContain(bad._id);
    expect(ids).not.toContain(fine._id);
    const closed = (await get('/api/admin/reports?status=closed&limit=50', admin)).json();
    const gone = closed.items.find((item: { target: { _id: string } }) => item.target._id === bad._id);
    expect(gone.target).toMatchObject({ exists: false, path: null, label: 'O‘chirilgan portfolio' });
    expect(gone.reports[0].status).toBe('resolved');
    const kept = closed.items.find((item: { target: { _id: string } }) => item.target._id === fine._id);
    expect(kept.reports[0].status).toBe('dismissed');

    const stats = (await get('/api/admin/stats', admin)).json();
    expect(stats.openReports).toBe(statsBefore.openReports - 2);
    expect(stats.portfolios).toBe(statsBefore.portfolios - 1);
    expect(stats.signupsByWeek).toHaveLength(12);
    const thisWeek = stats.signupsByWeek.at(-1);
    expect(new Date(`${thisWeek.week}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(thisWeek.count).toBeGreaterThanOrEqual(2);
    expect(stats.signupsByWeek.reduce((sum: number, week: { count: number }) => sum + week.count, 0)).toBe(
      stats.users,
    );
    expect((await get('/api/admin/stats', reader)).statusCode).toBe(403);
    await consistent();
  });
});

describe('report limits', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ RATE_LIMIT: 'on' });
  });
  afterAll(() => limited.close());

  it('takes 10 reports an hour from one account, then answers 429 with Retry-After', async () => {
    const [reporter, other] = [await signUp(limited), await signUp(limited)];
    const send = () =>
      call(limited.app, {
        method: 'POST',
        url: '/api/reports',
        headers: { 'x-token': reporter.token },
        payload: { target: 'user', id: other.id, reason: 'spam' },
      });
    const statuses = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await send()).statusCode);
    expect(statuses).toEqual([201, 200, 200, 200, 200, 200, 200, 200, 200, 200]);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the block message', () => {
  const until = (iso: string) => message('problem.blocked.until', { until: new Date(iso), reason: 'Spam' });

  it('names the end in Tashkent time, as the web app writes moments in each language', () => {
    expect(say('uz-Latn', until('2026-12-02T11:05:00.000Z'))).toBe(
      'Sizga 02.12.2026 16:05 gacha saytda yozish taqiqlangan. Sabab: Spam',
    );
    expect(say('uz-Latn', until('2026-12-31T19:30:00.000Z'))).toContain(' 01.01.2027 00:30 ');
    expect(say('uz-Cyrl', until('2026-12-02T11:05:00.000Z'))).toContain(' 02.12.2026 16:05 ');
    expect(say('ru', until('2026-12-02T11:05:00.000Z'))).toContain('2 декабря 2026 г. в 16:05');
    expect(say('en', until('2026-12-02T11:05:00.000Z'))).toContain('December 2, 2026 at 4:05');
  });
});
