import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signUp, type TestContext, type TestUser } from '../test/app.js';
import { startTestBucket, TestRedis } from '../test/faults.js';
import { multipart, pngImage } from '../test/forms.js';
import {
  type Answer,
  json,
  request,
  type Nginx,
  type ServerProcess,
  startNginx,
  startServer,
} from '../test/processes.js';

/*
 * Two instances of the server on one PostgreSQL database, one Redis and one bucket (s3rver), each with an
 * upload folder of its own, behind Debian's nginx with the
 * project's configuration (deploy/nginx): everything below goes through nginx, and nginx's log says
 * which instance answered each request (by the request id both of them log).
 */

let context: TestContext;
let redis: TestRedis;
let bucket: Awaited<ReturnType<typeof startTestBucket>>;
const folders: string[] = [];
let instances: ServerProcess[];
let nginx: Nginx;
let users: TestUser[];

beforeAll(async () => {
  context = await createTestContext();
  redis = await TestRedis.start();
  bucket = await startTestBucket();
  // Each instance with a folder of its own: the images are shared through the bucket only.
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-instance-'));
    folders.push(dir);
    return dir;
  };
  const env = {
    DATABASE_URL: context.database.url,
    REDIS_URL: redis.url,
    S3_URL: bucket.url,
    MAIL_DIR: context.config.mailDir,
    SMTP_URL: context.smtp.url,
    PUBLIC_URL: 'http://localhost:5173',
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT: 'on',
  };
  instances = await Promise.all([
    startServer({ ...env, UPLOAD_DIR: folder() }),
    startServer({ ...env, UPLOAD_DIR: folder() }),
  ]);
  nginx = await startNginx(instances.map((instance) => instance.port));
  users = [];
  for (let index = 0; index < 14; index += 1) users.push(await signUp(context));
}, 120_000);

afterAll(async () => {
  for (const instance of instances ?? []) {
    if (instance.child.exitCode !== null)
      console.error(`an instance exited early:\n${instance.log().slice(-3000)}`);
  }
  await nginx?.stop();
  await Promise.all((instances ?? []).map((instance) => instance.stop()));
  await redis?.kill();
  await bucket?.close();
  await context?.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const as = (user: TestUser) => ({ 'x-token': user.token });
const via = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  json(nginx.port, method, path, body, headers);

/** Which instance answered, from nginx's log line with the answer's request id (written just after it). */
async function upstreamOf(answer: Answer): Promise<string> {
  const id = answer.headers['x-request-id'];
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const line = nginx.accessLog().find((entry) => entry.startsWith(`${id} `));
    if (line) return line.split(' ')[1]!;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no line in nginx's log for ${id}`);
}

const upstreamsOf = async (answers: Answer[]) => new Set(await Promise.all(answers.map(upstreamOf)));

async function createPortfolio(user: TestUser, title: string) {
  const created = await via(
    'POST',
    '/api/portfolio/create',
    { title, url: 'https://klaster.example.uz', used: ['Nginx'] },
    as(user),
  );
  expect(created.status, created.body).toBe(201);
  return JSON.parse(created.body) as { _id: string; linktitle: string };
}

describe('two instances behind nginx', () => {
  it('sign in through one instance and act through the other', async () => {
    const [user] = users;
    const signedIn = await via('POST', '/api/login', { email: user!.email, password: user!.password });
    expect(signedIn.status).toBe(200);
    const token = signedIn.headers['x-token'] as string;
    const portfolio = await createPortfolio(user!, 'Ikki nusxada');
    const liked = await via('PUT', `/api/portfolio/like/${portfolio._id}`, undefined, { 'x-token': token });
    expect(liked.status).toBe(200);
    const me = await via('GET', '/api/user/me', undefined, { 'x-token': token });
    expect(JSON.parse(me.body).username).toBe(user!.username);
    expect((await upstreamsOf([signedIn, liked, me])).size).toBe(2);
  });

  it('serve through each instance an image uploaded through one', async () => {
    const form = await multipart({
      title: 'Rasm klasterda',
      url: 'https://rasm.example.uz',
      used: 'Sharp',
      images: [{ content: await pngImage(320, 200), filename: 'r.png', contentType: 'image/png' }],
    });
    const created = await request(nginx.port, {
      method: 'POST',
      path: '/api/portfolio/create',
      headers: { ...form.headers, 'x-token': users[1]!.token },
      body: form.payload as Buffer,
    });
    expect(created.status, created.body).toBe(201);
    const [image] = JSON.parse(created.body).images as string[];
    const served = await Promise.all(
      [1, 2, 3, 4].map(() => request(nginx.port, { path: `/image/${image}?w=160` })),
    );
    for (const answer of served) expect(answer.status).toBe(200);
    expect(new Set(served.map((answer) => answer.body)).size).toBe(1);
    expect((await upstreamsOf(served)).size).toBe(2);
  });

  it('show a like made through one instance in the other’s answers a moment later', async () => {
    const portfolio = await createPortfolio(users[2]!, 'Yangi like');
    /** The like count as read through nginx, until both instances have answered (each keeps it). */
    const countsFromBoth = async () => {
      const counts: number[] = [];
      const upstreams = new Set<string>();
      while (upstreams.size < 2 && counts.length < 12) {
        const answer = await via('GET', '/api/portfolio?limit=5');
        const items = JSON.parse(answer.body).items as { _id: string; likesCount: number }[];
        counts.push(items.find((entry) => entry._id === portfolio._id)!.likesCount);
        upstreams.add(await upstreamOf(answer));
      }
      expect(upstreams.size).toBe(2);
      return new Set(counts);
    };
    expect(await countsFromBoth()).toEqual(new Set([0]));
    const liked = await via('PUT', `/api/portfolio/like/${portfolio._id}`, undefined, as(users[3]!));
    expect(liked.status).toBe(200);
    // The writer drops its copies before it answers; the other instance hears of the like through Redis a
    // moment later (lib/changes.ts), so its first answer may still be the one it kept.
    let seen = await countsFromBoth();
    for (const started = Date.now(); !(seen.size === 1 && seen.has(1)) && Date.now() - started < 2000;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await countsFromBoth();
    }
    expect(seen).toEqual(new Set([1]));
  });

  it('count rate limits across both instances, by the client’s own address', async () => {
    const target = users[4]!;
    const statuses: number[] = [];
    const upstreams = new Set<string>();
    for (let attempt = 0; attempt < 14; attempt += 1) {
      const answer = await via('POST', '/api/login', { email: target.email, password: `notogri-${attempt}` });
      statuses.push(answer.status);
      upstreams.add(await upstreamOf(answer));
    }
    expect(upstreams.size).toBe(2);
    expect(statuses).toEqual([...Array<number>(10).fill(401), ...Array<number>(4).fill(429)]);

    // Registration attempts per address: the limit is the client's (127.0.0.2), not nginx's.
    const register = (localAddress: string) =>
      request(nginx.port, {
        method: 'POST',
        path: '/api/register',
        headers: { 'content-type': 'application/json', token: 'yaroqsiz' },
        body: '{}',
        localAddress,
      });
    const fromOne: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) fromOne.push((await register('127.0.0.2')).status);
    expect(fromOne.slice(0, 20).every((status) => status !== 429)).toBe(true);
    expect(fromOne[20]).toBe(429);
    expect((await register('127.0.0.3')).status).not.toBe(429);
  });

  it('say they are not ready while Redis is away, and ready again when it is back', async () => {
    await redis.kill();
    await expect.poll(async () => (await via('GET', '/readyz')).status, { timeout: 10_000 }).toBe(503);
    const unready = await via('GET', '/readyz');
    expect(JSON.parse(unready.body).checks.redis).not.toBe('ok');
    // Still serving.
    expect((await via('GET', '/api/portfolio?limit=2')).status).toBe(200);
    await redis.resume();
    await expect
      .poll(async () => [(await via('GET', '/readyz')).status, (await via('GET', '/readyz')).status], {
        timeout: 15_000,
      })
      .toEqual([200, 200]);
  }, 40_000);

  it('keep answering when one instance is killed under traffic, and lose no acknowledged write', async () => {
    const portfolio = await createPortfolio(users[5]!, 'Kill -9');
    const writers = users.slice(5);
    const acknowledged: string[] = [];
    const writeStatuses: number[] = [];
    const readStatuses: number[] = [];
    let killedAt = 0;
    let writesAfterKill = 0;
    const started = Date.now();
    const killer = new Promise<void>((resolve) =>
      setTimeout(() => {
        instances[0]!.child.kill('SIGKILL');
        killedAt = Date.now();
        resolve();
      }, 1500),
    );
    const writing = (async () => {
      for (let index = 0; index < writers.length * 8 && Date.now() - started < 5000; index += 1) {
        const body = `Yozuv ${index}`;
        const answer = await via(
          'PUT',
          `/api/portfolio/comment/${portfolio._id}`,
          { body },
          as(writers[index % writers.length]!),
        );
        writeStatuses.push(answer.status);
        // Spread over the five seconds: each writer may comment 9 times in 30 s.
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (answer.status === 201) {
          acknowledged.push(body);
          if (killedAt > 0) writesAfterKill += 1;
        }
      }
    })();
    const reading = (async () => {
      while (Date.now() - started < 5000) {
        readStatuses.push((await via('GET', `/api/portfolio/${portfolio.linktitle}`)).status);
      }
    })();
    await Promise.all([killer, writing, reading]);

    // Reads are sent on to the living instance; a write cut by the kill is a 502, never done twice.
    expect(readStatuses.length).toBeGreaterThan(20);
    expect(readStatuses.every((status) => status === 200)).toBe(true);
    expect(writeStatuses.every((status) => status === 201 || status === 502)).toBe(true);
    expect(writesAfterKill).toBeGreaterThan(0);
    const stored: string[] = [];
    let cursor = '';
    for (;;) {
      const page = await via('GET', `/api/portfolio/${portfolio._id}/comments?limit=50${cursor}`);
      const parsed = JSON.parse(page.body) as { items: { body: string }[]; next?: string | null };
      stored.push(...parsed.items.map((item) => item.body));
      if (!parsed.next) break;
      cursor = `&before=${encodeURIComponent(parsed.next)}`;
    }
    for (const body of acknowledged) expect(stored).toContain(body);
    expect(await instances[0]!.exited).toBeNull();
  }, 60_000);
});
