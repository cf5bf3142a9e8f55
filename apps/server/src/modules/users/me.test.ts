import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens.js';
import { createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';

let context: TestContext;
let user: TestUser;
beforeAll(async () => {
  context = await createTestContext();
  user = await signUp(context, { firstname: 'Dilnoza', lastname: 'Saidova' });
});
afterAll(() => context.close());

const me = (headers: Record<string, string>) =>
  context.app.inject({ method: 'GET', url: '/api/user/me', headers });

const expectFalse401 = (response: Awaited<ReturnType<typeof me>>) => {
  expect(response.statusCode).toBe(401);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.body).toBe('false');
};

describe('GET /api/user/me', () => {
  it('answers the signed-in user with the own email, even when it is hidden from others', async () => {
    const response = await me({ 'x-token': user.token, accept: 'application/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: user.id,
      username: user.username,
      email: user.email,
      emailPublic: false,
      firstname: 'Dilnoza',
      lastname: 'Saidova',
      isAdmin: false,
      portfolios: [],
    });
    // The old client sends */*: a 200 is JSON all the same.
    const plain = await me({ 'x-token': user.token, accept: '*/*' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().email).toBe(user.email);
  });

  it.each([
    ['*/*', { accept: '*/*' }],
    ['no Accept', {}],
    ['application/json', { accept: 'application/json' }],
    ['application/problem+json', { accept: 'application/problem+json' }],
  ])('answers 401 with the JSON body false without a token (Accept: %s)', async (_label, headers) => {
    expectFalse401(await me(headers));
  });

  it.each([
    ['a garbage token', 'garbage'],
    ['an over-long token', 'x'.repeat(500)],
    ['an empty token', ''],
    ['a hash of a real token', 'HASH'],
  ])('answers 401 false for %s', async (_label, token) => {
    const value = token === 'HASH' ? hashToken(user.token) : token;
    expectFalse401(await me({ 'x-token': value, accept: '*/*' }));
    expectFalse401(await me({ 'x-token': value, accept: 'application/json' }));
  });

  it('answers 401 false for an expired session', async () => {
    const fresh = await signUp(context);
    expect((await me({ 'x-token': fresh.token })).statusCode).toBe(200);
    await context.app.services.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('token_hash', '=', hashToken(fresh.token))
      .execute();
    expectFalse401(await me({ 'x-token': fresh.token, accept: '*/*' }));
    expectFalse401(await me({ 'x-token': fresh.token }));
  });

  it('does not take the session token from the registration "token" header', async () => {
    expectFalse401(await me({ token: user.token }));
  });
});
