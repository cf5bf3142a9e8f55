import type { CommentPage, CommentThread, Portfolio, ReplyPage } from '@portfolio-master/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { findInconsistencies } from '../../seed/consistency.js';
import { blockedEitherWay, findBlockers } from '../../data/blocks.repository.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';

/*
 * Blocking and muting people (docs/decisions/0055-block-and-mute.md): a block refuses comments, replies,
 * likes and follows between the two, either way, and hides each one's comments and notifications from
 * the other; a mute hides the muted person's comments and notifications from the muter only. Both are
 * private.
 */

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const as = (who: TestUser | undefined) => (who ? { 'x-token': who.token } : {});
const db = () => context.app.services.db;

async function publish(author: TestUser): Promise<string> {
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: as(author),
    payload: { title: `Blok sinovi ${newId()}`, url: 'https://example.uz', used: ['Blokjs'] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json()._id;
}

const set = (who: TestUser | undefined, kind: 'block' | 'mute', whom: string, method = 'PUT') =>
  call(context.app, { method: method as 'PUT', url: `/api/user/${whom}/${kind}`, headers: as(who) });
const comment = (who: TestUser, portfolioId: string, payload: object) =>
  call(context.app, {
    method: 'PUT',
    url: `/api/portfolio/comment/${portfolioId}`,
    headers: as(who),
    payload,
  });
const like = (who: TestUser, portfolioId: string) =>
  call(context.app, { method: 'PUT', url: `/api/portfolio/like/${portfolioId}`, headers: as(who) });
const follow = (who: TestUser, whom: string, method = 'PUT') =>
  call(context.app, { method: method as 'PUT', url: `/api/user/${whom}/follow`, headers: as(who) });
const page = async (portfolioId: string, who?: TestUser): Promise<CommentPage> =>
  (
    await call(context.app, {
      method: 'GET',
      url: `/api/portfolio/${portfolioId}/comments`,
      headers: as(who),
    })
  ).json();
const detail = async (portfolioId: string, who?: TestUser): Promise<Portfolio> =>
  (await call(context.app, { method: 'GET', url: `/api/portfolio/${portfolioId}`, headers: as(who) })).json();
const replies = async (portfolioId: string, commentId: string, who?: TestUser): Promise<ReplyPage> =>
  (
    await call(context.app, {
      method: 'GET',
      url: `/api/portfolio/${portfolioId}/comments/${commentId}/replies`,
      headers: as(who),
    })
  ).json();
const notifications = async (who: TestUser) =>
  (await call(context.app, { method: 'GET', url: '/api/notifications', headers: as(who) })).json() as {
    items: { actor: { _id: string } }[];
    unread: number;
  };
const writers = (threads: CommentThread[]) =>
  threads.flatMap((thread) => [
    thread.commentAuthor._id,
    ...thread.replies.map((reply) => reply.commentAuthor._id),
  ]);

/** Writes a comment and answers its id. */
async function write(who: TestUser, portfolioId: string, body: string, parentId?: string): Promise<string> {
  const response = await comment(who, portfolioId, parentId ? { body, parentId } : { body });
  expect(response.statusCode, response.body).toBe(201);
  const row = await db()
    .selectFrom('comments')
    .select('id')
    .where('portfolio_id', '=', portfolioId)
    .where('body', '=', body)
    .executeTakeFirstOrThrow();
  return row.id;
}

const refused = (response: { statusCode: number; json: () => { code: string; detail: string } }) => {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({
    code: 'PERSON_BLOCKED',
    detail: 'Bu foydalanuvchi bilan bu amalni bajarib bo‘lmaydi',
  });
};

describe('blocking', () => {
  it('refuses comments, replies, likes and follows either way, and ends the follows', async () => {
    const [blocker, blocked, other] = [await signUp(context), await signUp(context), await signUp(context)];
    const mine = await publish(blocker);
    const theirs = await publish(blocked);
    const elsewhere = await publish(other);
    expect((await follow(blocked, blocker.username)).statusCode).toBe(200);
    expect((await follow(blocker, blocked.username)).statusCode).toBe(200);
    const blockerComment = await write(blocker, elsewhere, `blokchi izohi ${newId()}`);

    const answer = await set(blocker, 'block', blocked.username);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ blocked: true, muted: false });
    expect((await set(blocker, 'block', blocked.id)).json()).toEqual({ blocked: true, muted: false });
    // The follows went both ways, their counts with them.
    const counts = await db()
      .selectFrom('users')
      .select(['id', 'followers_count', 'following_count'])
      .where('id', 'in', [blocker.id, blocked.id])
      .execute();
    for (const row of counts) expect(row).toMatchObject({ followers_count: 0, following_count: 0 });

    refused(await comment(blocked, mine, { body: 'salom' }));
    refused(await comment(blocked, elsewhere, { body: 'javob', parentId: blockerComment }));
    refused(await like(blocked, mine));
    refused(await follow(blocked, blocker.username));
    // The same refusal the other way: nothing tells which of the two blocked.
    refused(await comment(blocker, theirs, { body: 'salom' }));
    refused(await like(blocker, theirs));
    refused(await follow(blocker, blocked.username));
    // Saving for later tells nobody and is allowed; following, liking, commenting by others are not touched.
    const saved = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/${mine}/bookmark`,
      headers: as(blocked),
    });
    expect(saved.statusCode).toBeLessThan(300);
    expect((await like(other, mine)).statusCode).toBe(200);
    expect(await findInconsistencies(db(), context.app.services.dialect)).toEqual([]);

    expect(await blockedEitherWay(db(), blocked.id, blocker.id)).toBe(true);
    expect(await blockedEitherWay(db(), blocker.id, blocked.id)).toBe(true);
    expect(await blockedEitherWay(db(), blocker.id, other.id)).toBe(false);
    expect(await findBlockers(db(), blocked.id, [blocker.id, other.id])).toEqual(new Set([blocker.id]));
    expect(await findBlockers(db(), blocker.id, [blocked.id, other.id])).toEqual(new Set([blocked.id]));

    // Undone, all of it is allowed again.
    expect((await set(blocker, 'block', blocked.username, 'DELETE')).json()).toEqual({
      blocked: false,
      muted: false,
    });
    expect((await comment(blocked, mine, { body: 'yana salom' })).statusCode).toBe(201);
    expect((await like(blocked, mine)).statusCode).toBe(200);
    expect((await follow(blocked, blocker.username)).statusCode).toBe(200);
  });

  it('hides each one’s comments from the other in pages, replies and the detail; others see all', async () => {
    const [blocker, blocked, other] = [await signUp(context), await signUp(context), await signUp(context)];
    const portfolio = await publish(other);
    const byBlocker = await write(blocker, portfolio, `birinchi ${newId()}`);
    const byBlocked = await write(blocked, portfolio, `ikkinchi ${newId()}`);
    const byOther = await write(other, portfolio, `uchinchi ${newId()}`);
    await write(blocked, portfolio, `javob ${newId()}`, byOther);
    await write(blocker, portfolio, `javob ${newId()}`, byOther);
    // Read by all three before the block: the kept page must not leak into anyone's view after it.
    for (const who of [undefined, blocker, blocked, other]) await page(portfolio, who);

    expect((await set(blocker, 'block', blocked.username)).statusCode).toBe(200);

    const everyone = [blocker.id, blocked.id, other.id];
    for (const who of [undefined, other]) {
      expect(new Set(writers((await page(portfolio, who)).items))).toEqual(new Set(everyone));
      expect(new Set(writers((await detail(portfolio, who)).comments))).toEqual(new Set(everyone));
    }
    for (const [who, unseen] of [
      [blocker, blocked],
      [blocked, blocker],
    ] as const) {
      const seen = writers((await page(portfolio, who)).items);
      expect(seen).not.toContain(unseen.id);
      expect(seen).toContain(other.id);
      expect(writers((await detail(portfolio, who)).comments)).not.toContain(unseen.id);
      const thread = (await replies(portfolio, byOther, who)).items.map((reply) => reply.commentAuthor._id);
      expect(thread).toEqual([who.id]);
    }
    expect((await page(portfolio, blocker)).items.map((thread) => thread._id)).not.toContain(byBlocked);
    expect((await page(portfolio, blocked)).items.map((thread) => thread._id)).not.toContain(byBlocker);

    // Unblocked, both see everything again at once.
    await set(blocker, 'block', blocked.username, 'DELETE');
    expect(new Set(writers((await page(portfolio, blocked)).items))).toEqual(new Set(everyone));
    expect(new Set(writers((await detail(portfolio, blocker)).comments))).toEqual(new Set(everyone));
  });

  it('takes the blocked person’s notifications from the blocker, and the blocker’s from them', async () => {
    const [blocker, blocked] = [await signUp(context), await signUp(context)];
    const mine = await publish(blocker);
    const theirs = await publish(blocked);
    await write(blocked, mine, `salom ${newId()}`);
    await like(blocked, mine);
    await write(blocker, theirs, `salom ${newId()}`);
    expect((await notifications(blocker)).items.length).toBeGreaterThan(0);
    expect((await notifications(blocked)).items.length).toBeGreaterThan(0);

    await set(blocker, 'block', blocked.username);
    for (const who of [blocker, blocked]) {
      const answer = await notifications(who);
      expect(answer.items).toEqual([]);
      expect(answer.unread).toBe(0);
      const unread = await call(context.app, {
        method: 'GET',
        url: '/api/notifications/unread',
        headers: as(who),
      });
      expect(unread.json()).toEqual({ unread: 0 });
    }
  });
});

describe('muting', () => {
  it('hides the muted person’s comments and notifications from the muter only', async () => {
    const [muter, muted, other] = [await signUp(context), await signUp(context), await signUp(context)];
    const mine = await publish(muter);
    await write(muted, mine, `ovozli ${newId()}`);
    await write(other, mine, `boshqa ${newId()}`);
    expect((await set(muter, 'mute', muted.username)).json()).toEqual({ blocked: false, muted: true });

    expect(writers((await page(mine, muter)).items)).toEqual([other.id]);
    expect(writers((await detail(mine, muter)).comments)).toEqual([other.id]);
    expect(new Set(writers((await page(mine, other)).items))).toEqual(new Set([muted.id, other.id]));
    expect(new Set(writers((await page(mine, muted)).items))).toEqual(new Set([muted.id, other.id]));
    expect((await notifications(muter)).items.map((item) => item.actor._id)).toEqual([other.id]);
    // A mute refuses nothing: the muted person still comments and likes.
    expect((await comment(muted, mine, { body: 'yana' })).statusCode).toBe(201);
    expect((await like(muted, mine)).statusCode).toBe(200);

    expect((await set(muter, 'mute', muted.username, 'DELETE')).json()).toEqual({
      blocked: false,
      muted: false,
    });
    expect(new Set(writers((await page(mine, muter)).items))).toEqual(new Set([muted.id, other.id]));
  });
});

describe('privacy and bad requests', () => {
  it('lists blocks and mutes to their holder only, and in no public answer', async () => {
    const [holder, blocked, muted] = [await signUp(context), await signUp(context), await signUp(context)];
    await set(holder, 'block', blocked.username);
    await set(holder, 'mute', muted.username);
    const list = await call(context.app, { method: 'GET', url: '/api/user/me/blocks', headers: as(holder) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      blocked: [{ user: { _id: blocked.id, username: blocked.username } }],
      muted: [{ user: { _id: muted.id, username: muted.username } }],
    });
    const theirs = await call(context.app, {
      method: 'GET',
      url: '/api/user/me/blocks',
      headers: as(blocked),
    });
    expect(theirs.json()).toEqual({ blocked: [], muted: [] });
    expect((await call(context.app, { method: 'GET', url: '/api/user/me/blocks' })).statusCode).toBe(401);
    // The profiles, as anyone and as the blocked person, say nothing of it: neither names the other, and
    // `blocked`, when shown, stays the moderators' (null).
    for (const who of [undefined, blocked, holder]) {
      for (const [whom, other] of [
        [holder, blocked],
        [blocked, holder],
      ] as const) {
        const profile = await call(context.app, {
          method: 'GET',
          url: `/api/user/${whom.username}`,
          headers: as(who),
        });
        expect(profile.statusCode).toBe(200);
        expect(profile.body).not.toContain(other.id);
        expect(profile.body).not.toMatch(/mute/i);
        expect(profile.json().blocked ?? null).toBeNull();
      }
    }
  });

  it('answers self, unknown people, anonymous callers and odd addresses with a 4xx', async () => {
    const me = await signUp(context);
    for (const kind of ['block', 'mute'] as const) {
      const self = await set(me, kind, me.username);
      expect(self.statusCode).toBe(422);
      expect(self.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        detail: 'O‘zingizni bloklay yoki ovozsiz qila olmaysiz',
      });
      const unknown = await set(me, kind, 'hech-kim-yoq-' + newId());
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'Foydalanuvchi topilmadi' });
      expect((await set(undefined, kind, me.username)).statusCode).toBe(401);
      expect((await set(me, kind, 'x'.repeat(101))).statusCode).toBe(422);
      const hostile = await call(context.app, {
        method: 'PUT',
        url: `/api/user/${encodeURIComponent("'; drop table person_blocks; --")}/${kind}`,
        headers: { ...as(me), 'content-type': 'application/json' },
        payload: '{"__proto__": {"admin": true}}',
      });
      expect(hostile.statusCode).toBeGreaterThanOrEqual(400);
      expect(hostile.statusCode).toBeLessThan(500);
    }
  });
});

describe('the account', () => {
  it('exports its blocks and mutes, and deleting it removes them both ways', async () => {
    const [holder, blocked, muted] = [await signUp(context), await signUp(context), await signUp(context)];
    await set(holder, 'block', blocked.username);
    await set(holder, 'mute', muted.username);
    await set(blocked, 'block', holder.username);
    const exported = await call(context.app, {
      method: 'GET',
      url: '/api/user/me/export',
      headers: as(holder),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.json()).toMatchObject({
      blocked: [{ _id: blocked.id, username: blocked.username }],
      muted: [{ _id: muted.id, username: muted.username }],
    });

    const removed = await call(context.app, {
      method: 'DELETE',
      url: '/api/user/me',
      headers: as(holder),
      payload: { currentPassword: holder.password },
    });
    expect(removed.statusCode).toBeLessThan(300);
    const left = await db()
      .selectFrom('person_blocks')
      .selectAll()
      .where((eb) => eb.or([eb('user_id', '=', holder.id), eb('other_id', '=', holder.id)]))
      .execute();
    expect(left).toEqual([]);
  });
});

it('is in the OpenAPI document: the calls, their answers and the refusal’s code', async () => {
  const document = (await context.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  for (const [path, method] of [
    ['/api/user/{id}/block', 'put'],
    ['/api/user/{id}/block', 'delete'],
    ['/api/user/{id}/mute', 'put'],
    ['/api/user/{id}/mute', 'delete'],
    ['/api/user/me/blocks', 'get'],
  ] as const) {
    expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  }
  expect(document.paths['/api/portfolio/like/{id}'].put.responses['403']).toBeDefined();
  expect(Object.keys(document.components.schemas)).toEqual(
    expect.arrayContaining(['BlockResult', 'BlockList', 'BlockedPerson']),
  );
  expect(JSON.stringify(document)).toContain('PERSON_BLOCKED');
});
