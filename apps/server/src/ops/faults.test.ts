import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../test/app.js';
import { captureLogs, holdSqliteLock, mountSmallDisk, TcpProxy, TestRedis } from '../test/faults.js';
import { multipart } from '../test/forms.js';

/*
 * Each part the site needs taken away while it runs: the database for ten seconds (PostgreSQL cut as a
 * restart cuts it, or the SQLite file locked by another process), Redis, the disk for uploads. What
 * needs the missing part answers 503 with an Uzbek message and Retry-After; the rest is served; one line
 * is logged; the site recovers by itself; no write is reported done that was not.
 */

const OUTAGE_MS = 10_000;

let context: TestContext;
let author: TestUser;
let reader: TestUser;

beforeAll(async () => {
  context = await createTestContext();
  [author, reader] = await Promise.all([signUp(context), signUp(context)]);
});
afterAll(() => context.close());

const as = (user: TestUser) => ({ 'x-token': user.token });

async function startApp(config: Config, logs: ReturnType<typeof captureLogs>): Promise<FastifyInstance> {
  const app = await buildApp(config, { logger: logs.logger });
  await app.ready();
  return app;
}

function expectUnavailable(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(503);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  const problem = response.json();
  expect(problem.code).toBe('SERVICE_UNAVAILABLE');
  expect(problem.detail).toMatch(/qayta urinib ko‘ring/);
}

const outageLines = (logs: ReturnType<typeof captureLogs>, part: string) => ({
  down: logs.lines.filter((line) => line.part === part && / unavailable /.test(line.msg)),
  back: logs.lines.filter((line) => line.part === part && /available again/.test(line.msg)),
});

async function createPortfolio(app: FastifyInstance, title: string) {
  return call(app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: as(author),
    payload: { title, url: 'https://nosozlik.example.uz', used: ['Chidamlilik'] },
  });
}

const comment = (app: FastifyInstance, id: string, body: string) =>
  call(app, { method: 'PUT', url: `/api/portfolio/comment/${id}`, headers: as(reader), payload: { body } });

describe('the database away for ten seconds', () => {
  it('answers 503 for what needs it, serves cached pages, logs once, and recovers without a restart', async () => {
    const logs = captureLogs();
    const postgres = context.database.dialect === 'postgres';
    let proxy: TcpProxy | undefined;
    let config = context.config;
    if (context.config.database.dialect === 'postgres') {
      const url = new URL(context.config.database.url);
      proxy = await TcpProxy.start(url.hostname, Number(url.port || 5432));
      url.port = String(proxy.port);
      config = { ...config, database: { dialect: 'postgres', url: url.toString() } };
    }
    const app = await startApp(config, logs);
    try {
      const created = await createPortfolio(app, 'Uzilishdan oldin');
      expect(created.statusCode).toBe(201);
      const { _id: id, linktitle } = created.json();
      // Read once before, so it is cached.
      expect((await call(app, { method: 'GET', url: `/api/portfolio/${linktitle}` })).statusCode).toBe(200);

      const lock = postgres ? undefined : await holdSqliteLock(context.database.url.replace(/^sqlite:/, ''));
      await proxy?.cut();
      const began = Date.now();

      const answered: string[] = [];
      let attempt = 0;
      while (Date.now() - began < OUTAGE_MS) {
        attempt += 1;
        const body = `Urinish ${attempt}`;
        const written = await comment(app, id, body);
        if (written.statusCode === 201) answered.push(body);
        else expectUnavailable(written);
        // A cached page is still served to everyone.
        const cached = await call(app, { method: 'GET', url: `/api/portfolio/${linktitle}` });
        expect(cached.statusCode).toBe(200);
        expect(cached.json()._id).toBe(id);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(answered).toEqual([]);
      expectUnavailable(
        await call(app, {
          method: 'POST',
          url: '/api/login',
          payload: { email: reader.email, password: reader.password },
        }),
      );
      if (postgres) {
        // Nothing can be read that is not cached: a list never asked for.
        expectUnavailable(await call(app, { method: 'GET', url: '/api/portfolio?q=uzilish' }));
      }

      await lock?.release();
      await proxy?.resume();
      // Back by itself: the next write goes through once the database answers.
      await expect
        .poll(async () => (await comment(app, id, 'Qaytdi')).statusCode, { timeout: 10_000, interval: 250 })
        .toBe(201);
      const comments = await call(app, { method: 'GET', url: `/api/portfolio/${id}/comments` });
      expect(comments.json().items.map((item: { body: string }) => item.body)).toEqual(['Qaytdi']);
      expect((await call(app, { method: 'GET', url: '/api/portfolio?q=uzilish' })).statusCode).toBe(200);

      await expect.poll(() => outageLines(logs, 'database').back.length, { timeout: 5000 }).toBe(1);
      expect(outageLines(logs, 'database').down).toHaveLength(1);
      expect(logs.lines.filter((line) => line.level >= 50 && line.part !== 'database')).toEqual([]);
    } finally {
      await app.close();
      await proxy?.close();
    }
  }, 60_000);
});

describe('Redis gone', () => {
  let redis: TestRedis;
  const logs = [captureLogs(), captureLogs()];
  let apps: FastifyInstance[] = [];

  beforeAll(async () => {
    redis = await TestRedis.start();
    const config = { ...context.config, redisUrl: redis.url, rateLimit: true };
    apps = [await startApp(config, logs[0]!), await startApp(config, logs[1]!)];
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await redis.kill();
  });

  const likesOf = async (app: FastifyInstance, id: string) =>
    (await call(app, { method: 'GET', url: `/api/portfolio/${id}` })).json().likesCount;
  const like = (app: FastifyInstance, id: string) =>
    call(app, { method: 'PUT', url: `/api/portfolio/like/${id}`, headers: as(reader) });

  it('signs in, limits and reads on each instance with nothing stale, then takes up Redis again', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const { _id: id } = (await createPortfolio(first, 'Redissiz')).json();
    expect(await likesOf(second, id)).toBe(0);

    await redis.kill();
    await expect.poll(() => apps.every((app) => !app.services.changes.live), { timeout: 5000 }).toBe(true);
    // Not ready (a balancer would prefer an instance that has Redis), yet serving.
    const unready = await call(first, { method: 'GET', url: '/readyz' });
    expect(unready.statusCode).toBe(503);
    expect(unready.json().checks.redis).not.toBe('ok');
    expect(unready.json().checks.database).toBe('ok');

    // A like through one instance shows at once on the other: nothing is cached while writes go unheard.
    expect(await likesOf(second, id)).toBe(0);
    expect((await like(first, id)).statusCode).toBe(200);
    expect(await likesOf(second, id)).toBe(1);
    expect(await likesOf(second, id)).toBe(1);

    // Signing in works, and wrong passwords are still limited (counted in the instance, atomically).
    const signIn = (password: string) =>
      call(first, { method: 'POST', url: '/api/login', payload: { email: author.email, password } });
    expect((await signIn(author.password)).statusCode).toBe(200);
    const guesses = await Promise.all(Array.from({ length: 16 }, (_, index) => signIn(`notogri-${index}`)));
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);

    await redis.resume();
    await expect.poll(() => apps.every((app) => app.services.changes.live), { timeout: 10_000 }).toBe(true);
    await expect
      .poll(async () => (await call(first, { method: 'GET', url: '/readyz' })).statusCode)
      .toBe(200);
    // Cached again, and told of writes on the other instance again.
    expect(await likesOf(second, id)).toBe(1);
    expect(await likesOf(second, id)).toBe(1);
    expect((await like(first, id)).statusCode).toBe(200);
    await expect.poll(() => likesOf(second, id), { timeout: 2000 }).toBe(0);

    for (const log of logs) {
      await expect.poll(() => outageLines(log, 'redis').back.length, { timeout: 5000 }).toBe(1);
      expect(outageLines(log, 'redis').down).toHaveLength(1);
    }
  }, 60_000);
});

describe('Redis away when an instance starts', () => {
  it('starts, answers, and connects when Redis comes', async () => {
    const redis = await TestRedis.start();
    await redis.kill();
    const logs = captureLogs();
    const app = await startApp({ ...context.config, redisUrl: redis.url, rateLimit: true }, logs);
    try {
      expect(app.services.changes.live).toBe(false);
      expect((await call(app, { method: 'GET', url: '/api/portfolio?limit=1' })).statusCode).toBe(200);
      const signIn = await call(app, {
        method: 'POST',
        url: '/api/login',
        payload: { email: reader.email, password: reader.password },
      });
      expect(signIn.statusCode).toBe(200);
      await redis.resume();
      await expect.poll(() => app.services.changes.live, { timeout: 10_000 }).toBe(true);
      await expect.poll(() => outageLines(logs, 'redis').back.length, { timeout: 5000 }).toBe(1);
      expect(outageLines(logs, 'redis').down).toHaveLength(1);
    } finally {
      await app.close();
      await redis.kill();
    }
  }, 60_000);
});

describe('the disk full for uploads', () => {
  let disk: ReturnType<typeof mountSmallDisk>;
  let app: FastifyInstance;
  const logs = captureLogs();

  beforeAll(async () => {
    disk = mountSmallDisk(16);
    app = await startApp({ ...context.config, uploadDir: path.join(disk.dir, 'uploads') }, logs);
  });
  afterAll(async () => {
    await app.close();
    disk.unmount();
  });

  /** A photo-like image that does not compress: about 600 KB as PNG. */
  const noisy = () =>
    sharp(Buffer.from(Array.from({ length: 420 * 420 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 420, height: 420, channels: 3 },
    })
      .png()
      .toBuffer();

  async function createWithImage(title: string, content?: Buffer) {
    const form = await multipart({
      title,
      url: 'https://disk.example.uz',
      used: 'Saqlash',
      images: [{ content: content ?? (await noisy()), filename: 'rasm.png', contentType: 'image/png' }],
    });
    return call(app, {
      method: 'POST',
      url: '/api/portfolio/create',
      ...form,
      headers: { ...form.headers, ...as(author) },
    });
  }

  const filesUnder = (dir: string): string[] =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));

  it('refuses an upload with 503 and keeps nothing of it, serves the rest, and takes uploads again', async () => {
    const earlier = await createWithImage('Joy bor edi');
    expect(earlier.statusCode, earlier.body).toBe(201);
    const [image] = earlier.json().images as string[];
    const before = (await call(app, { method: 'GET', url: '/api/portfolio?limit=50' })).json().total;
    const filesBefore = filesUnder(path.join(disk.dir, 'uploads'));
    disk.fill(8 * 1024);

    expectUnavailable(await createWithImage('Joy yo‘q'));
    expectUnavailable(await createWithImage('Joy yo‘q 2'));
    // Nothing of them: no portfolio, no file.
    const list = await call(app, { method: 'GET', url: '/api/portfolio?limit=50' });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(before);
    expect(filesUnder(path.join(disk.dir, 'uploads'))).toEqual(filesBefore);
    // What needs no disk goes on; a narrower copy of an image that cannot be written is the original.
    expect((await createPortfolio(app, 'Rasmsiz')).statusCode).toBe(201);
    const narrow = await app.inject({ method: 'GET', url: `/image/${image}?w=160` });
    expect(narrow.statusCode).toBe(200);
    expect((await sharp(narrow.rawPayload).metadata()).width).toBe(420);

    // Room for the upload, none for its encoded copy: still 503, not a refused image.
    disk.empty();
    const png = await noisy();
    disk.fill(png.length + 64 * 1024);
    expectUnavailable(await createWithImage('Joy yetmadi', png));
    expect(filesUnder(path.join(disk.dir, 'uploads'))).toEqual(filesBefore);

    disk.empty();
    await expect.poll(() => outageLines(logs, 'storage').back.length, { timeout: 5000 }).toBe(1);
    const created = await createWithImage('Joy bor');
    expect(created.statusCode, created.body).toBe(201);
    expect(outageLines(logs, 'storage').down).toHaveLength(1);
  }, 60_000);
});
