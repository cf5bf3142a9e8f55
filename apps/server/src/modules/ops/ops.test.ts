import http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { startServer } from '../../test/processes.js';
import { multipart, pngImage } from '../../test/forms.js';

let context: TestContext;
let author: TestUser;

beforeAll(async () => {
  context = await createTestContext();
  author = await signUp(context);
});
afterAll(() => context.close());

const METRICS_TOKEN = 'olchov-tokeni-0123456789';

describe('/healthz and /readyz', () => {
  it('say the process is alive and can serve, with every check', async () => {
    const health = await call(context.app, { method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await call(context.app, { method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { shutdown: 'ok', database: 'ok', storage: 'ok', migrations: 'ok' },
    });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while a migration is not applied, and says which', async () => {
    const { db } = context.app.services;
    const last = await db
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`name`.as('name'))
      .orderBy(sql`name`, 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const row = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration
      where name = ${last.name}`.execute(db);
    await sql`delete from kysely_migration where name = ${last.name}`.execute(db);
    try {
      const ready = await call(context.app, { method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().status).toBe('unavailable');
      expect(ready.json().checks.migrations).toBe(`not applied: ${last.name}`);
    } finally {
      const { name, timestamp } = row.rows[0]!;
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${timestamp})`.execute(db);
    }
    expect((await call(context.app, { method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

/** A GET over a real socket (cached responses are sent before the framework, only there). */
function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, headers }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode!, headers: response.headers, body }),
          );
        })
        .on('error', reject);
    },
  );
}

describe('request ids and metrics', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = await buildApp(
      { ...context.config, metricsToken: METRICS_TOKEN, trustProxy: ['127.0.0.1'], rateLimit: true },
      { logger: false },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => app.close());

  it('give every answer an id, cached ones too, and take the proxy’s', async () => {
    const made = await get(port, '/api/portfolio?limit=3');
    const cached = await get(port, '/api/portfolio?limit=3');
    expect(made.status).toBe(200);
    expect(cached.status).toBe(200);
    expect(cached.body).toBe(made.body);
    const ids = [made.headers['x-request-id'], cached.headers['x-request-id']];
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-\w+$/);
    expect(ids[1]).toMatch(/^[0-9a-f]{8}-\w+$/);
    expect(ids[0]).not.toBe(ids[1]);
    const proxied = await get(port, '/api/portfolio?limit=3', {
      'x-request-id': 'd2c4a1f0e9b8a7c6d5e4f3a2b1c0d9e8',
    });
    expect(proxied.headers['x-request-id']).toBe('d2c4a1f0e9b8a7c6d5e4f3a2b1c0d9e8');
    const odd = await get(port, '/api/portfolio?limit=3', { 'x-request-id': 'bad id with spaces' });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-\w+$/);
  });

  it('are at /metrics only with the token, and count answers by route, cached responses and refusals', async () => {
    expect((await get(port, '/metrics')).status).toBe(401);
    expect((await get(port, '/metrics', { authorization: 'Bearer not-the-token-at-all' })).status).toBe(401);

    await get(port, '/api/portfolio?limit=5');
    await get(port, '/api/portfolio?limit=5');
    await get(port, '/api/portfolio/no_such_portfolio_here');
    // Past the per-address limit of registration attempts.
    for (let attempt = 0; attempt < 21; attempt += 1) {
      await call(app, { method: 'POST', url: '/api/register', headers: { token: 'yaroqsiz' }, payload: {} });
    }

    const scraped = await get(port, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(scraped.status).toBe(200);
    expect(scraped.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const value = (pattern: RegExp) => Number(pattern.exec(scraped.body)?.[1] ?? NaN);
    expect(
      value(
        /^pm_http_request_duration_seconds_count\{method="GET",route="\/api\/portfolio",status="200"\} (\d+)$/m,
      ),
    ).toBeGreaterThanOrEqual(2);
    expect(
      value(
        /^pm_http_request_duration_seconds_count\{method="GET",route="\/api\/portfolio\/:id",status="404"\} (\d+)$/m,
      ),
    ).toBe(1);
    expect(value(/^pm_kept_answers_total\{result="shared"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^pm_kept_answers_total\{result="made"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^pm_rate_limit_refusals_total\{rule="register-ip"\} (\d+)$/m)).toBe(1);
    expect(value(/^pm_part_up\{part="database"\} (\d+)$/m)).toBe(1);
    expect(scraped.body).toMatch(/^process_cpu_seconds_total /m);
    if (context.database.dialect === 'postgres') {
      expect(value(/^pm_db_pool_connections\{state="total"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    }
  });

  it('are not there without a token', async () => {
    expect((await call(context.app, { method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('SIGTERM', () => {
  it('stops taking connections, finishes the requests under way, then exits', async () => {
    const server = await startServer({
      DATABASE_URL: context.database.url,
      UPLOAD_DIR: context.config.uploadDir,
      MAIL_DIR: context.config.mailDir,
      RATE_LIMIT: 'off',
    });
    const { port, child } = server;

    // An upload under way: half its body sent when the signal comes.
    const form = await multipart({
      title: 'To‘xtash oldidan',
      url: 'https://sigterm.example.uz',
      used: 'Node',
      images: [{ content: await pngImage(300, 200), filename: 'r.png', contentType: 'image/png' }],
    });
    const body = form.payload as Buffer;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/portfolio/create',
          headers: {
            ...form.headers,
            'content-length': body.length,
            'x-token': author.token,
            accept: 'application/json',
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode!, body: text }));
        },
      );
      request.on('error', reject);
      request.write(body.subarray(0, body.length / 2));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => request.end(body.subarray(body.length / 2)), 700);
      }, 300);
    });

    // New connections are refused once it is shutting down.
    await expect
      .poll(
        () =>
          new Promise<string>((resolve) => {
            const socket = net.connect(port, '127.0.0.1');
            socket.once('connect', () => (socket.destroy(), resolve('accepted')));
            socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
          }),
        { timeout: 5000, interval: 100 },
      )
      .toBe('ECONNREFUSED');

    const finished = await answer;
    expect(finished.status, finished.body).toBe(201);
    const answeredAt = Date.now();
    expect(await server.exited).toBe(0);
    // Not held open by the finished connection.
    expect(Date.now() - answeredAt).toBeLessThan(3000);
    expect(server.log()).toMatch(/shutting down/);
    // The portfolio it acknowledged is there.
    const created = await call(context.app, {
      method: 'GET',
      url: `/api/portfolio/${JSON.parse(finished.body).linktitle}`,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().images).toHaveLength(1);
  }, 60_000);
});
