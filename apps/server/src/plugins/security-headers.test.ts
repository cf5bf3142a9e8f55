import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from '../test/app.js';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

it('sends the same security headers on answers, errors and pages', async () => {
  for (const url of ['/api/portfolio', '/api/portfolio/yoq_narsa', '/api/nothing-here', '/', '/page/1']) {
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
