import {
  BOUNDS,
  type CommentPage,
  type CommentThread,
  type Portfolio,
  type ReplyPage,
} from '@portfolio-master/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTags } from '../../lib/changes.js';
import { newId } from '../../lib/ids.js';
import { findInconsistencies } from '../../seed/consistency.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';

/*
 * A comment answers another (docs/decisions/0051-comment-replies.md): replies show under the comment they
 * answer, one level deep; the answered writer hears of it once; a deleted comment with replies stays as
 * "Izoh o‘chirilgan" for them; a page of threads stays as bounded as a page of comments.
 */

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const as = (who: TestUser | undefined) => (who ? { 'x-token': who.token } : {});
const db = () => context.app.services.db;

async function publish(author: TestUser): Promise<{ _id: string; linktitle: string }> {
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: as(author),
    payload: { title: `Javob sinovi ${newId()}`, url: 'https://example.uz', used: ['Javobjs'] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const put = (who: TestUser, portfolioId: string, payload: unknown) =>
  call(context.app, {
    method: 'PUT',
    url: `/api/portfolio/comment/${portfolioId}`,
    headers: as(who),
    payload: payload as object,
  });

/** Writes a comment (a reply with `parentId`); answers its id. */
async function write(who: TestUser, portfolioId: string, body: string, parentId?: string): Promise<string> {
  const response = await put(who, portfolioId, parentId ? { body, parentId } : { body });
  expect(response.statusCode, response.body).toBe(201);
  const [id] = await db()
    .selectFrom('comments')
    .select('id')
    .where('portfolio_id', '=', portfolioId)
    .where('author_id', '=', who.id)
    .where('body', '=', body)
    .execute();
  return id!.id;
}

const page = async (portfolioId: string, query = '') => {
  const response = await call(context.app, {
    method: 'GET',
    url: `/api/portfolio/${portfolioId}/comments${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CommentPage;
};

const remove = (who: TestUser, portfolioId: string, commentId: string) =>
  call(context.app, {
    method: 'DELETE',
    url: `/api/portfolio/comment/delete/${portfolioId}?commentId=${commentId}`,
    headers: as(who),
  });

const notifications = async (who: TestUser) =>
  (await call(context.app, { method: 'GET', url: '/api/notifications', headers: as(who) })).json().items as {
    kind: string;
    actor: { _id: string };
    comment: { _id: string } | null;
  }[];

const bodies = (threads: readonly CommentThread[]) =>
  threads.map((thread) => [thread.body, thread.replies.map((reply) => reply.body)]);

describe('replies', () => {
  it('show under the comment they answer, oldest first; answering a reply answers its thread', async () => {
    const [author, aziz, dilnoza] = [await signUp(context), await signUp(context), await signUp(context)];
    const portfolio = await publish(author);
    const question = await write(aziz, portfolio._id, 'Qaysi kutubxona ishlatilgan?');
    const answer = await write(author, portfolio._id, 'React va Zustand', question);
    await write(dilnoza, portfolio._id, 'Zustand nega?', answer);
    await write(dilnoza, portfolio._id, 'Alohida izoh');

    const { items } = await page(portfolio._id);
    expect(bodies(items)).toEqual([
      ['Alohida izoh', []],
      ['Qaysi kutubxona ishlatilgan?', ['React va Zustand', 'Zustand nega?']],
    ]);
    expect(items[1]!.replies.map((reply) => reply.parentId)).toEqual([question, question]);
    expect(items[1]).toMatchObject({ parentId: null, deleted: false, repliesBefore: null });

    // The detail shows the same threads, and the count counts replies too.
    const detail: Portfolio = (
      await call(context.app, { method: 'GET', url: `/api/portfolio/${portfolio.linktitle}` })
    ).json();
    expect(bodies(detail.comments)).toEqual(bodies(items));
    expect(detail.commentsCount).toBe(4);
  });

  it('tell the answered writer once as `reply`, the owner as `comment`, never the writer', async () => {
    const [author, aziz, dilnoza, bobur] = await Promise.all([
      signUp(context),
      signUp(context),
      signUp(context),
      signUp(context),
    ]);
    const portfolio = await publish(author);
    const first = await write(aziz, portfolio._id, 'Birinchi izoh');
    await write(bobur, portfolio._id, 'Boshqa izoh');
    const before = {
      author: (await notifications(author)).length,
      aziz: (await notifications(aziz)).length,
      bobur: (await notifications(bobur)).length,
    };

    const reply = await write(dilnoza, portfolio._id, 'Aziz, qo‘shilaman', first);
    expect((await notifications(aziz)).slice(0, -before.aziz || undefined)).toEqual([
      expect.objectContaining({ kind: 'reply', actor: expect.objectContaining({ _id: dilnoza.id }) }),
    ]);
    expect((await notifications(aziz))[0]!.comment?._id).toBe(reply);
    const owners = await notifications(author);
    expect(owners).toHaveLength(before.author + 1);
    expect(owners[0]).toMatchObject({ kind: 'comment', comment: { _id: reply } });
    // Other commenters of the portfolio are not told of a reply in someone else's thread.
    expect(await notifications(bobur)).toHaveLength(before.bobur);
    expect(await notifications(dilnoza)).toEqual([]);

    // Answering one's own comment tells nobody but the owner; the owner answered hears `reply` only.
    await write(aziz, portfolio._id, 'O‘zimga javob', first);
    expect(await notifications(aziz)).toHaveLength(before.aziz + 1);
    const ownersComment = await write(author, portfolio._id, 'Muallif izohi');
    const ownerCount = (await notifications(author)).length;
    await write(aziz, portfolio._id, 'Muallifga javob', ownersComment);
    const afterReply = await notifications(author);
    expect(afterReply).toHaveLength(ownerCount + 1);
    expect(afterReply[0]).toMatchObject({ kind: 'reply' });

    // A reply comes by mail like the other kinds (replies are on by default).
    const mail = await context.smtp.waitForMail(
      aziz.email,
      (m) => m.text?.includes('Aziz, qo‘shilaman') ?? false,
    );
    expect(mail.text).toContain(portfolio.linktitle);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mailsOf = (who: TestUser) =>
      context.smtp.messages.filter(
        (m) => JSON.stringify(m.to).includes(who.email) && (m.text?.includes('Aziz, qo‘shilaman') ?? false),
      );
    expect(mailsOf(aziz)).toHaveLength(1);
    expect(mailsOf(dilnoza)).toEqual([]);
    expect(mailsOf(bobur)).toEqual([]);
  });

  it('refuse a bad parentId with a 422 naming it, in Uzbek, and never store the comment', async () => {
    const [author, writer] = [await signUp(context), await signUp(context)];
    const portfolio = await publish(author);
    const other = await publish(author);
    const elsewhere = await write(writer, other._id, 'Boshqa portfoliodagi izoh');
    const hidden = await write(writer, portfolio._id, 'Yashiriladigan izoh');
    // A reply in the thread a moderator hides is hidden with it, though not itself.
    const inHidden = await write(author, portfolio._id, 'Yashirin mavzudagi javob', hidden);
    await db()
      .updateTable('comments')
      .set({ hidden_at: new Date().toISOString(), hidden_reason: 'spam' })
      .where('id', '=', hidden)
      .execute();
    // Hidden as a moderator hides it: off the count too.
    await db()
      .updateTable('portfolios')
      .set((eb) => ({ comments_count: eb('comments_count', '-', 1) }))
      .where('id', '=', portfolio._id)
      .execute();
    const deleted = await write(writer, portfolio._id, 'O‘chiriladigan izoh');
    expect((await remove(writer, portfolio._id, deleted)).statusCode).toBe(200);
    const count = async () =>
      (
        await db()
          .selectFrom('portfolios')
          .select('comments_count')
          .where('id', '=', portfolio._id)
          .executeTakeFirstOrThrow()
      ).comments_count;
    const counted = await count();

    const cases: [unknown, string][] = [
      ['yoq', 'validation.comment.parent'],
      [42, 'validation.comment.parent'],
      [null, 'validation.comment.parent'],
      [{ $ne: null }, 'validation.comment.parent'],
      [['0123456789abcdef01234567'], 'validation.comment.parent'],
      ['0123456789abcdef01234567', 'gone'],
      [elsewhere, 'gone'],
      [hidden, 'gone'],
      [inHidden, 'gone'],
      [deleted, 'gone'],
    ];
    for (const [parentId, kind] of cases) {
      const response = await put(writer, portfolio._id, { body: 'Javob', parentId });
      expect(response.statusCode, JSON.stringify(parentId)).toBe(422);
      const problem = response.json();
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors.parentId).toEqual([
        kind === 'gone'
          ? 'Javob berilayotgan izoh bu portfolioda yo‘q yoki o‘chirilgan'
          : 'Javob berilayotgan izoh noto‘g‘ri ko‘rsatilgan',
      ]);
    }
    // Nothing was written, nothing counted.
    expect(await count()).toBe(counted);
    expect(await findInconsistencies(db(), context.app.services.dialect)).toEqual([]);
  });

  it('keep a deleted comment with replies as "deleted", gone with its last reply', async () => {
    const [author, aziz, dilnoza] = [await signUp(context), await signUp(context), await signUp(context)];
    const portfolio = await publish(author);
    const root = await write(aziz, portfolio._id, 'Maxfiy fikr');
    await call(context.app, {
      method: 'PATCH',
      url: `/api/portfolio/${portfolio._id}/comments/${root}`,
      headers: as(aziz),
      payload: { body: 'Maxfiy fikr, tahrirlangan' },
    });
    const reply = await write(dilnoza, portfolio._id, 'Bunga javob', root);

    const deleted = await remove(aziz, portfolio._id, root);
    expect(deleted.statusCode).toBe(200);
    const [thread] = deleted.json() as CommentThread[];
    expect(thread).toMatchObject({ _id: root, deleted: true, body: '', bodyHtml: '', editedAt: null });
    expect(thread!.replies.map((item) => item.body)).toEqual(['Bunga javob']);
    expect(JSON.stringify(deleted.json())).not.toContain('Maxfiy');
    expect(
      await db().selectFrom('comment_revisions').selectAll().where('comment_id', '=', root).execute(),
    ).toEqual([]);
    expect(await findInconsistencies(db(), context.app.services.dialect)).toEqual([]);

    // It can be neither answered, edited, nor deleted again.
    expect((await put(dilnoza, portfolio._id, { body: 'Yana', parentId: root })).statusCode).toBe(422);
    const edit = await call(context.app, {
      method: 'PATCH',
      url: `/api/portfolio/${portfolio._id}/comments/${root}`,
      headers: as(aziz),
      payload: { body: 'Qaytdim' },
    });
    expect(edit.statusCode).toBe(404);
    expect((await remove(aziz, portfolio._id, root)).statusCode).toBe(404);

    // A reply in its thread may still be answered.
    const second = await write(aziz, portfolio._id, 'Javobga javob', reply);
    expect(bodies((await page(portfolio._id)).items)).toEqual([['', ['Bunga javob', 'Javobga javob']]]);

    // Its replies' writers delete them: it goes with the last.
    expect((await remove(dilnoza, portfolio._id, reply)).statusCode).toBe(200);
    expect(bodies((await page(portfolio._id)).items)).toEqual([['', ['Javobga javob']]]);
    expect((await remove(aziz, portfolio._id, second)).statusCode).toBe(200);
    expect((await page(portfolio._id)).items).toEqual([]);
    expect(await db().selectFrom('comments').selectAll().where('id', '=', root).execute()).toEqual([]);
    expect(await findInconsistencies(db(), context.app.services.dialect)).toEqual([]);
  });

  it('go to the top level when the answered writer deletes their account', async () => {
    const [author, aziz, dilnoza] = [await signUp(context), await signUp(context), await signUp(context)];
    const portfolio = await publish(author);
    // A deleted comment kept only for the leaving account's reply goes too.
    const kept = await write(dilnoza, portfolio._id, 'Oldin yozilgan izoh');
    await write(aziz, portfolio._id, 'Ketadiganning javobi', kept);
    expect((await remove(dilnoza, portfolio._id, kept)).statusCode).toBe(200);
    const root = await write(aziz, portfolio._id, 'Ketadigan odam izohi');
    await write(dilnoza, portfolio._id, 'Qoladigan javob', root);
    const gone = await call(context.app, {
      method: 'DELETE',
      url: '/api/user/me',
      headers: as(aziz),
      payload: { currentPassword: aziz.password },
    });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect(bodies((await page(portfolio._id)).items)).toEqual([['Qoladigan javob', []]]);
    expect(await db().selectFrom('comments').selectAll().where('id', '=', kept).execute()).toEqual([]);
    expect(await findInconsistencies(db(), context.app.services.dialect)).toEqual([]);
  });

  it('leave out a deleted comment whose replies a moderator hid', async () => {
    const [author, aziz, dilnoza] = [await signUp(context), await signUp(context), await signUp(context)];
    const portfolio = await publish(author);
    const root = await write(aziz, portfolio._id, 'Asl izoh');
    const reply = await write(dilnoza, portfolio._id, 'Yomon javob', root);
    await write(dilnoza, portfolio._id, 'Keyingi izoh');
    expect((await remove(aziz, portfolio._id, root)).statusCode).toBe(200);
    await context.app.services.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('comments')
        .set({ hidden_at: new Date().toISOString(), hidden_reason: 'spam' })
        .where('id', '=', reply)
        .execute();
      await trx
        .updateTable('portfolios')
        .set((eb) => ({ comments_count: eb('comments_count', '-', 1) }))
        .where('id', '=', portfolio._id)
        .execute();
    });
    await context.app.services.changes.publish([changeTags.portfolio(portfolio._id)]);
    expect(bodies((await page(portfolio._id)).items)).toEqual([['Keyingi izoh', []]]);
  });
});

describe('the API document', () => {
  it('names parentId on a new comment, the threads and the replies call', async () => {
    const document = (await call(context.app, { method: 'GET', url: '/api/docs/json' })).json();
    const put = document.paths['/api/portfolio/comment/{id}'].put;
    const body = put.requestBody.content['application/json'].schema.$ref.split('/').at(-1);
    expect(document.components.schemas[body].properties).toHaveProperty('parentId');
    expect(document.paths['/api/portfolio/{id}/comments/{commentId}/replies'].get).toBeDefined();
    const schemas = JSON.stringify(document.components.schemas);
    expect(schemas).toContain('repliesBefore');
    expect(schemas).toContain('ReplyPage');
  });
});

describe('a portfolio with 2,000 comments in threads', () => {
  const THREADS = 100;
  const LONG = 1_000;
  let portfolio: { _id: string; linktitle: string };
  let rootIds: string[];

  beforeAll(async () => {
    const author = await signUp(context);
    portfolio = await publish(author);
    const start = Date.parse('2026-06-01T00:00:00Z');
    const at = (n: number) => new Date(start + n * 1000).toISOString();
    rootIds = Array.from({ length: THREADS }, (_, index) => newId(new Date(start + index * 100_000)));
    const rows: {
      id: string;
      portfolio_id: string;
      author_id: string;
      body: string;
      created_at: string;
      parent_id: string | null;
    }[] = rootIds.map((id, index) => ({
      id,
      portfolio_id: portfolio._id,
      author_id: author.id,
      body: `Mavzu ${index}: ${'yaxshi savol '.repeat(8)}`,
      created_at: at(index * 100),
      parent_id: null,
    }));
    // The newest thread has a thousand replies; the others share the remaining 900.
    for (let n = 0; n < 2_000 - THREADS; n += 1) {
      const thread = n < LONG ? THREADS - 1 : n % (THREADS - 1);
      rows.push({
        id: newId(new Date(start + 20_000_000 + n)),
        portfolio_id: portfolio._id,
        author_id: author.id,
        body: `Javob ${n}: ${'to‘g‘ri fikr '.repeat(8)}`,
        created_at: at(20_000 + n),
        parent_id: rootIds[thread]!,
      });
    }
    for (let index = 0; index < rows.length; index += 500) {
      await db()
        .insertInto('comments')
        .values(rows.slice(index, index + 500))
        .execute();
    }
    await db()
      .updateTable('portfolios')
      .set({ comments_count: 2_000 })
      .where('id', '=', portfolio._id)
      .execute();
    // Written past the services: what was kept of the portfolio is dropped as a write would drop it.
    await context.app.services.changes.publish([changeTags.portfolio(portfolio._id)]);
  }, 60_000);

  it('answers the detail and every page of threads bounded: at most a page of comments, under 16 KB', async () => {
    const detail = await call(context.app, { method: 'GET', url: `/api/portfolio/${portfolio._id}` });
    expect(detail.rawPayload.length).toBeLessThanOrEqual(16 * 1024);
    const threads = (detail.json() as Portfolio).comments;
    const shown = (list: readonly CommentThread[]) =>
      list.reduce((sum, thread) => sum + 1 + thread.replies.length, 0);
    expect(shown(threads)).toBeLessThanOrEqual(BOUNDS.detailComments);
    expect(threads[0]!.replies).toHaveLength(BOUNDS.threadReplies);
    expect(threads[0]!.repliesBefore).not.toBeNull();

    // Walking the pages sees every thread once, newest first, each page within its limit.
    const seen: string[] = [];
    let before: string | null = '';
    while (before !== null) {
      const query: string = before ? `?before=${encodeURIComponent(before)}` : '';
      const response = await call(context.app, {
        method: 'GET',
        url: `/api/portfolio/${portfolio._id}/comments${query}`,
      });
      expect(response.rawPayload.length).toBeLessThanOrEqual(16 * 1024);
      const current = response.json() as CommentPage;
      expect(shown(current.items)).toBeLessThanOrEqual(BOUNDS.pageItems.default);
      seen.push(...current.items.map((thread) => thread._id));
      before = current.next;
    }
    expect(seen).toEqual([...rootIds].reverse());
  });

  it('pages a long thread’s earlier replies, each once, from `repliesBefore`', async () => {
    const first = (await page(portfolio._id)).items[0]!;
    const seen = first.replies.map((reply) => reply._id).reverse();
    let before = first.repliesBefore;
    let pages = 0;
    while (before !== null) {
      const response = await call(context.app, {
        method: 'GET',
        url: `/api/portfolio/${portfolio.linktitle}/comments/${first._id}/replies?limit=50&before=${encodeURIComponent(before)}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBeLessThanOrEqual(40 * 1024);
      const current = response.json() as ReplyPage;
      seen.push(...current.items.map((reply) => reply._id));
      before = current.next;
      pages += 1;
    }
    expect(pages).toBe(Math.ceil((LONG - BOUNDS.threadReplies) / 50));
    expect(new Set(seen).size).toBe(LONG);

    // A cursor of one thread means nothing in another.
    const other = await call(context.app, {
      method: 'GET',
      url: `/api/portfolio/${portfolio._id}/comments/${rootIds[0]}/replies?before=${encodeURIComponent(first.repliesBefore!)}`,
    });
    expect(other.statusCode).toBe(400);
  });
});
