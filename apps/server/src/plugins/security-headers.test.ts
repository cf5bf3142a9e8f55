import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  ) // warms the cached response
  .statusCode;
  expect(token).toBe(200);
  // Answers, cached responses, errors and unknown API addresses alike.
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

describe('with PUBLIC_IMAGE_URL', () => {
  let cdn: TestContext;
  beforeAll(async () => {
    cdn = await createTestContext({ PUBLIC_IMAGE_URL: 'https://cdn.example.uz/portfolio-images/' });
  });
  afterAll(() => cdn.close());

  const directives = (csp: string) =>
    new Map(
      csp.split(';').map((directive) => {
        const [name, ...sources] = directive.trim().split(/\s+/);
        return [name!, sources.join(' ')] as const;
      }),
    );

  it('lets pages and their service worker load images from its origin, and changes nothing else', async () => {
    // The page, the service worker's own file (whose policy its fetches follow) and a page that is not there.
    expect((await call(cdn.app, { method: 'GET', url: '/sw.js' })).statusCode).toBe(200);
    for (const url of ['/page/1', '/sw.js', '/no-such-page']) {
      const plain = String(
        (await call(context.app, { method: 'GET', url })).headers['content-security-policy'],
      );
      const withCdn = directives(
        String((await call(cdn.app, { method: 'GET', url })).headers['content-security-policy']),
      );
      expect(withCdn.get('img-src'), url).toBe("'self' data: https://cdn.example.uz");
      expect(withCdn.get('connect-src'), url).toBe("'self' https://cdn.example.uz");
      withCdn.delete('img-src');
      withCdn.delete('connect-src');
      const without = directives(plain);
      expect(without.get('img-src'), url).toBe("'self' data:");
      expect(without.has('connect-src'), url).toBe(false);
      without.delete('img-src');
      expect(withCdn, url).toEqual(without);
    }
  });

  it('is not named without it', async () => {
    const csp = String(
      (await call(context.app, { method: 'GET', url: '/page/1' })).headers['content-security-policy'],
    );
    expect(csp).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';" +
        "frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';" +
        "script-src-attr 'none';style-src 'self' https: 'unsafe-inline'",
    );
  });
});
