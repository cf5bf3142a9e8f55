import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.js';
import { createTestContext, type TestContext } from '../test/app.js';
import { captureLogs } from '../test/faults.js';

const logs = captureLogs();
let context: TestContext;
let base: string;

beforeAll(async () => {
  context = await createTestContext({}, { logger: logs.logger });
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
});
afterAll(() => context.close());

it('writes no mailed link’s token to the log, and no session token', async () => {
  const secret = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_secret';
  for (const path of [
    `/auth/reset-password?token=${secret}`,
    `/auth/confirm-email?token=${secret}`,
    `/auth/register?email=a%40example.uz&token=${secret}`,
  ]) {
    expect((await fetch(`${base}${path}`)).status).toBe(200);
  }
  await fetch(`${base}/api/user/me`, { headers: { 'x-token': secret } });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const written = logs.lines.map((line) => JSON.stringify(line)).join('\n');
  expect(written).toContain('/auth/reset-password?token=[REDACTED]');
  expect(written).toContain('/auth/register?email=a%40example.uz&token=[REDACTED]');
  expect(written).not.toContain(secret);
});

it('keeps the rest of an address as it was', () => {
  expect(redactUrl('/page/2?filter=React&q=token')).toBe('/page/2?filter=React&q=token');
  expect(redactUrl('/x?a=1&token=s&b=2')).toBe('/x?a=1&token=[REDACTED]&b=2');
  expect(redactUrl('/x?TOKEN=s#frag')).toBe('/x?TOKEN=[REDACTED]#frag');
});
