import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInconsistencies } from '../../seed/consistency.js';
import { hashToken } from '../../lib/tokens.js';
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

const db = () => context.app.services.db;

const me = (token: string) =>
  call(context.app, { method: 'GET', url: '/api/user/me', headers: { 'x-token': token } });

const login = (email: string, password: string) =>
  call(context.app, { method: 'POST', url: '/api/login', payload: { email, password } });

/** The newest mail to `to` sent after `before` mails, and the token of the first link to `path` in it. */
async function linkFrom(
  to: string,
  before: number,
  path: string,
): Promise<{ mail: ParsedMail; token: string }> {
  const mail = await context.smtp.waitForMail(to, () => context.smtp.messages.length > before);
  const match = new RegExp(`https?://\\S+${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  return { mail, token: match?.[1] ?? '' };
}

async function requestReset(email: string): Promise<string> {
  const before = context.smtp.messages.length;
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/password/forgot',
    payload: { email },
  });
  expect(response.statusCode).toBe(200);
  const { token } = await linkFrom(email, before, '/auth/reset-password');
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token;
}

const reset = (token: string, password: string) =>
  call(context.app, { method: 'POST', url: '/api/password/reset', payload: { token, password } });

describe('a forgotten password', () => {
  it('mails a link to an account’s address and a note to any other, with the same answer', async () => {
    const user = await signUp(context);
    const known = await call(context.app, {
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: user.email.toUpperCase() },
    });
    const unknownEmail = `hech-kim-${Date.now()}@example.uz`;
    const before = context.smtp.messages.length;
    const unknown = await call(context.app, {
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: unknownEmail },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const resetMail = await context.smtp.waitForMail(user.email);
    expect(resetMail.subject).toBe('Portfolio Master: parolni tiklash');
    expect(resetMail.text).toMatch(/\/auth\/reset-password\?token=/);
    const note = await context.smtp.waitForMail(unknownEmail, () => context.smtp.messages.length > before);
    expect(note.subject).toBe('Portfolio Master: bu manzil bilan hisob yo‘q');
    expect(note.text).not.toMatch(/token=/);
    // Only the hash of the token is stored.
    const rows = await db()
      .selectFrom('password_resets')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    const token = /token=([A-Za-z0-9_-]+)/.exec(resetMail.text!)![1]!;
    expect(rows.map((row) => row.token_hash)).toEqual([hashToken(token)]);
  });

  it('refuses an address that is not one, in Uzbek', async () => {
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: 'manzil-emas' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { email: ['Email manzili noto‘g‘ri'] },
    });
  });

  it('sets a new password once, ends every session and starts a new one', async () => {
    const user = await signUp(context);
    const other = await login(user.email, user.password);
    const otherToken = other.headers['x-token'] as string;
    const token = await requestReset(user.email);
    const before = context.smtp.messages.length;

    const done = await reset(token, 'yangi-yashil-parol-77');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ _id: user.id, email: user.email });
    const fresh = done.headers['x-token'] as string;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(otherToken)).statusCode).toBe(401);

    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'yangi-yashil-parol-77')).statusCode).toBe(200);
    const notice = await context.smtp.waitForMail(user.email, () => context.smtp.messages.length > before);
    expect(notice.subject).toBe('Portfolio Master: parolingiz o‘zgartirildi');

    const again = await reset(token, 'boshqa-yashil-parol-88');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'LINK_INVALID',
      detail: expect.stringContaining('Havola eskirgan'),
    });
    expect((await login(user.email, 'yangi-yashil-parol-77')).statusCode).toBe(200);
  });

  it('keeps the link when the new password is refused, and refuses an expired or made-up link', async () => {
    const user = await signUp(context);
    const token = await requestReset(user.email);
    const weak = await reset(token, 'password');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password[0]).toMatch(/keng tarqalgan/);
    const short = await reset(token, 'qisqa');
    expect(short.statusCode).toBe(422);
    expect((await me(user.token)).statusCode).toBe(200);

    await db()
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await reset(token, 'kech-qolgan-parol-99')).json().code).toBe('LINK_INVALID');
    expect((await reset('a'.repeat(43), 'topilmagan-parol-99')).statusCode).toBe(400);
    expect((await reset('', 'topilmagan-parol-99')).statusCode).toBe(422);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('lets only one of two uses of a link at the same moment through', async () => {
    const user = await signUp(context);
    const token = await requestReset(user.email);
    const answers = await Promise.all([
      reset(token, 'birinchi-parol-111'),
      reset(token, 'ikkinchi-parol-222'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('another email address', () => {
  const ask = (user: TestUser, email: string, currentPassword = user.password) =>
    call(context.app, {
      method: 'POST',
      url: '/api/user/me/email',
      headers: { 'x-token': user.token },
      payload: { email, currentPassword },
    });
  const confirm = (token: string, headers: Record<string, string> = {}) =>
    call(context.app, { method: 'POST', url: '/api/email/confirm', headers, payload: { token } });

  it('changes once the link mailed to the new address is opened, and tells the old one', async () => {
    const user = await signUp(context);
    const newEmail = `yangi-${Date.now()}@example.uz`;
    const before = context.smtp.messages.length;
    expect((await ask(user, newEmail.toUpperCase())).statusCode).toBe(200);
    const { mail, token } = await linkFrom(newEmail, before, '/auth/confirm-email');
    expect(mail.subject).toBe('Portfolio Master: yangi email manzilni tasdiqlang');
    // Nothing changes until the link is opened.
    expect((await me(user.token)).json().email).toBe(user.email);

    const sent = context.smtp.messages.length;
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Opened without signing in, the answer shows no hidden email.
    expect(confirmed.json()).toMatchObject({ _id: user.id, email: null });
    expect((await me(user.token)).json().email).toBe(newEmail);
    const notice = await context.smtp.waitForMail(user.email, () => context.smtp.messages.length > sent);
    expect(notice.subject).toBe('Portfolio Master: email manzilingiz o‘zgartirildi');
    expect(notice.text).toContain(newEmail);
    expect((await login(newEmail, user.password)).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await confirm(token)).json().code).toBe('LINK_INVALID');
  });

  it('shows the owner their address when they open the link signed in', async () => {
    const user = await signUp(context);
    const newEmail = `ozi-${Date.now()}@example.uz`;
    const before = context.smtp.messages.length;
    await ask(user, newEmail);
    const { token } = await linkFrom(newEmail, before, '/auth/confirm-email');
    const confirmed = await confirm(token, { 'x-token': user.token });
    expect(confirmed.json().email).toBe(newEmail);
  });

  it('does not say whether another account has the address, and changes nothing then', async () => {
    const user = await signUp(context);
    const holder = await signUp(context);
    const before = context.smtp.messages.length;
    const answer = await ask(user, holder.email);
    expect(answer.statusCode).toBe(200);
    const note = await context.smtp.waitForMail(holder.email, () => context.smtp.messages.length > before);
    expect(note.subject).toBe('Portfolio Master: bu manzil band');
    expect(note.text).not.toMatch(/token=/);
    expect(
      await db().selectFrom('email_changes').selectAll().where('user_id', '=', user.id).execute(),
    ).toEqual([]);
  });

  it('refuses the address once another account took it before the link was opened', async () => {
    const user = await signUp(context);
    const wanted = `talab-${Date.now()}@example.uz`;
    const before = context.smtp.messages.length;
    await ask(user, wanted);
    const { token } = await linkFrom(wanted, before, '/auth/confirm-email');
    await signUp(context, { email: wanted });
    const answer = await confirm(token);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('EMAIL_TAKEN');
    expect((await me(user.token)).json().email).toBe(user.email);
  });

  it('needs the signed-in owner’s password and a different, valid address', async () => {
    const user = await signUp(context);
    const anonymous = await call(context.app, {
      method: 'POST',
      url: '/api/user/me/email',
      payload: { email: 'kimdir@example.uz', currentPassword: user.password },
    });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await ask(user, 'boshqa@example.uz', 'notogri-parol-000');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.currentPassword).toEqual(['Joriy parol noto‘g‘ri']);
    const same = await ask(user, user.email);
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.email).toEqual(['Bu sizning hozirgi email manzilingiz']);
    expect((await ask(user, 'manzil-emas')).statusCode).toBe(422);
  });
});

describe('deleting an account', () => {
  const remove = (user: TestUser, currentPassword = user.password) =>
    call(context.app, {
      method: 'DELETE',
      url: '/api/user/me',
      headers: { 'x-token': user.token },
      payload: { currentPassword },
    });
  const like = (user: TestUser, id: string) =>
    call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/like/${id}`,
      headers: { 'x-token': user.token },
    });
  const comment = (user: TestUser, id: string, body: string) =>
    call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/comment/${id}`,
      headers: { 'x-token': user.token },
      payload: { body },
    });
  const portfolio = (id: string) => call(context.app, { method: 'GET', url: `/api/portfolio/${id}` });

  it('takes the account, its portfolios, likes, comments, images and sessions, and keeps counters exact', async () => {
    const leaving = await signUp(context);
    const staying = await signUp(context);
    const own = await createWithImages(context.app, leaving, 2, { used: 'Elixir,Rust' });
    const theirs = await createWithImages(context.app, staying, 1, { used: 'Rust' });
    // Activity both ways: on the other's portfolio and on the own one.
    expect((await like(leaving, theirs._id)).statusCode).toBe(200);
    expect((await like(staying, theirs._id)).statusCode).toBe(200);
    expect((await like(staying, own._id)).statusCode).toBe(200);
    for (const text of ['Birinchi', 'Ikkinchi'])
      expect((await comment(leaving, theirs._id, text)).statusCode).toBe(201);
    expect((await comment(staying, theirs._id, 'Meniki')).statusCode).toBe(201);
    expect((await comment(staying, own._id, 'Sizniki')).statusCode).toBe(201);
    const technologies = async () =>
      Object.fromEntries(
        (await call(context.app, { method: 'GET', url: '/api/portfolio/technologies' }))
          .json()
          .map((t: { name: string; count: number }) => [t.name, t.count]),
      ) as Record<string, number>;
    const countsBefore = await technologies();
    expect((await portfolio(theirs._id)).json()).toMatchObject({ likesCount: 2, commentsCount: 3 });

    const before = context.smtp.messages.length;
    const answer = await remove(leaving);
    expect(answer.statusCode, answer.body).toBe(204);

    expect((await me(leaving.token)).statusCode).toBe(401);
    expect((await login(leaving.email, leaving.password)).statusCode).toBe(401);
    expect((await call(context.app, { method: 'GET', url: `/api/user/${leaving.id}` })).statusCode).toBe(404);
    expect((await portfolio(own._id)).statusCode).toBe(404);
    const after = (await portfolio(theirs._id)).json();
    expect(after).toMatchObject({ likesCount: 1, commentsCount: 1, likes: [staying.id] });
    expect(after.comments.map((c: { body: string }) => c.body)).toEqual(['Meniki']);
    const countsAfter = await technologies();
    expect(countsAfter.Rust).toBe(countsBefore.Rust! - 1);
    expect(countsAfter.Elixir ?? 0).toBe(countsBefore.Elixir! - 1);
    for (const image of own.images) {
      expect((await call(context.app, { method: 'GET', url: `/image/${image}` })).statusCode).toBe(404);
    }
    expect((await call(context.app, { method: 'GET', url: `/image/${theirs.images[0]}` })).statusCode).toBe(
      200,
    );
    for (const table of ['sessions', 'password_resets', 'email_changes'] as const) {
      expect(await db().selectFrom(table).select('id').where('user_id', '=', leaving.id).execute()).toEqual(
        [],
      );
    }
    expect(await findInconsistencies(db(), context.app.services.dialect)).toEqual([]);
    // The notice of the comment on the own portfolio may arrive at any moment: the farewell by its subject.
    const farewell = await context.smtp.waitForMail(
      leaving.email,
      (mail) => mail.subject === 'Portfolio Master: hisobingiz o‘chirildi',
    );
    expect(context.smtp.messages.indexOf(farewell)).toBeGreaterThanOrEqual(before);
    expect(farewell.text).toContain(`@${leaving.username} hisobi`);
  });

  it('keeps counters exact while the account likes, unlikes and comments at the same moment', async () => {
    const leaving = await signUp(context);
    const staying = await signUp(context);
    const targets: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      targets.push((await createWithImages(context.app, staying, 0, { title: `Nishon ${index}` }))._id);
    }
    for (const id of targets.slice(0, 3)) expect((await like(leaving, id)).statusCode).toBe(200);
    const answers = await Promise.all([
      ...targets.map((id) => like(leaving, id)),
      ...targets.map((id) => comment(leaving, id, 'Shu payt')),
      remove(leaving),
      ...targets.map((id) => like(staying, id)),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    expect(answers[targets.length * 2]!.statusCode).toBe(204);
    expect(await findInconsistencies(db(), context.app.services.dialect)).toEqual([]);
    for (const id of targets) {
      expect((await portfolio(id)).json()).toMatchObject({
        likesCount: 1,
        commentsCount: 0,
        likes: [staying.id],
      });
    }
  });

  it('needs the owner’s password; nobody else can delete it', async () => {
    const user = await signUp(context);
    const anonymous = await call(context.app, {
      method: 'DELETE',
      url: '/api/user/me',
      payload: { currentPassword: user.password },
    });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await remove(user, 'notogri-parol-000');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.currentPassword).toEqual(['Joriy parol noto‘g‘ri']);
    const empty = await call(context.app, {
      method: 'DELETE',
      url: '/api/user/me',
      headers: { 'x-token': user.token },
      payload: {},
    });
    expect(empty.statusCode).toBe(422);
    expect((await me(user.token)).statusCode).toBe(200);
  });
});

describe('downloading my data', () => {
  it('hands the owner everything held about them, as a file, and nothing secret', async () => {
    const user = await signUp(context);
    const other = await signUp(context);
    const own = await createWithImages<{ _id: string; linktitle: string; images: string[] }>(
      context.app,
      user,
      1,
      { title: 'Mening loyiham', used: 'Go' },
    );
    const theirs = await createWithImages<{ _id: string; linktitle: string }>(context.app, other, 1);
    await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/like/${theirs._id}`,
      headers: { 'x-token': user.token },
    });
    await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/comment/${theirs._id}`,
      headers: { 'x-token': user.token },
      payload: { body: 'Ajoyib ish' },
    });
    await requestReset(user.email);

    const answer = await call(context.app, {
      method: 'GET',
      url: '/api/user/me/export',
      headers: { 'x-token': user.token },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="portfolio-master-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(answer.headers['cache-control']).toBe('no-store');
    const data = answer.json();
    expect(data.account).toMatchObject({ _id: user.id, username: user.username, email: user.email });
    expect(data.portfolios).toEqual([
      expect.objectContaining({ _id: own._id, title: 'Mening loyiham', used: ['Go'], images: own.images }),
    ]);
    expect(data.comments).toEqual([
      expect.objectContaining({
        body: 'Ajoyib ish',
        portfolio: expect.objectContaining({ _id: theirs._id }),
      }),
    ]);
    expect(data.likes).toEqual([
      expect.objectContaining({ portfolio: expect.objectContaining({ _id: theirs._id }) }),
    ]);
    expect(data.images.map((image: { filename: string }) => image.filename)).toEqual(own.images);
    expect(data.sessions).toEqual([expect.objectContaining({ current: true })]);
    // No password hash, no token or its hash, no one else's address.
    const sessionHash = hashToken(user.token);
    expect(answer.body).not.toMatch(/argon2|password|token/i);
    expect(answer.body).not.toContain(sessionHash);
    expect(answer.body).not.toContain(other.email);

    expect((await call(context.app, { method: 'GET', url: '/api/user/me/export' })).statusCode).toBe(401);
  });

  it('includes the language the account reads the site in, as the download itself states it', async () => {
    const user = await signUp(context);
    const exported = (headers: Record<string, string>) =>
      call(context.app, {
        method: 'GET',
        url: '/api/user/me/export',
        headers: { 'x-token': user.token, ...headers },
      });
    expect((await exported({})).json().account.locale).toBeNull();
    expect((await exported({ cookie: 'lang=uz-Cyrl' })).json().account.locale).toBe('uz-Cyrl');
    expect((await exported({})).json().account.locale).toBe('uz-Cyrl');
    expect((await exported({ 'accept-language': 'en-US,en' })).json().account.locale).toBe('en');
  });
});
