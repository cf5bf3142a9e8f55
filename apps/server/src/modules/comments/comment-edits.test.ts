import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';

/*
 * A comment's writer edits it: it says "edited" with the time, its earlier texts are kept for the admins'
 * moderation queue, and it renders a small safe subset of Markdown (links, inline code, code blocks).
 */

const ADMIN_EMAIL = 'tahrir-admin@example.uz';
let context: TestContext;
let admin: TestUser;
beforeAll(async () => {
  context = await createTestContext({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signUp(context, { email: ADMIN_EMAIL, username: `tahrir_admin_${Date.now().toString(36)}` });
});
afterAll(() => context.close());

const as = (who: TestUser | null) => (who ? { 'x-token': who.token } : {});

async function publish(author: TestUser): Promise<{ _id: string; linktitle: string }> {
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: as(author),
    payload: {
      title: `Tahrir sinovi ${Date.now().toString(36)}`,
      url: 'https://example.uz',
      used: ['Tahrirjs'],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function write(who: TestUser, portfolioId: string, body: string): Promise<string> {
  const response = await call(context.app, {
    method: 'PUT',
    url: `/api/portfolio/comment/${portfolioId}`,
    headers: as(who),
    payload: { body },
  });
  expect(response.statusCode).toBe(201);
  return response.json()[0]._id;
}

const edit = (who: TestUser | null, portfolio: string, commentId: string, payload: unknown) =>
  call(context.app, {
    method: 'PATCH',
    url: `/api/portfolio/${portfolio}/comments/${commentId}`,
    headers: as(who),
    payload: payload as object,
  });

const listed = async (portfolioId: string) =>
  (await call(context.app, { method: 'GET', url: `/api/portfolio/${portfolioId}/comments` })).json()
    .items as {
    _id: string;
    body: string;
    bodyHtml: string;
    editedAt: string | null;
  }[];

describe('editing a comment', () => {
  it('is its writer’s: the new text shows "edited" with the time, in the lists and the detail', async () => {
    const [author, writer] = [await signUp(context), await signUp(context)];
    const portfolio = await publish(author);
    const id = await write(writer, portfolio._id, 'Yaxshi ish, lekin xato bor');
    expect((await listed(portfolio._id))[0]).toMatchObject({ editedAt: null });

    const before = Date.now();
    const edited = await edit(writer, portfolio.linktitle, id, { body: 'Yaxshi ish!' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ _id: id, body: 'Yaxshi ish!', bodyHtml: '<p>Yaxshi ish!</p>\n' });
    expect(Date.parse(edited.json().editedAt)).toBeGreaterThanOrEqual(before - 1000);

    // The kept answers were dropped: every reader sees the new text at once.
    expect((await listed(portfolio._id))[0]).toMatchObject({ _id: id, body: 'Yaxshi ish!' });
    const detail = (
      await call(context.app, { method: 'GET', url: `/api/portfolio/${portfolio._id}` })
    ).json();
    expect(detail.comments[0]).toMatchObject({
      _id: id,
      body: 'Yaxshi ish!',
      editedAt: edited.json().editedAt,
    });
  });

  it('refuses everyone else, admins too, and bad input, with a clear answer and nothing changed', async () => {
    const [author, writer, other] = [await signUp(context), await signUp(context), await signUp(context)];
    const portfolio = await publish(author);
    const elsewhere = await publish(author);
    const id = await write(writer, portfolio._id, 'Asl matn');

    expect((await edit(null, portfolio._id, id, { body: 'x' })).statusCode).toBe(401);
    const stranger = await edit(other, portfolio._id, id, { body: 'Boshqa matn' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({
      code: 'FORBIDDEN',
      detail: 'Izohni faqat uning muallifi tahrirlay oladi',
    });
    expect((await edit(author, portfolio._id, id, { body: 'Muallif' })).statusCode).toBe(403);
    expect((await edit(admin, portfolio._id, id, { body: 'Admin' })).statusCode).toBe(403);
    // Another portfolio's comment, or none at all.
    expect((await edit(writer, elsewhere._id, id, { body: 'Adashdi' })).statusCode).toBe(404);
    expect((await edit(writer, portfolio._id, 'f'.repeat(24), { body: 'Yo‘q' })).statusCode).toBe(404);
    expect((await edit(writer, portfolio._id, 'not-an-id', { body: 'Yo‘q' })).statusCode).toBe(422);
    expect((await edit(writer, portfolio._id, id, { body: '   ' })).statusCode).toBe(422);
    expect((await edit(writer, portfolio._id, id, { body: 'a'.repeat(2001) })).statusCode).toBe(422);
    expect((await edit(writer, portfolio._id, id, {})).statusCode).toBe(422);
    expect((await edit(writer, portfolio._id, id, { body: 42 })).statusCode).toBe(422);

    // The same text again is no edit.
    const same = await edit(writer, portfolio._id, id, { body: 'Asl matn' });
    expect(same.statusCode).toBe(200);
    expect(same.json().editedAt).toBeNull();
    expect((await listed(portfolio._id))[0]).toMatchObject({ body: 'Asl matn', editedAt: null });
  });

  it('keeps the earlier texts for the moderation queue, the newest first, and shows them to admins only', async () => {
    const [author, writer, reader] = [await signUp(context), await signUp(context), await signUp(context)];
    const portfolio = await publish(author);
    const id = await write(writer, portfolio._id, 'Birinchi matn');
    for (const body of ['Ikkinchi matn', 'Uchinchi matn']) {
      expect((await edit(writer, portfolio._id, id, { body })).statusCode).toBe(200);
    }
    const reported = await call(context.app, {
      method: 'POST',
      url: '/api/reports',
      headers: as(reader),
      payload: { target: 'comment', id, reason: 'offensive' },
    });
    expect(reported.statusCode).toBe(201);

    const queue = await call(context.app, { method: 'GET', url: '/api/admin/reports', headers: as(admin) });
    const item = (queue.json().items as { target: { _id: string; revisions: unknown[] } }[]).find(
      (entry) => entry.target._id === id,
    );
    expect(item?.target.revisions).toEqual([
      { body: 'Ikkinchi matn', replacedAt: expect.any(String) },
      { body: 'Birinchi matn', replacedAt: expect.any(String) },
    ]);
    expect(
      (await call(context.app, { method: 'GET', url: '/api/admin/reports', headers: as(reader) })).statusCode,
    ).toBe(403);
    // Nowhere else: the comment's own answers carry its text as it is now, and no history.
    expect(JSON.stringify(await listed(portfolio._id))).not.toContain('Birinchi matn');

    // They go with the comment.
    const removed = await call(context.app, {
      method: 'DELETE',
      url: `/api/portfolio/comment/delete/${portfolio._id}?commentId=${id}`,
      headers: as(writer),
    });
    expect(removed.statusCode).toBe(200);
    expect(
      await context.app.services.db
        .selectFrom('comment_revisions')
        .selectAll()
        .where('comment_id', '=', id)
        .execute(),
    ).toEqual([]);
  });
});

describe('a comment’s Markdown', () => {
  it('links (nofollow ugc), inline code and code blocks, and nothing else: no script, HTML, pictures or headings', async () => {
    const [author, writer] = [await signUp(context), await signUp(context)];
    const portfolio = await publish(author);
    const id = await write(
      writer,
      portfolio._id,
      [
        '# Sarlavha emas',
        'Qarang: https://example.uz va [bu](javascript:alert(1)) `npm i` <script>alert(1)</script>',
        '![rasm](https://example.uz/a.png) <img src=x onerror=alert(1)> **qalin emas**',
        '```',
        'const a = "<b>";',
        '```',
      ].join('\n'),
    );
    const [comment] = await listed(portfolio._id);
    expect(comment!._id).toBe(id);
    const html = comment!.bodyHtml;
    expect(html).toContain(
      '<a href="https://example.uz" rel="nofollow ugc noopener" target="_blank">https://example.uz</a>',
    );
    expect(html).toContain('<code>npm i</code>');
    expect(html).toContain('<pre tabindex="0"><code>const a = &quot;&lt;b&gt;&quot;;\n</code></pre>');
    expect(html).toContain('# Sarlavha emas');
    expect(html).toContain('**qalin emas**');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/<(script|img|h1|strong|em)\b/);
    expect(html).not.toContain('javascript:');
    expect(html).toContain('![rasm](https://example.uz/a.png)');
  });
});
