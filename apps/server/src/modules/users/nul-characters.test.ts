import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMe, login, register, registration, updateMe, uniqueName } from '../../test/accounts.js';
import { call, createTestContext, signUp, type TestContext, verificationToken } from '../../test/app.js';
import { multipart, urlencoded } from '../../test/forms.js';

/**
 * PostgreSQL cannot hold U+0000 in text, and its driver throws when a query parameter carries one: every
 * account field must refuse it as bad input, on both dialects alike, before anything is written.
 */

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const NUL = '\u0000';

function expectRefused(response: LightMyRequestResponse, field: string) {
  expect(response.statusCode, response.body).toBe(422);
  const problem = response.json();
  expect(problem.code).toBe('VALIDATION_FAILED');
  expect(problem.errors[field], response.body).toEqual(expect.arrayContaining([expect.any(String)]));
}

const countUsers = async () =>
  Number(
    (
      await context.app.services.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

// Both shapes of a profile link: a handle, and an address (a URL parser takes U+0000 in a path).
const fields: [string, unknown][] = [
  ['username', `ali${NUL}vali`],
  ['firstname', `Ali${NUL}`],
  ['lastname', `${NUL}Valiyev`],
  ['email', `ali${NUL}@example.uz`],
  ['password', `yashil-olma${NUL}-daraxti`],
  ['description', `Dasturchi${NUL}`],
  ['skills', ['Go', `Rust${NUL}`]],
  ['skills', `React, No${NUL}de`],
  ['githubProfile', `https://github.com/ali${NUL}`],
  ['githubProfile', `ali${NUL}`],
  ['telegramProfile', `https://t.me/ali${NUL}vali`],
  ['telegramProfile', `@ali${NUL}`],
];

describe('POST /api/register', () => {
  it.each(fields)('refuses U+0000 in %s = %j with 422 and creates no account', async (field, value) => {
    const body = registration();
    const token = await verificationToken(context, body.email);
    const before = await countUsers();
    expectRefused(await register(context, { ...body, [field]: value }, { token }), field);
    expect(await countUsers()).toBe(before);
    // The link was not used up.
    expect((await register(context, body, { token })).statusCode).toBe(201);
  });

  it('refuses it from a multipart and a urlencoded form too', async () => {
    const body = registration();
    const fields = body as Record<string, string>;
    const token = await verificationToken(context, body.email);
    const form = await multipart({ ...fields, firstname: `Ali${NUL}` });
    const fromMultipart = await call(context.app, {
      method: 'POST',
      url: '/api/register',
      payload: form.payload,
      headers: { token, ...form.headers },
    });
    expectRefused(fromMultipart, 'firstname');
    const encoded = urlencoded({ ...fields, description: `a${NUL}b` });
    const fromUrlencoded = await call(context.app, {
      method: 'POST',
      url: '/api/register',
      payload: encoded.payload,
      headers: { token, ...encoded.headers },
    });
    expectRefused(fromUrlencoded, 'description');
    expect((await register(context, body, { token })).statusCode).toBe(201);
  });
});

describe('POST /api/register/send-verification', () => {
  it.each([`ali${NUL}@example.uz`, `ali@example.uz${NUL}`, NUL])(
    'refuses the address %j with 422 and stores no link',
    async (email) => {
      const response = await call(context.app, {
        method: 'POST',
        url: '/api/register/send-verification',
        payload: { email },
      });
      expectRefused(response, 'email');
      const rows = await context.app.services.db.selectFrom('email_verifications').select('email').execute();
      expect(rows.some((row) => row.email.includes('ali@example.uz'))).toBe(false);
    },
  );
});

describe('POST /api/login', () => {
  it.each([
    ['email', (email: string) => `${email}${NUL}`, (password: string) => password],
    ['email', (email: string) => `${NUL}${email.split('@')[0]}`, (password: string) => password],
    ['password', (email: string) => email, (password: string) => `${password}${NUL}`],
  ])('refuses U+0000 in %s with 422 and opens no session', async (field, email, password) => {
    const user = await signUp(context);
    const response = await login(context, email(user.email), password(user.password));
    expectRefused(response, field);
    expect(response.headers['x-token']).toBeUndefined();
  });
});

describe('PUT /api/user/me/update', () => {
  it.each([
    ...fields.filter(([field]) => field !== 'email' && field !== 'password'),
    ['password', `yangi-parol${NUL}-toshkent`],
    ['currentPassword', `eski${NUL}`],
  ])('refuses U+0000 in %s = %j with 422 and changes nothing', async (field, value) => {
    const user = await signUp(context, { firstname: 'Asl' });
    const extra = field === 'password' ? { currentPassword: user.password } : {};
    const extraNew = field === 'currentPassword' ? { password: 'yangi-parol-toshkent-2026' } : {};
    const response = await updateMe(context, user.token, {
      payload: { firstname: 'Boshqa', ...extra, ...extraNew, [field]: value },
    });
    expectRefused(response, field);
    expect((await getMe(context, user.token)).json()).toMatchObject({
      firstname: 'Asl',
      username: user.username,
      description: '',
      skills: [],
      githubProfile: '',
      telegramProfile: '',
    });
    expect((await login(context, user.email, user.password)).statusCode).toBe(200);
  });
});

describe('GET /api/user/{id}', () => {
  it.each(['%00', `${uniqueName('Nul')}%00`, 'ab%00cd', '0123456789abcdef01234567%00'])(
    'answers 404 for %s',
    async (id) => {
      const response = await call(context.app, { method: 'GET', url: `/api/user/${id}` });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    },
  );
});
