import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens.js';
import { getMe, login, verifyToken } from '../../test/accounts.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { multipart, urlencoded } from '../../test/forms.js';

let context: TestContext;
let user: TestUser;
beforeAll(async () => {
  context = await createTestContext();
  user = await signUp(context, { firstname: 'Bobur', lastname: 'Aliyev' });
});
afterAll(() => context.close());

const sessionsOf = (userId: string) =>
  context.app.services.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).execute();

describe('POST /api/login', () => {
  it.each([
    ['the email', () => user.email],
    ['the email in capitals with spaces', () => `  ${user.email.toUpperCase()} `],
    ['the username', () => user.username],
    ['the username in capitals', () => user.username.toUpperCase()],
  ])('signs in by %s', async (_label, identifier) => {
    const response = await login(context, identifier(), user.password);
    expect(response.statusCode).toBe(200);
    const token = response.headers['x-token'] as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(response.json()).toMatchObject({
      _id: user.id,
      username: user.username,
      email: user.email,
      firstname: 'Bobur',
      lastname: 'Aliyev',
    });
    expect(response.body).not.toContain(token);
    expect((await getMe(context, token)).json()._id).toBe(user.id);
  });

  it('accepts a urlencoded and a multipart body (the old client sends FormData)', async () => {
    const form = urlencoded({ email: user.email, password: user.password });
    const byForm = await call(context.app, { method: 'POST', url: '/api/login', ...form });
    expect(byForm.statusCode).toBe(200);
    expect(byForm.headers['x-token']).toBeTruthy();

    const parts = await multipart({ email: user.username, password: user.password });
    const byMultipart = await call(context.app, { method: 'POST', url: '/api/login', ...parts });
    expect(byMultipart.statusCode).toBe(200);
    expect(byMultipart.headers['x-token']).toBeTruthy();
  });

  it('gives every sign-in its own token, each working on its own', async () => {
    const first = (await login(context, user.email, user.password)).headers['x-token'] as string;
    const second = (await login(context, user.email, user.password)).headers['x-token'] as string;
    expect(first).not.toBe(second);
    expect((await verifyToken(context, first)).json()).toBe(true);
    expect((await verifyToken(context, second)).json()).toBe(true);
  });

  it('answers one identical 401 INVALID_CREDENTIALS for an unknown user and a wrong password', async () => {
    const attempts = [
      [user.email, 'not-the-password'],
      [user.username, 'not-the-password'],
      [user.email, user.password.toUpperCase()],
      ['nobody@example.uz', user.password],
      ['nobody_here', user.password],
    ] as const;
    const responses = await Promise.all(attempts.map(([email, password]) => login(context, email, password)));
    for (const response of responses) {
      expect(response.statusCode).toBe(401);
      expect(response.headers['x-token']).toBeUndefined();
      expect(response.body).toBe(responses[0]!.body);
    }
    expect(responses[0]!.json()).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(responses[0]!.json().errors).toBeUndefined();

    const plain = await Promise.all(
      attempts.map(([email, password]) =>
        context.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } }),
      ),
    );
    for (const response of plain) {
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toBe(plain[0]!.body);
    }
    expect(plain[0]!.body).toBe(responses[0]!.json().detail);
  });

  it.each([
    ['no fields', {}, ['email', 'password']],
    ['an empty identifier', { email: '  ', password: 'something-long' }, ['email']],
    ['an empty password', { email: 'ali@example.uz', password: '' }, ['password']],
    ['a password over 128 characters', { email: 'ali@example.uz', password: 'p'.repeat(129) }, ['password']],
    ['an identifier over 254 characters', { email: 'a'.repeat(255), password: 'something' }, ['email']],
    ['a numeric password', { email: 'ali@example.uz', password: 12345678 }, ['password']],
    ['an array as email', { email: ['ali@example.uz'], password: 'something' }, ['email']],
    ['null fields', { email: null, password: null }, ['email', 'password']],
  ])('answers 422 for %s', async (_label, payload, fields) => {
    const response = await call(context.app, { method: 'POST', url: '/api/login', payload });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(response.json().errors)).toEqual(expect.arrayContaining(fields));
  });

  it('stores only the SHA-256 hash of the token, expiring in about 30 days', async () => {
    const fresh = await signUp(context);
    const before = Date.now();
    const response = await login(context, fresh.email, fresh.password);
    const token = response.headers['x-token'] as string;
    const sessions = await sessionsOf(fresh.id);
    const session = sessions.find((row) => row.token_hash === hashToken(token));
    expect(session).toBeDefined();
    expect(session!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const everything = JSON.stringify(
      await context.app.services.db.selectFrom('sessions').selectAll().execute(),
    );
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(fresh.token);
    const days = (new Date(session!.expires_at).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
  });

  it('pushes the expiry of a session in use forward again to 30 days', async () => {
    const fresh = await signUp(context);
    const hash = hashToken(fresh.token);
    await context.app.services.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 2 * 86_400_000).toISOString() })
      .where('token_hash', '=', hash)
      .execute();
    expect((await getMe(context, fresh.token)).statusCode).toBe(200);
    const session = await context.app.services.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    const days = (new Date(session.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
  });
});

describe('POST /api/verify-token', () => {
  it('answers true for a live token and false otherwise, always 200', async () => {
    const fresh = await signUp(context);
    expect((await verifyToken(context, fresh.token)).json()).toBe(true);
    for (const token of ['garbage', 'x'.repeat(300), `${fresh.token}x`]) {
      const response = await verifyToken(context, token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toBe(false);
    }
    const none = await call(context.app, { method: 'POST', url: '/api/verify-token' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBe(false);
  });

  it('answers false for an expired session', async () => {
    const fresh = await signUp(context);
    await context.app.services.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(fresh.token))
      .execute();
    expect((await verifyToken(context, fresh.token)).json()).toBe(false);
  });
});

describe('POST /api/logout', () => {
  it('answers 204 and revokes that token on the server, leaving other sessions alive', async () => {
    const fresh = await signUp(context);
    const other = (await login(context, fresh.email, fresh.password)).headers['x-token'] as string;
    expect((await verifyToken(context, fresh.token)).json()).toBe(true);

    const out = await call(context.app, {
      method: 'POST',
      url: '/api/logout',
      headers: { 'x-token': fresh.token },
    });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');

    expect((await verifyToken(context, fresh.token)).json()).toBe(false);
    const me = await getMe(context, fresh.token);
    expect(me.statusCode).toBe(401);
    expect(me.body).toBe('false');
    const sessions = await sessionsOf(fresh.id);
    expect(sessions.map((row) => row.token_hash)).toEqual([hashToken(other)]);
    expect((await getMe(context, other)).statusCode).toBe(200);

    const twice = await call(context.app, {
      method: 'POST',
      url: '/api/logout',
      headers: { 'x-token': fresh.token },
    });
    expect(twice.statusCode).toBe(401);
  });

  it('answers 401 UNAUTHORIZED without a token or with a garbage one', async () => {
    for (const headers of [{}, { 'x-token': 'garbage' }]) {
      const response = await call(context.app, { method: 'POST', url: '/api/logout', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    }
  });
});
