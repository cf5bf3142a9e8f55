import { BOUNDS } from '@portfolio-master/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';

/*
 * Mentions (docs/decisions/0057-mentions.md): `@username` in a comment or a description links to the
 * profile and tells that person once per comment (or description), never the writer, never someone a
 * block stands between; the comment box's suggestions come by username prefix.
 */

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const as = (who: TestUser | undefined) => (who ? { 'x-token': who.token } : {});
const db = () => context.app.services.db;

async function publish(author: TestUser, description = ''): Promise<{ _id: string; linktitle: string }> {
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: as(author),
    payload: { title: `Eslatma sinovi ${newId()}`, url: 'https://example.uz', used: ['Go'], description },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Writes a comment (a reply with `parentId`); answers its id. */
async function write(who: TestUser, portfolioId: string, body: string, parentId?: string): Promise<string> {
  const response = await call(context.app, {
    method: 'PUT',
    url: `/api/portfolio/comment/${portfolioId}`,
    headers: as(who),
    payload: parentId ? { body, parentId } : { body },
  });
  expect(response.statusCode, response.body).toBe(201);
  const row = await db()
    .selectFrom('comments')
    .select('id')
    .where('portfolio_id', '=', portfolioId)
    .where('author_id', '=', who.id)
    .where('body', '=', body)
    .executeTakeFirstOrThrow();
  return row.id;
}

const edit = async (who: TestUser, portfolioId: string, commentId: string, body: string) => {
  const response = await call(context.app, {
    method: 'PATCH',
    url: `/api/portfolio/${portfolioId}/comments/${commentId}`,
    headers: as(who),
    payload: { body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { bodyHtml: string };
};

/** Everything `who` was told, oldest first, as [kind, actor, comment id or null]. */
async function told(who: TestUser) {
  const response = await call(context.app, { method: 'GET', url: '/api/notifications', headers: as(who) });
  expect(response.statusCode).toBe(200);
  const items = response.json().items as {
    kind: string;
    actor: { _id: string };
    comment: { _id: string } | null;
  }[];
  return items.reverse().map((item) => [item.kind, item.actor._id, item.comment?._id ?? null]);
}

const block = async (who: TestUser, whom: TestUser) => {
  const response = await call(context.app, {
    method: 'PUT',
    url: `/api/user/${whom.username}/block`,
    headers: as(who),
  });
  expect(response.statusCode, response.body).toBe(200);
};

const people = (count: number) => Promise.all(Array.from({ length: count }, () => signUp(context)));

describe('mentions in comments', () => {
  it('link to the profile, outside code and links, and not inside an address', async () => {
    const [author, writer, named] = await people(3);
    const portfolio = await publish(author!);
    await write(
      writer!,
      portfolio._id,
      `Salom @${named!.username}, \`@${named!.username}\` va [@${named!.username}](https://example.uz), ali@${named!.username}.uz`,
    );
    const response = await call(context.app, {
      method: 'GET',
      url: `/api/portfolio/${portfolio._id}/comments`,
    });
    const html = response.json().items[0].bodyHtml as string;
    expect(html.match(/class="mention"/g)).toHaveLength(1);
    expect(html).toContain(`<a href="/profile/${named!.username}" class="mention">@${named!.username}</a>,`);
    expect(html).toContain(`<code>@${named!.username}</code>`);
    expect(html).toContain(`ali@${named!.username}.uz`);
  });

  it('tell each person named once, as `mention` rather than anything else, never the writer', async () => {
    const [author, writer, aziz, dilnoza, answered] = await people(5);
    const portfolio = await publish(author!);
    const question = await write(answered!, portfolio._id, 'Savol bor');
    const before = {
      author: (await told(author!)).length,
      answered: (await told(answered!)).length,
    };
    // The owner, a person twice (once in another case), the person answered, the writer and a name nobody has.
    const reply = await write(
      writer!,
      portfolio._id,
      `@${author!.username} @${aziz!.username} @${aziz!.username.toUpperCase()} @${answered!.username} ` +
        `@${dilnoza!.username}. @${writer!.username} @hechkim_${newId().slice(-6)}`,
      question,
    );
    expect(await told(aziz!)).toEqual([['mention', writer!.id, reply]]);
    expect(await told(dilnoza!)).toEqual([['mention', writer!.id, reply]]);
    expect((await told(author!)).slice(before.author)).toEqual([['mention', writer!.id, reply]]);
    expect((await told(answered!)).slice(before.answered)).toEqual([['mention', writer!.id, reply]]);
    expect(await told(writer!)).toEqual([]);
  });

  it('reach nobody a block stands between, whoever blocked', async () => {
    const [author, writer, blocker, blocked, free] = await people(5);
    const portfolio = await publish(author!);
    await block(blocker!, writer!);
    await block(writer!, blocked!);
    const id = await write(
      writer!,
      portfolio._id,
      `@${blocker!.username} @${blocked!.username} @${free!.username}`,
    );
    expect(await told(blocker!)).toEqual([]);
    expect(await told(blocked!)).toEqual([]);
    expect(await told(free!)).toEqual([['mention', writer!.id, id]]);
  });

  it(`tell the first ${BOUNDS.mentions} people named, no more`, async () => {
    const [author, writer] = await people(2);
    const named = await people(BOUNDS.mentions + 2);
    const portfolio = await publish(author!);
    await write(writer!, portfolio._id, named.map((person) => `@${person.username}`).join(' '));
    const counts = await Promise.all(named.map(async (person) => (await told(person)).length));
    expect(counts).toEqual([...Array(BOUNDS.mentions).fill(1), 0, 0]);
  });

  it('tell those an edit adds, once however often it is edited', async () => {
    const [author, writer, first, second] = await people(4);
    const portfolio = await publish(author!);
    const id = await write(writer!, portfolio._id, `Boshida @${first!.username}`);
    const html = await edit(writer!, portfolio._id, id, `Endi @${first!.username} va @${second!.username}`);
    expect(html.bodyHtml).toContain(`href="/profile/${second!.username}"`);
    await edit(writer!, portfolio._id, id, `Faqat @${second!.username}`);
    await edit(
      writer!,
      portfolio._id,
      id,
      `Yana @${first!.username} @${second!.username} @${author!.username}`,
    );
    expect(await told(first!)).toEqual([['mention', writer!.id, id]]);
    expect(await told(second!)).toEqual([['mention', writer!.id, id]]);
    // The owner heard of the comment when it was written: nothing more for naming them in it later.
    expect(await told(author!)).toEqual([['comment', writer!.id, id]]);
  });

  it('come by mail in the recipient’s words, and not when its switch is off', async () => {
    const [author, writer, mailed, quiet] = await people(4);
    const settings = await call(context.app, {
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: as(quiet),
      payload: {
        email: { comment: true, like: false, reply: true, mention: false, post: true },
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().email.mention).toBe(false);
    const portfolio = await publish(author!);
    await write(writer!, portfolio._id, `Eslatib yuboraman @${mailed!.username} @${quiet!.username}`);
    const mail = await context.smtp.waitForMail(
      mailed!.email,
      (message) => message.subject?.includes('eslatib o‘tdi') ?? false,
    );
    expect(mail.text).toContain('portfoliosidagi izohda eslatib o‘tdi: «Eslatib yuboraman');
    expect(mail.text).toMatch(/kind=mention/);
    expect(await told(quiet!)).toHaveLength(1);
    expect(
      context.smtp.messages.filter(
        (message) =>
          JSON.stringify(message.to).includes(quiet!.email) && message.subject?.includes('eslatib'),
      ),
    ).toEqual([]);
  });

  it('go to the bot for those who want them there', async () => {
    const [author, writer, linked] = await people(3);
    await db()
      .updateTable('users')
      .set({ telegram_chat_id: '777000111', telegram_chat_linked_at: new Date().toISOString() })
      .where('id', '=', linked!.id)
      .execute();
    const settings = await call(context.app, {
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: as(linked),
      payload: {
        email: { comment: true, like: false, reply: true, mention: true, post: true },
        telegram: { comment: false, like: false, reply: false, mention: true, post: false },
      },
    });
    expect(settings.json().telegram).toEqual({
      comment: false,
      like: false,
      reply: false,
      mention: true,
      post: false,
    });
    const portfolio = await publish(author!);
    const id = await write(writer!, portfolio._id, `Bot orqali @${linked!.username}`);
    const queued = await db()
      .selectFrom('telegram_outbox')
      .select(['kind', 'comment_id'])
      .where('user_id', '=', linked!.id)
      .execute();
    expect(queued).toEqual([{ kind: 'mention', comment_id: id }]);
  });

  it('leave the mention switch as it is when an older client sends none', async () => {
    const [person] = await people(1);
    const send = (email: object) =>
      call(context.app, {
        method: 'PUT',
        url: '/api/notifications/settings',
        headers: as(person),
        payload: { email },
      });
    await send({ comment: true, like: true, reply: true, mention: false, post: true });
    const older = await send({ comment: false, like: true, reply: true, post: true });
    expect(older.statusCode, older.body).toBe(200);
    expect(older.json().email).toEqual({
      comment: false,
      like: true,
      reply: true,
      mention: false,
      post: true,
    });
  });
});

describe('mentions in descriptions', () => {
  it('tell those named when it is published and those an edit adds, once each', async () => {
    const [author, first, second] = await people(3);
    const portfolio = await publish(author!, `Birga qildik: **@${first!.username}**`);
    const page = await call(context.app, { method: 'GET', url: `/api/portfolio/${portfolio.linktitle}` });
    expect(page.json().descriptionHtml).toContain(`href="/profile/${first!.username}"`);
    expect(await told(first!)).toEqual([['mention', author!.id, null]]);

    const update = (description: string) =>
      call(context.app, {
        method: 'PUT',
        url: `/api/portfolio/update/${portfolio._id}`,
        headers: as(author),
        payload: { description },
      });
    expect((await update(`@${first!.username} va @${second!.username}`)).statusCode).toBe(200);
    expect((await update(`@${second!.username} @${first!.username} yana`)).statusCode).toBe(200);
    expect(await told(first!)).toEqual([['mention', author!.id, null]]);
    expect(await told(second!)).toEqual([['mention', author!.id, null]]);
    const mail = await context.smtp.waitForMail(
      second!.email,
      (message) => message.text?.includes('tavsifida eslatib o‘tdi') ?? false,
    );
    expect(mail.subject).toContain('eslatib o‘tdi');
  });

  it('tell nobody while it is a draft, and those named when it is published', async () => {
    const [author, named] = await people(2);
    const description = `Qoralamada @${named!.username}`;
    const draft = await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/drafts',
      headers: as(author),
      payload: { title: 'Qoralama eslatma', description },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(await told(named!)).toEqual([]);
    const published = await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/create',
      headers: as(author),
      payload: {
        draftId: draft.json()._id,
        title: 'Qoralama eslatma',
        description,
        url: 'https://example.uz',
        used: ['Go'],
      },
    });
    expect(published.statusCode, published.body).toBe(201);
    expect(await told(named!)).toEqual([['mention', author!.id, null]]);
  });
});

describe('suggestions after @', () => {
  const suggest = (q: string, who?: TestUser) =>
    call(context.app, {
      method: 'GET',
      url: `/api/mentions/suggest?q=${encodeURIComponent(q)}`,
      headers: as(who),
    });
  const names = async (q: string, who?: TestUser) => {
    const response = await suggest(q, who);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().items as { username: string }[]).map((item) => item.username);
  };

  it('are the usernames that begin so, any case, an exact match first, at most a few', async () => {
    const stem = `Tavsiya${newId().slice(-5)}`;
    const made = await Promise.all(
      ['', '_b', '.a', '-z', 'x', '1', '_q', 'bb', 'c9', 'dd'].map((tail) =>
        signUp(context, { username: `${stem}${tail}` }),
      ),
    );
    const expected = made
      .map((person) => person.username)
      .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1))
      .slice(0, BOUNDS.mentionSuggestions);
    expect(await names(stem.toLowerCase())).toEqual(expected);
    expect((await names(stem.toUpperCase()))[0]).toBe(stem);
    expect(await names(`${stem}_`)).toEqual([`${stem}_b`, `${stem}_q`]);
    expect(await names(`${stem}zz`)).toEqual([]);
    const [first] = (await suggest(`${stem}x`)).json().items;
    expect(Object.keys(first).sort()).toEqual(['_id', 'firstname', 'image', 'lastname', 'username']);
  });

  it('leave out hidden accounts, and for a reader those a block or mute stands between', async () => {
    const stem = `Yashir${newId().slice(-5)}`;
    const [seen, hidden, blocker, muted, reader] = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((tail) => signUp(context, { username: `${stem}${tail}` })),
    );
    // Kept as everyone sees it before the blocks and the hide.
    expect(await names(stem)).toHaveLength(5);
    await db()
      .updateTable('users')
      .set({ hidden_at: new Date().toISOString() })
      .where('id', '=', hidden!.id)
      .execute();
    await context.app.services.changes.publish(['users']);
    await block(blocker!, reader!);
    const mute = await call(context.app, {
      method: 'PUT',
      url: `/api/user/${muted!.username}/mute`,
      headers: as(reader),
    });
    expect(mute.statusCode).toBe(200);
    expect(await names(stem)).toEqual([seen, blocker, muted, reader].map((p) => p!.username));
    expect(await names(stem, reader)).toEqual([seen, reader].map((p) => p!.username));
    expect(await names(stem, blocker)).toEqual([seen, blocker, muted].map((p) => p!.username));
  });

  it('refuse what no username can begin with, in the reader’s words', async () => {
    for (const q of [
      '',
      ' ',
      '@ali',
      'a b',
      'ali%',
      "a'",
      'ёж',
      'x'.repeat(31),
      'a'.repeat(10_000),
      '.ali',
    ]) {
      const response = await suggest(q);
      expect(response.statusCode, q).toBe(422);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(response.json())).toContain('Foydalanuvchi nomining boshini yozing');
    }
    const missing = await call(context.app, { method: 'GET', url: '/api/mentions/suggest' });
    expect(missing.statusCode).toBe(422);
    const russian = await call(context.app, {
      method: 'GET',
      url: '/api/mentions/suggest?q=%25',
      headers: { 'accept-language': 'ru' },
    });
    expect(russian.statusCode).toBe(422);
    expect(russian.body).toContain('Введите начало имени пользователя');
  });
});
