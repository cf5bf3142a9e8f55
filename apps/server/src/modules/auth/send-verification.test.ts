import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens.js';
import { registration, register, uniqueName } from '../../test/accounts.js';
import { call, createTestContext, signUp, type TestContext, verificationToken } from '../../test/app.js';
import { tokenFromMail } from '../../test/smtp.js';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const send = (email: unknown) =>
  call(context.app, { method: 'POST', url: '/api/register/send-verification', payload: { email } });

describe('POST /api/register/send-verification', () => {
  it('answers true and mails a link {PUBLIC_URL}/auth/register?email=<urlencoded>&token=<token>', async () => {
    const email = `${uniqueName('link')}+dev@example.uz`;
    const response = await send(email);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toBe(true);

    const mail = await context.smtp.waitForMail(email);
    const { link, token, email: linked } = tokenFromMail(mail);
    expect(link).toBe(
      `http://localhost:5173/auth/register?email=${encodeURIComponent(email)}&token=${token}`,
    );
    expect(link).toContain('%2Bdev%40example.uz');
    expect(linked).toBe(email);
    // 256 random bits in base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(mail.html).toContain(token);
  });

  it('normalises the address: trimmed and lowercased', async () => {
    const name = uniqueName('Case');
    const response = await send(`  ${name}@Example.UZ `);
    expect(response.json()).toBe(true);
    const mail = await context.smtp.waitForMail(`${name.toLowerCase()}@example.uz`);
    expect(tokenFromMail(mail).email).toBe(`${name.toLowerCase()}@example.uz`);
  });

  it('gives each request a new token', async () => {
    const email = `${uniqueName('twice')}@example.uz`;
    const first = await verificationToken(context, email);
    const second = await verificationToken(context, email);
    expect(second).not.toBe(first);
  });

  it('answers a registered address the same, with an "already registered" mail and no token', async () => {
    const user = await signUp(context);
    const before = context.smtp.messages.length;
    const response = await send(user.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(true);
    const mail = await context.smtp.waitForMail(user.email, () => context.smtp.messages.length > before);
    expect(mail.subject).toContain('allaqachon');
    expect(mail.text).toContain('http://localhost:5173/auth/login');
    expect(mail.text).not.toContain('token=');
    expect(mail.html).not.toContain('token=');
    expect(() => tokenFromMail(mail)).toThrow();
    const rows = await context.app.services.db
      .selectFrom('email_verifications')
      .select('id')
      .where('email', '=', user.email)
      .where('used_at', 'is', null)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it.each([
    ['not an email', 'salom'],
    ['no domain', 'ali@'],
    ['empty', ''],
    ['too long', `${'a'.repeat(250)}@example.uz`],
    ['a number', 12345],
    ['an array', ['ali@example.uz']],
    ['an object', { email: 'ali@example.uz' }],
    ['null', null],
  ])('refuses %s with a 422 problem document naming the field', async (_label, email) => {
    const response = await send(email);
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toContain('application/problem+json');
    const problem = response.json();
    expect(problem).toMatchObject({
      type: expect.any(String),
      title: expect.any(String),
      status: 422,
      detail: expect.any(String),
      code: 'VALIDATION_FAILED',
    });
    expect(problem.errors.email).toEqual([expect.any(String)]);
    expect(problem.detail.length).toBeGreaterThan(0);
  });

  it('refuses a missing email field with a 422', async () => {
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/register/send-verification',
      payload: {},
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toHaveLength(1);
  });

  it('stores the token only as its SHA-256 hash, expiring in 24 hours', async () => {
    const email = `${uniqueName('hash')}@example.uz`;
    const token = await verificationToken(context, email);
    const rows = await context.app.services.db
      .selectFrom('email_verifications')
      .selectAll()
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.token_hash).toBe(hashToken(token));
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.used_at).toBeNull();
    const stored = JSON.stringify(
      await context.app.services.db.selectFrom('email_verifications').selectAll().execute(),
    );
    expect(stored).not.toContain(token);
    const expiresIn = new Date(row.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(23.9 * 3_600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3_600_000);
  });

  it('lets a token register once only', async () => {
    const body = registration();
    const token = await verificationToken(context, body.email);
    const first = await register(context, body, { token });
    expect(first.statusCode).toBe(201);
    const again = await register(context, registration({ email: body.email, username: uniqueName() }), {
      token,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('EMAIL_NOT_VERIFIED');
    const row = await context.app.services.db
      .selectFrom('email_verifications')
      .select('used_at')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
  });

  it('refuses an expired token with 400 EMAIL_NOT_VERIFIED', async () => {
    const body = registration();
    const token = await verificationToken(context, body.email);
    await context.app.services.db
      .updateTable('email_verifications')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const response = await register(context, body, { token });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('EMAIL_NOT_VERIFIED');
    const user = await context.app.services.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', body.email)
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });
});
