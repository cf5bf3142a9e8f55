import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_RULES } from '../../lib/rate-limiter.js';
import { registration, uniqueName } from '../../test/accounts.js';
import { call, createTestContext, type TestContext, type TestUser } from '../../test/app.js';
import { tokenFromMail } from '../../test/smtp.js';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext({ RATE_LIMIT: 'on' });
});
afterAll(() => context.close());

let ipCounter = 0;
/** A fresh client address for each use, so tests do not share per-IP windows. */
const freshIp = () => {
  ipCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
};

const loginFrom = (ip: string, email: string, password: string) =>
  call(context.app, { method: 'POST', url: '/api/login', remoteAddress: ip, payload: { email, password } });

const sendFrom = (ip: string, email: string, app = context.app) =>
  call(app, {
    method: 'POST',
    url: '/api/register/send-verification',
    remoteAddress: ip,
    payload: { email },
  });

function expectRateLimited(response: LightMyRequestResponse, windowSeconds: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  const retryAfter = response.headers['retry-after'] as string;
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  expect(Number(retryAfter)).toBeLessThanOrEqual(windowSeconds);
}

/** Signs up from its own address so the sign-up does not use up the test's per-IP windows. */
async function signUpQuietly(): Promise<TestUser> {
  const body = registration();
  const ip = freshIp();
  const before = context.smtp.messages.length;
  expect((await sendFrom(ip, body.email)).statusCode).toBe(200);
  const { token } = tokenFromMail(
    await context.smtp.waitForMail(body.email, () => context.smtp.messages.length > before),
  );
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/register',
    remoteAddress: ip,
    headers: { token },
    payload: body,
  });
  expect(response.statusCode).toBe(201);
  return {
    id: response.json()._id,
    token: response.headers['x-token'] as string,
    username: body.username,
    email: body.email,
    password: body.password,
  };
}

describe('login limits', () => {
  it(`allows ${RATE_RULES.loginPerIp.limit} attempts per IP in 15 minutes, then 429 with Retry-After`, async () => {
    expect(RATE_RULES.loginPerIp).toMatchObject({ limit: 30, windowSeconds: 900 });
    const user = await signUpQuietly();
    const ip = freshIp();
    // Different unknown accounts, so only the per-IP rule can bite.
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, attempt) =>
        loginFrom(ip, `nobody${attempt}@example.uz`, 'wrong-password'),
      ),
    );
    expect(attempts.map((response) => response.statusCode)).toEqual(Array(30).fill(401));
    expectRateLimited(await loginFrom(ip, 'nobody-else@example.uz', 'wrong-password'), 900);
    // Even the right password is refused from that address now...
    expectRateLimited(await loginFrom(ip, user.email, user.password), 900);
    // ...while another address signs in.
    expect((await loginFrom(freshIp(), user.email, user.password)).statusCode).toBe(200);

    // The old client gets the message as plain text; browsers may read Retry-After.
    const plain = await context.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      headers: { accept: '*/*', origin: 'http://localhost:3000' },
      payload: { email: 'y@example.uz', password: 'wrong-pw' },
    });
    expect(plain.statusCode).toBe(429);
    expect(plain.headers['content-type']).toMatch(/^text\/plain/);
    expect(plain.body).toMatch(/\d+ soniyadan keyin/);
    expect(plain.headers['retry-after']).toMatch(/^\d+$/);
    expect(String(plain.headers['access-control-expose-headers']).toLowerCase()).toContain('retry-after');
  });

  it('locks an account after 10 failures in 15 minutes, even from a fresh IP and with the right password', async () => {
    expect(RATE_RULES.loginFailuresPerAccount).toMatchObject({ limit: 10, windowSeconds: 900 });
    const user = await signUpQuietly();
    const bystander = await signUpQuietly();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await loginFrom(freshIp(), user.email, `wrong-password-${attempt}`);
      expect(response.statusCode).toBe(401);
    }
    const locked = await loginFrom(freshIp(), user.email, user.password);
    expectRateLimited(locked, 900);
    expect(locked.headers['x-token']).toBeUndefined();
    expectRateLimited(await loginFrom(freshIp(), user.username, user.password), 900);
    expect((await loginFrom(freshIp(), bystander.email, bystander.password)).statusCode).toBe(200);
  });

  it('verifies no more than 10 of 48 wrong passwords sent at once; the rest get 429', async () => {
    const user = await signUpQuietly();
    const guesses = await Promise.all(
      Array.from({ length: 48 }, (_, attempt) => loginFrom(freshIp(), user.email, `guess-${attempt}`)),
    );
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(38);
    expectRateLimited(await loginFrom(freshIp(), user.email, user.password), 900);
  });

  it('counts failures per account whether the email or the username (in any case) was typed', async () => {
    const user = await signUpQuietly();
    const names = [user.email, user.username, user.username.toUpperCase(), ` ${user.email.toUpperCase()}`];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await loginFrom(freshIp(), names[attempt % names.length]!, 'wrong-password');
      expect(response.statusCode).toBe(401);
    }
    expectRateLimited(await loginFrom(freshIp(), user.email, user.password), 900);
  });

  it('locks an unknown name the same way, so the lock does not reveal whether an account exists', async () => {
    const unknown = `${uniqueName('ghost')}@example.uz`;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await loginFrom(freshIp(), unknown, 'wrong-password')).statusCode).toBe(401);
    }
    expectRateLimited(await loginFrom(freshIp(), unknown, 'wrong-password'), 900);
  });

  it('forgets the failures after a successful sign-in', async () => {
    const user = await signUpQuietly();
    for (let attempt = 0; attempt < 9; attempt += 1) {
      expect((await loginFrom(freshIp(), user.email, 'wrong-password')).statusCode).toBe(401);
    }
    expect((await loginFrom(freshIp(), user.email, user.password)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 9; attempt += 1) {
      expect((await loginFrom(freshIp(), user.email, 'wrong-password')).statusCode).toBe(401);
    }
    expect((await loginFrom(freshIp(), user.email, user.password)).statusCode).toBe(200);
  });
});

describe('send-verification limits', () => {
  it('allows 3 mails per address per hour, whatever the client address', async () => {
    expect(RATE_RULES.verificationPerAddress).toMatchObject({ limit: 3, windowSeconds: 3600 });
    const email = `${uniqueName('limit')}@example.uz`;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await sendFrom(freshIp(), email)).statusCode).toBe(200);
    }
    expectRateLimited(await sendFrom(freshIp(), email.toUpperCase()), 3600);
    // The fourth request sent nothing.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const mails = context.smtp.messages.filter((mail) => mail.text?.includes(encodeURIComponent(email)));
    expect(mails).toHaveLength(3);
    expect((await sendFrom(freshIp(), `${uniqueName('other')}@example.uz`)).statusCode).toBe(200);
  });

  it('allows 20 requests per IP per hour', async () => {
    expect(RATE_RULES.verificationPerIp).toMatchObject({ limit: 20, windowSeconds: 3600 });
    const ip = freshIp();
    const sent = await Promise.all(
      Array.from({ length: 20 }, () => sendFrom(ip, `${uniqueName('ip')}@example.uz`)),
    );
    expect(sent.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expectRateLimited(await sendFrom(ip, `${uniqueName('ip')}@example.uz`), 3600);
    expect((await sendFrom(freshIp(), `${uniqueName('ip')}@example.uz`)).statusCode).toBe(200);
  });
});

describe('password-reset limits', () => {
  const forgotFrom = (ip: string, email: string) =>
    call(context.app, { method: 'POST', url: '/api/password/forgot', remoteAddress: ip, payload: { email } });
  const resetFrom = (ip: string, token: string) =>
    call(context.app, {
      method: 'POST',
      url: '/api/password/reset',
      remoteAddress: ip,
      payload: { token, password: 'uzun-va-yangi-parol-1' },
    });

  it('allows 3 reset mails per address per hour, whether or not it has an account', async () => {
    const user = await signUpQuietly();
    const nobody = `${uniqueName('hechkim')}@example.uz`;
    for (const email of [user.email, nobody]) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await forgotFrom(freshIp(), email)).statusCode).toBe(200);
      }
      expectRateLimited(await forgotFrom(freshIp(), email.toUpperCase()), 3600);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const resets = context.smtp.messages.filter(
      (mail) => mail.subject === 'Portfolio Master: parolni tiklash' && mail.text?.includes('reset-password'),
    );
    expect(resets.filter((mail) => mail.to && JSON.stringify(mail.to).includes(user.email))).toHaveLength(3);
  });

  it('allows 20 reset requests and 30 link uses per IP per hour', async () => {
    expect(RATE_RULES.resetPerIp).toMatchObject({ limit: 20, windowSeconds: 3600 });
    const ip = freshIp();
    const sent = await Promise.all(
      Array.from({ length: 20 }, () => forgotFrom(ip, `${uniqueName('ip')}@example.uz`)),
    );
    expect(sent.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expectRateLimited(await forgotFrom(ip, `${uniqueName('ip')}@example.uz`), 3600);

    expect(RATE_RULES.accountLinksPerIp).toMatchObject({ limit: 30, windowSeconds: 3600 });
    const guesser = freshIp();
    const guesses = await Promise.all(
      Array.from({ length: 30 }, () => resetFrom(guesser, randomBytes(32).toString('base64url'))),
    );
    expect(guesses.map((response) => response.statusCode)).toEqual(Array(30).fill(400));
    expectRateLimited(await resetFrom(guesser, randomBytes(32).toString('base64url')), 3600);
  });
});

describe('register limits', () => {
  it('allows 20 attempts per IP per hour', async () => {
    expect(RATE_RULES.registerPerIp).toMatchObject({ limit: 20, windowSeconds: 3600 });
    const ip = freshIp();
    const attempt = (from: string) =>
      call(context.app, {
        method: 'POST',
        url: '/api/register',
        remoteAddress: from,
        headers: { token: 'made-up-token' },
        payload: registration(),
      });
    for (let index = 0; index < 20; index += 1) expect((await attempt(ip)).statusCode).toBe(400);
    expectRateLimited(await attempt(ip), 3600);
    expect((await attempt(freshIp())).statusCode).toBe(400);
  });
});

describe('limits kept in Redis', () => {
  const redisUrl = 'redis://127.0.0.1:6379';
  let redis: Redis;
  let first: TestContext;
  let second: TestContext;
  const keys: string[] = [];

  beforeAll(async () => {
    redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    [first, second] = await Promise.all([
      createTestContext({ RATE_LIMIT: 'on', REDIS_URL: redisUrl }),
      createTestContext({ RATE_LIMIT: 'on', REDIS_URL: redisUrl }),
    ]);
  });
  afterAll(async () => {
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await Promise.all([first?.close(), second?.close()]);
  });

  it('verifies no more than 10 parallel password guesses across two instances', async () => {
    const ip = () => `fd01::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
    const email = `redis-${randomBytes(8).toString('hex')}@example.uz`;
    keys.push(`rl:${RATE_RULES.loginFailuresPerAccount.name}:${email}`);
    const guesses = await Promise.all(
      Array.from({ length: 48 }, (_, attempt) =>
        call(attempt % 2 === 0 ? first.app : second.app, {
          method: 'POST',
          url: '/api/login',
          remoteAddress: ip(),
          payload: { email, password: `guess-${attempt}` },
        }),
      ),
    );
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(38);
    expect(await redis.get(`rl:${RATE_RULES.loginFailuresPerAccount.name}:${email}`)).toBe('48');
  });

  it('shares the per-address window between two instances, under rl: keys with an expiry', async () => {
    const email = `redis-${randomBytes(8).toString('hex')}@example.uz`;
    const ips = [1, 2, 3, 4].map(
      () => `fd00::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`,
    );
    keys.push(`rl:${RATE_RULES.verificationPerAddress.name}:${email}`);
    keys.push(...ips.map((ip) => `rl:${RATE_RULES.verificationPerIp.name}:${ip}`));

    expect((await sendFrom(ips[0]!, email, first.app)).statusCode).toBe(200);
    expect((await sendFrom(ips[1]!, email, second.app)).statusCode).toBe(200);
    expect((await sendFrom(ips[2]!, email, first.app)).statusCode).toBe(200);
    expectRateLimited(await sendFrom(ips[3]!, email, second.app), 3600);

    const key = `rl:verify-email:${email}`;
    expect(await redis.get(key)).toBe('4');
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(3_500_000);
    expect(ttl).toBeLessThanOrEqual(3_600_000);
  });
});
