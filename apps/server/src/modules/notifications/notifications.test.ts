import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const as = (user: TestUser | null) => (user ? { 'x-token': user.token } : {});
const like = (user: TestUser, id: string) =>
  call(context.app, { method: 'PUT', url: `/api/portfolio/like/${id}`, headers: as(user) });
const comment = async (user: TestUser, id: string, body: string) => {
  const answer = await call(context.app, {
    method: 'PUT',
    url: `/api/portfolio/comment/${id}`,
    headers: as(user),
    payload: { body },
  });
  expect(answer.statusCode).toBe(201);
  return answer.json() as { _id: string; body: string }[];
};
const list = async (user: TestUser, query = '') => {
  const answer = await call(context.app, {
    method: 'GET',
    url: `/api/notifications${query}`,
    headers: as(user),
  });
  expect(answer.statusCode).toBe(200);
  return answer.json() as {
    items: {
      _id: string;
      kind: string;
      actor: { _id: string };
      othersCount: number;
      portfolio: { _id: string };
      comment: { excerpt: string } | null;
      read: boolean;
    }[];
    unread: number;
    next: string | null;
  };
};
const mailsTo = (user: TestUser) =>
  context.smtp.messages.filter((mail) => JSON.stringify(mail.to).includes(user.email));
/** A header as the mail carried it (mailparser folds List-* headers into one object). */
const rawHeader = (mail: { headerLines: readonly { key: string; line: string }[] }, name: string) =>
  mail.headerLines
    .find((header) => header.key === name)
    ?.line.replace(/^[^:]+:\s*/, '')
    .replace(/\r?\n\s+/g, '');
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('notifications', () => {
  it('tell an author of a comment, and earlier commenters of a reply, never anyone of their own', async () => {
    const [author, first, second] = [await signUp(context), await signUp(context), await signUp(context)];
    const portfolio = await createWithImages(context.app, author, 0, { title: 'Izohlanadigan loyiha' });
    await comment(author, portfolio._id, 'Muallifning o‘z izohi');
    expect((await list(author)).items).toEqual([]);

    await comment(first, portfolio._id, 'Birinchi izoh, juda yaxshi ish');
    await comment(second, portfolio._id, 'Ikkinchi izoh');
    const mine = await list(author);
    expect(mine.unread).toBe(2);
    expect(mine.items.map((item) => [item.kind, item.actor._id])).toEqual([
      ['comment', second.id],
      ['comment', first.id],
    ]);
    expect(mine.items[1]!.comment).toEqual({
      _id: expect.any(String),
      excerpt: 'Birinchi izoh, juda yaxshi ish',
    });
    const firsts = await list(first);
    expect(firsts.items.map((item) => [item.kind, item.actor._id, item.portfolio._id])).toEqual([
      ['reply', second.id, portfolio._id],
    ]);
    expect((await list(second)).items).toEqual([]);

    // Comments come by mail by default, with a one-click unsubscribe header.
    const mail = await context.smtp.waitForMail(
      author.email,
      (m) => m.text?.includes('Birinchi izoh') ?? false,
    );
    expect(mail.subject).toBe('Portfolio Master: «Izohlanadigan loyiha» portfoliongizga izoh');
    expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(rawHeader(mail, 'list-unsubscribe')).toMatch(
      /^<http:\/\/localhost:5173\/api\/notifications\/unsubscribe\?token=[\w-]{43}&kind=comment>$/,
    );
  });

  it('tell every earlier commenter, however many, and each once', async () => {
    const author = await signUp(context);
    const portfolio = await createWithImages(context.app, author, 0, { title: 'Ko‘p izohli loyiha' });
    const commenters: TestUser[] = [];
    for (let index = 0; index < 20; index += 1) {
      const commenter = await signUp(context);
      commenters.push(commenter);
      await comment(commenter, portfolio._id, `Izoh ${index}`);
    }
    // The last comment tells 19 earlier commenters and the owner (a statement built for that many rows);
    // the second told one and the owner (one kept for two).
    const replies = async (user: TestUser) =>
      (await list(user)).items.filter(
        (item) => item.kind === 'reply' && item.portfolio._id === portfolio._id,
      );
    const last = commenters.at(-1)!;
    for (const [index, commenter] of commenters.slice(0, -1).entries()) {
      const told = await replies(commenter);
      // Newest first: everyone who commented after them.
      expect(told.map((item) => item.actor._id)).toEqual(
        commenters
          .slice(index + 1)
          .map((later) => later.id)
          .reverse(),
      );
    }
    expect(await replies(last)).toEqual([]);
    const owner = await list(author);
    expect(owner.items.filter((item) => item.kind === 'comment')).toHaveLength(20);
    expect(owner.items[0]!.actor._id).toBe(last.id);
  });

  it('group the likes of a portfolio while unread: the newest liker and how many others', async () => {
    const [author, ...likers] = await Promise.all([1, 2, 3, 4, 5].map(() => signUp(context)));
    const portfolio = await createWithImages(context.app, author!, 0, { title: 'Yoqadigan loyiha' });
    for (const liker of likers.slice(0, 3)) expect((await like(liker, portfolio._id)).statusCode).toBe(200);
    let page = await list(author!);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      kind: 'like',
      actor: { _id: likers[2]!.id },
      othersCount: 2,
      read: false,
    });

    // The newest liker takes it back: the one before is named again.
    await like(likers[2]!, portfolio._id);
    page = await list(author!);
    expect(page.items[0]).toMatchObject({ actor: { _id: likers[1]!.id }, othersCount: 1 });

    // Once read, the next like begins a new one; the read one stays as it was.
    await call(context.app, {
      method: 'POST',
      url: '/api/notifications/read',
      headers: as(author!),
      payload: {},
    });
    await like(likers[3]!, portfolio._id);
    page = await list(author!);
    expect(page.items.map((item) => [item.actor._id, item.othersCount, item.read])).toEqual([
      [likers[3]!.id, 0, false],
      [likers[1]!.id, 1, true],
    ]);
    // Liking one's own portfolio tells nobody; likes do not come by mail unless asked for.
    await like(author!, portfolio._id);
    expect((await list(author!)).items).toHaveLength(2);
    await settle();
    expect(mailsTo(author!).filter((m) => m.subject?.includes('yoqdi'))).toEqual([]);
  });

  it('tell followers of a new portfolio', async () => {
    const [author, follower, stranger] = [
      await signUp(context),
      await signUp(context),
      await signUp(context),
    ];
    await call(context.app, { method: 'PUT', url: `/api/user/${author.id}/follow`, headers: as(follower) });
    const portfolio = await createWithImages(context.app, author, 0, { title: 'Yangi chiqqan loyiha' });
    expect((await list(follower)).items).toEqual([
      expect.objectContaining({
        kind: 'post',
        actor: expect.objectContaining({ _id: author.id }),
        portfolio: expect.objectContaining({ _id: portfolio._id }),
      }),
    ]);
    expect((await list(stranger)).items).toEqual([]);
    const mail = await context.smtp.waitForMail(
      follower.email,
      (m) => m.subject?.includes('yangi portfolio') ?? false,
    );
    expect(mail.text).toContain('Yangi chiqqan loyiha');
  });

  it('mail a new portfolio to each follower who wants it: not one who opted out, not one without an address', async () => {
    const author = await signUp(context);
    const followers = [
      await signUp(context),
      await signUp(context),
      await signUp(context),
      await signUp(context),
    ];
    for (const follower of followers) {
      await call(context.app, { method: 'PUT', url: `/api/user/${author.id}/follow`, headers: as(follower) });
    }
    const [wants, alsoWants, optedOut, noAddress] = followers as [TestUser, TestUser, TestUser, TestUser];
    await call(context.app, {
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: as(optedOut),
      payload: { email: { comment: true, like: false, reply: true, post: false } },
    });
    // As an account made by signing in with Telegram is until its owner adds an address.
    await context.app.services.db
      .updateTable('users')
      .set({ email: null })
      .where('id', '=', noAddress.id)
      .execute();

    await createWithImages(context.app, author, 0, { title: 'Hammaga xabar' });
    for (const follower of followers) expect((await list(follower)).items).toHaveLength(1);
    for (const follower of [wants, alsoWants]) {
      const mail = await context.smtp.waitForMail(
        follower.email,
        (m) => m.text?.includes('Hammaga xabar') ?? false,
      );
      expect(mail.text).toContain('/unsubscribe?token=');
    }
    await settle();
    expect(mailsTo(optedOut).filter((mail) => mail.text?.includes('Hammaga xabar'))).toEqual([]);
    expect(mailsTo(noAddress).filter((mail) => mail.text?.includes('Hammaga xabar'))).toEqual([]);
  });

  it('go with the comment or portfolio they are about', async () => {
    const [author, reader] = [await signUp(context), await signUp(context)];
    const portfolio = await createWithImages(context.app, author, 0);
    const comments = await comment(reader, portfolio._id, 'O‘chiriladigan izoh');
    await like(reader, portfolio._id);
    expect((await list(author)).items).toHaveLength(2);
    const removed = await call(context.app, {
      method: 'DELETE',
      url: `/api/portfolio/comment/delete/${portfolio._id}?commentId=${comments[0]!._id}`,
      headers: as(reader),
    });
    expect(removed.statusCode).toBe(200);
    expect((await list(author)).items.map((item) => item.kind)).toEqual(['like']);
    await call(context.app, {
      method: 'DELETE',
      url: `/api/portfolio/delete/${portfolio._id}`,
      headers: as(author),
    });
    expect(await list(author)).toMatchObject({ items: [], unread: 0 });
  });

  it('page, count and mark read only the caller’s own', async () => {
    const [author, reader, other] = [await signUp(context), await signUp(context), await signUp(context)];
    const portfolio = await createWithImages(context.app, author, 0);
    for (let index = 0; index < 5; index += 1) await comment(reader, portfolio._id, `Izoh ${index}`);
    const first = await list(author, '?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.unread).toBe(5);
    const second = await list(author, `?limit=2&before=${first.next}`);
    expect(second.items.map((item) => item.comment?.excerpt)).toEqual(['Izoh 2', 'Izoh 1']);
    expect(
      (
        await call(context.app, {
          method: 'GET',
          url: `/api/notifications?before=${first.next}`,
          headers: as(other),
        })
      ).statusCode,
    ).toBe(400);

    const unread = () =>
      call(context.app, { method: 'GET', url: '/api/notifications/unread', headers: as(author) });
    expect((await unread()).json()).toEqual({ unread: 5 });
    // Someone else cannot mark the author's as read.
    await call(context.app, {
      method: 'POST',
      url: '/api/notifications/read',
      headers: as(other),
      payload: { ids: first.items.map((item) => item._id) },
    });
    expect((await unread()).json()).toEqual({ unread: 5 });
    const marked = await call(context.app, {
      method: 'POST',
      url: '/api/notifications/read',
      headers: as(author),
      payload: { ids: first.items.map((item) => item._id) },
    });
    expect(marked.json()).toEqual({ unread: 3 });
    expect((await list(author, '?limit=2')).items.map((item) => item.read)).toEqual([true, true]);
    expect(
      (
        await call(context.app, {
          method: 'POST',
          url: '/api/notifications/read',
          headers: as(author),
          payload: {},
        })
      ).json(),
    ).toEqual({ unread: 0 });

    for (const url of ['/api/notifications', '/api/notifications/unread', '/api/notifications/settings']) {
      expect((await call(context.app, { method: 'GET', url })).statusCode).toBe(401);
    }
    const badIds = await call(context.app, {
      method: 'POST',
      url: '/api/notifications/read',
      headers: as(author),
      payload: { ids: ['x'] },
    });
    expect(badIds.statusCode).toBe(422);
  });

  it('come by mail per kind as chosen, and stop with the one-click link without signing in', async () => {
    const [author, reader] = [await signUp(context), await signUp(context)];
    const settings = await call(context.app, {
      method: 'GET',
      url: '/api/notifications/settings',
      headers: as(author),
    });
    expect(settings.json()).toEqual({
      email: { comment: true, like: false, reply: true, mention: true, post: true },
      telegram: { comment: false, like: false, reply: false, mention: false, post: false },
    });
    const chosen = await call(context.app, {
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: as(author),
      payload: { email: { comment: true, like: true, reply: false, post: true } },
    });
    // A body without `mention` (a client older than mentions) leaves that switch as it was.
    expect(chosen.json()).toEqual({
      email: { comment: true, like: true, reply: false, mention: true, post: true },
      telegram: { comment: false, like: false, reply: false, mention: false, post: false },
    });

    const portfolio = await createWithImages(context.app, author, 0, { title: 'Xatli loyiha' });
    await like(reader, portfolio._id);
    const likeMail = await context.smtp.waitForMail(
      author.email,
      (m) => m.subject?.includes('yoqdi') ?? false,
    );
    expect(likeMail.text).toContain('portfoliongizni yoqtirdi');

    await comment(reader, portfolio._id, 'Xat bilan keladigan izoh');
    const mail = await context.smtp.waitForMail(
      author.email,
      (m) => m.text?.includes('Xat bilan keladigan izoh') ?? false,
    );
    const oneClick = new URL(/^<(.+)>$/.exec(rawHeader(mail, 'list-unsubscribe')!)![1]!);
    expect(oneClick.searchParams.get('kind')).toBe('comment');
    const unsubscribed = await call(context.app, {
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.json()).toEqual({ kind: 'comment', email: false });
    expect(mail.text).toContain(`/unsubscribe?token=${oneClick.searchParams.get('token')}&kind=comment`);

    const before = mailsTo(author).length;
    await comment(reader, portfolio._id, 'Xatsiz izoh');
    await settle();
    expect(mailsTo(author)).toHaveLength(before);
    expect((await list(author)).items[0]!.comment?.excerpt).toBe('Xatsiz izoh');

    const wrong = await call(context.app, {
      method: 'POST',
      url: '/api/notifications/unsubscribe?token=yoq&kind=comment',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('LINK_INVALID');
    const badKind = await call(context.app, {
      method: 'POST',
      url: '/api/notifications/unsubscribe?token=yoq&kind=hammasi',
    });
    expect(badKind.statusCode).toBe(422);
  });
});

describe('notification mail', () => {
  it('reaches everyone a burst of writes notifies, the last of it too when the app closes at once', async () => {
    const own = await createTestContext();
    let closed = false;
    try {
      const author = await signUp(own);
      const commenters = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signUp(own)));
      const portfolio = await createWithImages(own.app, author, 0, { title: 'Ko‘p izohli loyiha' });
      const answers = await Promise.all(
        commenters.map((commenter, index) =>
          call(own.app, {
            method: 'PUT',
            url: `/api/portfolio/comment/${portfolio._id}`,
            headers: as(commenter),
            payload: { body: `Bir vaqtda yozilgan izoh ${index}` },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(commenters.map(() => 201));
      // Closing waits for the mail already asked for: nothing is waited for here.
      await own.close();
      closed = true;
      const toAuthor = own.smtp.messages.filter((mail) => JSON.stringify(mail.to).includes(author.email));
      const about = toAuthor.flatMap((mail) => /yozilgan izoh (\d)/.exec(mail.text ?? '')?.[1] ?? []);
      expect(about.sort()).toEqual(['0', '1', '2', '3', '4', '5']);
    } finally {
      if (!closed) await own.close();
    }
  });
});
