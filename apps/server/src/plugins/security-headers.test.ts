import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from '../test/app.js';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const DOCUMENT_ONLY = [
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

it('sends the document security headers on pages', async () => {
  for (const url of ['/', '/page/1', '/no-such-page']) {
    const response = await call(context.app, { method: 'GET', url });
    expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    expect(response.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    const csp = String(response.headers['content-security-policy']);
    expect(csp, url).toContain("default-src 'self'");
    expect(csp, url).toContain("object-src 'none'");
    expect(csp, url).not.toContain('upgrade-insecure-requests');
  }
});

it('sends an API answer what a non-document needs: nothing may run, frame or sniff it', async () => {
  const token = (
    await call(context.app, { method: 'GET', url: '/api/portfolio' })
  ) // warms the kept answer
  .statusCode;
  expect(token).toBe(200);
  // Answers, kept answers, errors and unknown API addresses alike.
  for (const url of ['/api/portfolio', '/api/portfolio', '/api/portfolio/yoq_narsa', '/api/nothing-here']) {
    const response = await call(context.app, { method: 'GET', url });
    expect(response.headers['content-security-policy'], url).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    expect(response.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    for (const name of DOCUMENT_ONLY) expect(response.headers[name], `${url} ${name}`).toBeUndefined();
  }
});
