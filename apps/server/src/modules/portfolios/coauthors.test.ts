import { LIMITS } from '@portfolio-master/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';

/*
 * Co-authors (docs/decisions/0056-co-authors.md): invited by the owner, credited only once they accept,
 * free to leave; only the owner edits or deletes; a deleted account takes only its credit.
 */

let context: TestContext;
let owner: TestUser;
let partner: TestUser;
let follower: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  context = await createTestContext();
  [owner, partner, follower, stranger] = await Promise.all([
    signUp(context),
    signUp(context),
    signUp(context),
    signUp(context),
  ]);
  await request(follower, 'PUT', `/api/user/${partner.id}/follow`);
});
afterAll(() => context.close());

const db = () => context.app.services.db;
const request = (
  user: TestUser | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  call(context.app, {
    method,
    url,
    headers: { ...(user ? { 'x-token': user.token } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });

let titles = 0;
const newPortfolio = async (user: TestUser) => {
  titles += 1;
  const response = await request(user, 'POST', '/api/portfolio/create', {
    title: `Birga qilingan ish ${titles}`,
    url: 'https://example.uz',
    description: 'Ikki kishi qilgan loyiha',
    used: 'React',
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { _id: string; linktitle: string };
};
const invite = (user: TestUser, portfolioId: string, username: string) =>
  request(user, 'POST', `/api/portfolio/${portfolioId}/coauthors`, { username });
const credited = async (portfolioId: string) => {
  const page = await request(undefined, 'GET', `/api/portfolio/${portfolioId}`);
  return ((page.json() as { coauthors?: { username: string }[] }).coauthors ?? []).map((c) => c.username);
};
const profileIds = async (user: TestUser) => {
  const page = (
    await request(undefined, 'GET', `/api/portfolio?author=${user.username}&limit=50`)
  ).json() as { items: { _id: string }[]; total: number };
  return { ids: page.items.map((item) => item._id), total: page.total };
};
const feedIds = async (user: TestUser) => {
  const page = (await request(user, 'GET', '/api/feed/following?limit=50')).json() as {
    items: { _id: string }[];
    total: number;
  };
  return { ids: page.items.map((item) => item._id), total: page.total };
};
const invites = async (user: TestUser) => {
  const page = (await request(user, 'GET', '/api/notifications')).json() as {
    items: { kind: string; portfolio: { _id: string }; read: boolean; invite?: string }[];
  };
  return page.items.filter((item) => item.kind === 'invite');
};

describe('co-authors', () => {
  it('are credited only once they accept, and no longer once they leave', async () => {
    const portfolio = await newPortfolio(owner);
    const invited = await invite(owner, portfolio._id, partner.username);
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject([{ username: partner.username, status: 'invited' }]);

    // Before acceptance: nowhere.
    expect(await credited(portfolio._id)).toEqual([]);
    expect((await profileIds(partner)).ids).not.toContain(portfolio._id);
    expect((await feedIds(follower)).ids).not.toContain(portfolio._id);
    const seen = await request(stranger, 'GET', `/api/portfolio/${portfolio._id}/coauthors`);
    expect(seen.json()).toEqual([]);
    const [notice] = await invites(partner);
    expect(notice).toMatchObject({ portfolio: { _id: portfolio._id }, read: false, invite: 'invited' });

    const accepted = await request(partner, 'PUT', `/api/portfolio/${portfolio._id}/coauthors/me`);
    expect(accepted.statusCode).toBe(200);
    expect(await credited(portfolio._id)).toEqual([partner.username]);
    const profile = await profileIds(partner);
    expect(profile.ids).toContain(portfolio._id);
    expect(profile.total).toBe(profile.ids.length);
    const feed = await feedIds(follower);
    expect(feed.ids).toContain(portfolio._id);
    expect(feed.total).toBe(feed.ids.length);
    expect(await invites(partner)).toMatchObject([{ read: true, invite: 'accepted' }]);
    // Accepting twice finds no invitation.
    const again = await request(partner, 'PUT', `/api/portfolio/${portfolio._id}/coauthors/me`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_INVITED' });

    // Only the owner edits or deletes.
    const edit = await request(partner, 'PUT', `/api/portfolio/update/${portfolio._id}`, { title: 'Meniki' });
    expect(edit.statusCode).toBe(403);
    const removal = await request(partner, 'DELETE', `/api/portfolio/delete/${portfolio._id}`);
    expect(removal.statusCode).toBe(403);

    const left = await request(partner, 'DELETE', `/api/portfolio/${portfolio._id}/coauthors/me`);
    expect(left.statusCode).toBe(204);
    expect(await credited(portfolio._id)).toEqual([]);
    expect((await profileIds(partner)).ids).not.toContain(portfolio._id);
    expect((await feedIds(follower)).ids).not.toContain(portfolio._id);
    expect(await invites(partner)).toEqual([]);
  });

  it('merges co-authored work into the profile list and the following feed, newest first, counted once', async () => {
    const before = await profileIds(partner);
    const first = await newPortfolio(owner);
    const own = await newPortfolio(partner);
    const last = await newPortfolio(stranger);
    for (const portfolio of [first, last]) {
      const inviter = portfolio === first ? owner : stranger;
      expect((await invite(inviter, portfolio._id, partner.username)).statusCode).toBe(201);
      expect((await request(partner, 'PUT', `/api/portfolio/${portfolio._id}/coauthors/me`)).statusCode).toBe(
        200,
      );
    }
    const profile = await profileIds(partner);
    expect(profile.ids.slice(0, 3)).toEqual([last._id, own._id, first._id]);
    expect(profile.total).toBe(before.total + 3);
    // A page past the first reads on in the same order.
    const second = (
      await request(undefined, 'GET', `/api/portfolio?author=${partner.username}&limit=1&page=2`)
    ).json() as { items: { _id: string }[]; total: number };
    expect(second.items.map((item) => item._id)).toEqual([own._id]);
    expect(second.total).toBe(profile.total);
    const feed = await feedIds(follower);
    expect(feed.ids.slice(0, 3)).toEqual([last._id, own._id, first._id]);
    expect(feed.total).toBe(feed.ids.length);
    // The card shows every accepted author.
    const card = (
      (await request(undefined, 'GET', `/api/portfolio?author=${partner.username}&limit=1`)).json() as {
        items: { author: { username: string }; coauthors?: { username: string }[] }[];
      }
    ).items[0];
    expect(card?.author.username).toBe(stranger.username);
    expect(card?.coauthors?.map((c) => c.username)).toEqual([partner.username]);
  });

  it('shows a portfolio co-authored by two people one follows once in the feed, counted once', async () => {
    const [first, second, reader] = await Promise.all([signUp(context), signUp(context), signUp(context)]);
    for (const person of [first, second]) await request(reader, 'PUT', `/api/user/${person.id}/follow`);
    const together = await newPortfolio(owner);
    for (const person of [first, second]) {
      await invite(owner, together._id, person.username);
      await request(person, 'PUT', `/api/portfolio/${together._id}/coauthors/me`);
    }
    const own = await newPortfolio(first);
    expect(await feedIds(reader)).toEqual({ ids: [own._id, together._id], total: 2 });
    const pages = [];
    for (const page of [1, 2]) {
      const answer = (await request(reader, 'GET', `/api/feed/following?limit=1&page=${page}`)).json() as {
        items: { _id: string }[];
        total: number;
      };
      pages.push(...answer.items.map((item) => item._id));
      expect(answer.total).toBe(2);
    }
    expect(pages).toEqual([own._id, together._id]);
  });

  it('hears of an invitation exactly once, in the bell only', async () => {
    const invitee = await signUp(context);
    const mailsBefore = context.smtp.messages.length;
    const portfolio = await newPortfolio(owner);
    expect((await invite(owner, portfolio._id, invitee.username)).statusCode).toBe(201);
    expect((await invite(owner, portfolio._id, invitee.username)).statusCode).toBe(409);
    expect(await invites(invitee)).toHaveLength(1);
    const unread = await request(invitee, 'GET', '/api/notifications/unread');
    expect(unread.json()).toEqual({ unread: 1 });
    const outbox = await db()
      .selectFrom('telegram_outbox')
      .select('id')
      .where('user_id', '=', invitee.id)
      .execute();
    expect(outbox).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const to = (mail: (typeof context.smtp.messages)[number]) =>
      [mail.to ?? []].flat().map((address) => address.text);
    expect(
      context.smtp.messages.slice(mailsBefore).filter((m) => to(m).some((a) => a.includes(invitee.email))),
    ).toEqual([]);
    // The settings and the unsubscribe link know the delivered kinds only, as before.
    const settings = await request(invitee, 'GET', '/api/notifications/settings');
    expect(settings.statusCode).toBe(200);
    expect(Object.keys((settings.json() as { email: object }).email).sort()).toEqual([
      'comment',
      'like',
      'mention',
      'post',
      'reply',
    ]);
    const unsubscribe = await request(
      undefined,
      'POST',
      '/api/notifications/unsubscribe?token=abc&kind=invite',
    );
    expect(unsubscribe.statusCode).toBeGreaterThanOrEqual(400);
    expect(unsubscribe.statusCode).toBeLessThan(500);
  });

  it('a declined invitation is gone, and leaves nothing credited', async () => {
    const invitee = await signUp(context);
    const portfolio = await newPortfolio(owner);
    await invite(owner, portfolio._id, invitee.username);
    const declined = await request(invitee, 'DELETE', `/api/portfolio/${portfolio._id}/coauthors/me`);
    expect(declined.statusCode).toBe(204);
    expect(await invites(invitee)).toEqual([]);
    expect(await credited(portfolio._id)).toEqual([]);
    const late = await request(invitee, 'PUT', `/api/portfolio/${portfolio._id}/coauthors/me`);
    expect(late.statusCode).toBe(404);
    // The owner may invite again; the owner's list no longer has them.
    const list = await request(owner, 'GET', `/api/portfolio/${portfolio._id}/coauthors`);
    expect(list.json()).toEqual([]);
  });

  it('refuses what breaks the rules with a code and an Uzbek message, never a 5xx', async () => {
    const portfolio = await newPortfolio(owner);
    const people = await Promise.all(Array.from({ length: LIMITS.coauthors.max + 1 }, () => signUp(context)));
    for (const person of people.slice(0, LIMITS.coauthors.max)) {
      expect((await invite(owner, portfolio._id, person.username)).statusCode).toBe(201);
    }
    const cases: [Promise<{ statusCode: number; json: () => unknown }>, number, string][] = [
      [invite(owner, portfolio._id, people.at(-1)!.username), 409, 'COAUTHORS_FULL'],
      [invite(owner, portfolio._id, owner.username), 422, 'COAUTHOR_SELF'],
      [invite(owner, portfolio._id, 'hech_kim_yoq_bunday'), 422, 'COAUTHOR_UNKNOWN'],
      [invite(owner, portfolio._id, people[0]!.username), 409, 'COAUTHOR_DUPLICATE'],
      [invite(stranger, portfolio._id, partner.username), 403, 'FORBIDDEN'],
      [invite(people[0]!, portfolio._id, partner.username), 403, 'FORBIDDEN'],
      [
        request(stranger, 'DELETE', `/api/portfolio/${portfolio._id}/coauthors/${people[0]!.username}`),
        403,
        'FORBIDDEN',
      ],
      [request(stranger, 'PUT', `/api/portfolio/${portfolio._id}/coauthors/me`), 404, 'NOT_INVITED'],
      [invite(owner, '000000000000000000000000', partner.username), 404, 'NOT_FOUND'],
    ];
    for (const [response, status, code] of cases) {
      const answer = await response;
      expect(answer.statusCode).toBe(status);
      expect(answer.json()).toMatchObject({ code });
      expect((answer.json() as { detail: string }).detail).toMatch(/[a-z‘’]/);
    }
    const hostile: unknown[] = [
      {},
      { username: '' },
      { username: 42 },
      { username: ['a', 'b'] },
      { username: { $ne: null } },
      { username: 'a\u0000b' },
      { username: 'x'.repeat(10_000) },
      'username',
    ];
    for (const body of hostile) {
      const answer = await request(owner, 'POST', `/api/portfolio/${portfolio._id}/coauthors`, body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.json()).toHaveProperty('code');
    }
    const plain = await request(owner, 'POST', `/api/portfolio/${portfolio._id}/coauthors`, 'x', {
      'content-type': 'text/plain',
    });
    expect(plain.statusCode).toBeGreaterThanOrEqual(400);
    expect(plain.statusCode).toBeLessThan(500);
    const unauthenticated = await invite(undefined as unknown as TestUser, portfolio._id, 'x');
    expect(unauthenticated.statusCode).toBeLessThan(500);
  });

  it('are never asked of a person either of them blocked', async () => {
    const portfolio = await newPortfolio(owner);
    const [blocker, blocked] = await Promise.all([signUp(context), signUp(context)]);
    expect((await request(blocker, 'PUT', `/api/user/${owner.username}/block`)).statusCode).toBe(200);
    expect((await request(owner, 'PUT', `/api/user/${blocked.username}/block`)).statusCode).toBe(200);
    for (const person of [blocker, blocked]) {
      const answer = await invite(owner, portfolio._id, person.username);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'PERSON_BLOCKED' });
      expect(await invites(person)).toEqual([]);
    }
    expect((await request(blocker, 'DELETE', `/api/user/${owner.username}/block`)).statusCode).toBe(200);
    expect((await invite(owner, portfolio._id, blocker.username)).statusCode).toBe(201);
  });

  it('a co-author who deletes their account takes only their credit with them', async () => {
    const leaving = await signUp(context);
    const portfolio = await newPortfolio(owner);
    await invite(owner, portfolio._id, leaving.username);
    await request(leaving, 'PUT', `/api/portfolio/${portfolio._id}/coauthors/me`);
    expect(await credited(portfolio._id)).toEqual([leaving.username]);
    const exported = await request(leaving, 'GET', '/api/user/me/export');
    expect(exported.json()).toMatchObject({
      coauthorships: [{ portfolio: { _id: portfolio._id }, status: 'accepted' }],
    });
    const deleted = await request(leaving, 'DELETE', '/api/user/me', { currentPassword: leaving.password });
    expect(deleted.statusCode).toBe(204);
    const page = await request(undefined, 'GET', `/api/portfolio/${portfolio._id}`);
    expect(page.statusCode).toBe(200);
    expect(await credited(portfolio._id)).toEqual([]);
    const rows = await db()
      .selectFrom('portfolio_authors')
      .select('user_id')
      .where('portfolio_id', '=', portfolio._id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('go with their portfolio when its owner deletes it', async () => {
    const portfolio = await newPortfolio(owner);
    await invite(owner, portfolio._id, follower.username);
    await request(follower, 'PUT', `/api/portfolio/${portfolio._id}/coauthors/me`);
    expect((await request(owner, 'DELETE', `/api/portfolio/delete/${portfolio._id}`)).statusCode).toBe(204);
    expect((await profileIds(follower)).ids).not.toContain(portfolio._id);
  });
});

it('is described in the OpenAPI document: the calls, `coauthors` on cards and `invite` in the bell', async () => {
  const document = (await context.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  for (const [path, method] of [
    ['/api/portfolio/{id}/coauthors', 'get'],
    ['/api/portfolio/{id}/coauthors', 'post'],
    ['/api/portfolio/{id}/coauthors/me', 'put'],
    ['/api/portfolio/{id}/coauthors/{username}', 'delete'],
  ] as const) {
    expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  }
  expect(JSON.stringify(document.components.schemas.PortfolioSummary)).toContain('coauthors');
  expect(JSON.stringify(document.components.schemas.Notification)).toContain('"invite"');
  expect(JSON.stringify(document.components.schemas.NotificationSettings)).not.toContain('invite');
});
