import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, signUp, type TestContext, verificationToken } from '../../test/app.js';
import { tokenFromMail } from '../../test/smtp.js';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

describe('registration', () => {
  it('mails a single-use link and registers with its token', async () => {
    const email = 'nodira@example.uz';
    const sent = await call(context.app, {
      method: 'POST',
      url: '/api/register/send-verification',
      payload: { email: '  Nodira@Example.uz ' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toBe(true);
    const mail = await context.smtp.waitForMail(email);
    const { token, link } = tokenFromMail(mail);
    expect(link.startsWith('http://localhost:5173/auth/register?email=nodira%40example.uz&token=')).toBe(
      true,
    );
    expect(token.length).toBeGreaterThanOrEqual(43);

    const registered = await call(context.app, {
      method: 'POST',
      url: '/api/register',
      headers: { token },
      payload: {
        username: 'nodira',
        email,
        password: 'tog-va-daryo-2026',
        firstname: 'Nodira',
        lastname: 'Karimova',
      },
    });
    expect(registered.statusCode).toBe(201);
    const user = registered.json();
    expect(user).toMatchObject({
      username: 'nodira',
      email,
      firstname: 'Nodira',
      isAdmin: false,
      portfolios: [],
    });
    expect(user._id).toMatch(/^[0-9a-f]{24}$/);
    const sessionToken = registered.headers['x-token'] as string;
    expect(sessionToken.length).toBeGreaterThanOrEqual(43);

    const me = await call(context.app, {
      method: 'GET',
      url: '/api/user/me',
      headers: { 'x-token': sessionToken },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('nodira');

    const again = await call(context.app, {
      method: 'POST',
      url: '/api/register',
      headers: { token },
      payload: { username: 'nodira2', email, password: 'tog-va-daryo-2026', firstname: 'N', lastname: 'K' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('refuses a token issued for another address', async () => {
    const token = await verificationToken(context, 'first@example.uz');
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/register',
      headers: { token },
      payload: {
        username: 'second',
        email: 'second@example.uz',
        password: 'tog-va-daryo-2026',
        firstname: 'A',
        lastname: 'B',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('sends an "already registered" mail instead of a link to a known address', async () => {
    const user = await signUp(context);
    const before = context.smtp.messages.length;
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/register/send-verification',
      payload: { email: user.email },
    });
    expect(response.json()).toBe(true);
    const mail = await context.smtp.waitForMail(user.email, () => context.smtp.messages.length > before);
    expect(mail.subject).toContain('allaqachon');
    expect(mail.text).not.toContain('token=');
  });
});

describe('login and sessions', () => {
  it('signs in by email or username and answers one 401 for unknown user and wrong password', async () => {
    const user = await signUp(context);
    for (const identifier of [user.email, user.username, user.username.toUpperCase()]) {
      const response = await call(context.app, {
        method: 'POST',
        url: '/api/login',
        payload: { email: identifier, password: user.password },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-token']).toBeTruthy();
      expect(response.json().username).toBe(user.username);
    }
    const wrong = await call(context.app, {
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'not-the-password' },
    });
    const unknown = await call(context.app, {
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@example.uz', password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('logs out by revoking the token on the server', async () => {
    const user = await signUp(context);
    const verify = () =>
      call(context.app, { method: 'POST', url: '/api/verify-token', headers: { 'x-token': user.token } });
    expect((await verify()).json()).toBe(true);
    const out = await call(context.app, {
      method: 'POST',
      url: '/api/logout',
      headers: { 'x-token': user.token },
    });
    expect(out.statusCode).toBe(204);
    expect((await verify()).json()).toBe(false);
    const me = await call(context.app, {
      method: 'GET',
      url: '/api/user/me',
      headers: { 'x-token': user.token },
    });
    expect(me.statusCode).toBe(401);
    expect(me.body).toBe('false');
  });
});
