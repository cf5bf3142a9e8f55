import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestContext,
  signUp,
  type TestContext,
  type TestUser,
  verificationToken,
} from './test/app.js';
import { multipart, pngImage } from './test/forms.js';

let context: TestContext;
let user: TestUser;
beforeAll(async () => {
  context = await createTestContext();
  user = await signUp(context);
});
afterAll(() => context.close());

const ORIGIN = 'https://somewhere-else.example';

const post = (
  url: string,
  contentType: string,
  payload: string | Buffer,
  headers: Record<string, string> = {},
) =>
  call(context.app, { method: 'POST', url, headers: { 'content-type': contentType, ...headers }, payload });

function expectProblem(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = response.json();
  expect(problem).toMatchObject({ status, code, type: expect.any(String), title: expect.any(String) });
  expect(problem.detail).toEqual(expect.any(String));
  expect(problem.detail.length).toBeGreaterThan(0);
}

describe('malformed and oversized requests', () => {
  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    expectProblem(await post('/api/login', 'application/json', '{"email": "a@b.uz", '), 400, 'BAD_REQUEST');
    const token = await verificationToken(context, 'malformed-json@example.uz');
    expectProblem(
      await post('/api/register', 'application/json', "{'single': 'quotes'}", { token }),
      400,
      'BAD_REQUEST',
    );
  });

  it('refuses a JSON body that is not UTF-8 with 400, storing nothing', async () => {
    const count = async () =>
      Number(
        (
          await context.app.services.db
            .selectFrom('portfolios')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const body = (title: Buffer) =>
      Buffer.concat([
        Buffer.from('{"title":"'),
        title,
        Buffer.from('","url":"https://u.example.uz","used":["Go"]}'),
      ]);
    for (const bad of [
      Buffer.from([0xff, 0xfe]),
      Buffer.from([0x4b, 0xc3]),
      Buffer.from([0xed, 0xa0, 0x80]),
    ]) {
      const response = await post('/api/portfolio/create', 'application/json', body(bad), {
        'x-token': user.token,
      });
      expectProblem(response, 400, 'BAD_REQUEST');
      expect(response.json().detail).toMatch(/UTF-8/);
    }
    expect(await count()).toBe(before);
    // The same text as UTF-8 is taken, Uzbek letters and all.
    const good = await post('/api/portfolio/create', 'application/json', body(Buffer.from('O‘zbekcha nom')), {
      'x-token': user.token,
    });
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().title).toBe('O‘zbekcha nom');
  });

  it('answers a JSON body with a __proto__ key with 400', async () => {
    const response = await post(
      '/api/login',
      'application/json',
      '{"__proto__": {"admin": true}, "email": "a"}',
    );
    expectProblem(response, 400, 'BAD_REQUEST');
  });

  it.each([
    ['no boundary', 'multipart/form-data', 'email=a'],
    [
      'truncated data',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nab',
    ],
    ['no parts at all', 'multipart/form-data; boundary=xyz', 'just some bytes'],
  ])('answers malformed multipart (%s) with 400, not 500', async (_label, contentType, payload) => {
    expectProblem(await post('/api/login', contentType, payload), 400, 'BAD_REQUEST');
    const token = await verificationToken(context, 'malformed-multipart@example.uz');
    expectProblem(await post('/api/register', contentType, payload, { token }), 400, 'BAD_REQUEST');
    const update = await call(context.app, {
      method: 'PUT',
      url: '/api/user/me/update',
      headers: { 'content-type': contentType, 'x-token': user.token },
      payload,
    });
    expectProblem(update, 400, 'BAD_REQUEST');
  });

  it('answers a multipart field declared JSON but not JSON with 400', async () => {
    const boundary = 'b0undary';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="email"',
      'Content-Type: application/json',
      '',
      '{not json',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    expectProblem(
      await post('/api/login', `multipart/form-data; boundary=${boundary}`, payload),
      400,
      'BAD_REQUEST',
    );
  });

  it('answers a body over 1 MiB with 413 PAYLOAD_TOO_LARGE', async () => {
    const big = JSON.stringify({ email: 'a@b.uz', password: 'x'.repeat(1024 * 1024) });
    expectProblem(await post('/api/login', 'application/json', big), 413, 'PAYLOAD_TOO_LARGE');
    const form = `email=a%40b.uz&password=${'x'.repeat(1024 * 1024)}`;
    expectProblem(
      await post('/api/login', 'application/x-www-form-urlencoded', form),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('answers an avatar over 10 MB with 413 and too many files with 413', async () => {
    const huge = await multipart({
      image: {
        content: Buffer.alloc(10 * 1024 * 1024 + 1, 1),
        filename: 'big.png',
        contentType: 'image/png',
      },
    });
    const tooBig = await call(context.app, {
      method: 'PUT',
      url: '/api/user/me/update',
      headers: { ...huge.headers, 'x-token': user.token },
      payload: huge.payload,
    });
    expectProblem(tooBig, 413, 'PAYLOAD_TOO_LARGE');

    const png = await pngImage(8, 8);
    const many = await multipart({
      image: Array.from({ length: 9 }, () => ({ content: png, filename: 'a.png', contentType: 'image/png' })),
    });
    const tooMany = await call(context.app, {
      method: 'PUT',
      url: '/api/user/me/update',
      headers: { ...many.headers, 'x-token': user.token },
      payload: many.payload,
    });
    expectProblem(tooMany, 413, 'PAYLOAD_TOO_LARGE');
    expect(
      (
        await call(context.app, { method: 'GET', url: '/api/user/me', headers: { 'x-token': user.token } })
      ).json().image,
    ).toBeNull();
  });

  it.each(['text/xml', 'application/xml', 'application/octet-stream'])(
    'answers Content-Type %s with 415',
    async (type) => {
      expectProblem(await post('/api/login', type, '<login/>'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    },
  );

  it('never answers 5xx to garbage sent to any account call', async () => {
    const endpoints = [
      ['POST', '/api/register/send-verification'],
      ['POST', '/api/register'],
      ['POST', '/api/login'],
      ['POST', '/api/logout'],
      ['POST', '/api/verify-token'],
      ['PUT', '/api/user/me/update'],
    ] as const;
    const bodies: [string, string][] = [
      ['application/json', 'null'],
      ['application/json', '[]'],
      ['application/json', '"text"'],
      ['application/json', '12'],
      ['application/json', '{"email":{"$gt":""},"password":{"$ne":1}}'],
      ['application/json', '{"username":"a".repeat(5)}'],
      ['application/json', ''],
      ['application/x-www-form-urlencoded', 'email[]=a&email[]=b&password=%ZZ'],
      ['application/x-www-form-urlencoded', '%%%'],
      ['multipart/form-data; boundary=', '--\r\n'],
      ['multipart/form-data; boundary="unclosed', 'x'],
    ];
    for (const [method, url] of endpoints) {
      for (const [contentType, payload] of bodies) {
        const response = await call(context.app, {
          method,
          url,
          // Not the live token for logout, which would end the session this test relies on.
          headers: {
            'content-type': contentType,
            'x-token': url === '/api/logout' ? 'x' : user.token,
            token: 'x',
          },
          payload,
        });
        expect(
          response.statusCode,
          `${method} ${url} ${contentType} ${payload}: ${response.body}`,
        ).toBeLessThan(500);
      }
    }
    // The session survived all of it.
    expect(
      (
        await call(context.app, {
          method: 'POST',
          url: '/api/verify-token',
          headers: { 'x-token': user.token },
        })
      ).json(),
    ).toBe(true);
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/user/me/nope'],
    ['DELETE', '/api/user/me/update'],
    ['GET', '/api/login'],
  ] as const)('answers %s %s with 404 NOT_FOUND', async (method, url) => {
    expectProblem(await call(context.app, { method, url }), 404, 'NOT_FOUND');
  });

  it('answers a missing image with 404', async () => {
    const response = await call(context.app, { method: 'GET', url: '/image/0123456789abcdef01234567.webp' });
    expectProblem(response, 404, 'NOT_FOUND');
    expect(
      (await call(context.app, { method: 'GET', url: '/image/..%2F..%2Fetc%2Fpasswd' })).statusCode,
    ).toBe(404);
  });
});

describe('error bodies follow the Accept header', () => {
  const invalidLogin = (accept?: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: accept === undefined ? {} : { accept },
      payload: { email: 'nobody@example.uz', password: 'wrong-password' },
    });

  it.each(['application/json', 'application/problem+json', 'text/html, application/json;q=0.9'])(
    'sends an RFC 9457 problem document for Accept: %s',
    async (accept) => {
      const response = await invalidLogin(accept);
      expectProblem(response, 401, 'INVALID_CREDENTIALS');
      expect(Object.keys(response.json()).sort()).toEqual(['code', 'detail', 'status', 'title', 'type']);
    },
  );

  it.each([
    ['*/*', '*/*'],
    ['no Accept', undefined],
    ['text/html', 'text/html'],
  ])('sends the Uzbek message as text/plain for %s (the old client)', async (_label, accept) => {
    const response = await invalidLogin(accept);
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe((await invalidLogin('application/json')).json().detail);
    expect(response.body).toMatch(/parol noto‘g‘ri/);
  });

  it('lists the field messages in errors for a 422 and as text the first message', async () => {
    const json = await call(context.app, { method: 'POST', url: '/api/login', payload: { email: '' } });
    expectProblem(json, 422, 'VALIDATION_FAILED');
    expect(json.json().errors).toEqual({ email: [expect.any(String)], password: [expect.any(String)] });
    const plain = await context.app.inject({ method: 'POST', url: '/api/login', payload: { email: '' } });
    expect(plain.statusCode).toBe(422);
    expect(plain.headers['content-type']).toMatch(/^text\/plain/);
    expect(plain.body).toBe(json.json().detail);
  });
});

describe('CORS', () => {
  it.each(['/api/login', '/api/register', '/api/user/me/update', '/api/user/all', '/image/x.webp'])(
    'allows a preflight to %s from any origin with x-token, token and content-type',
    async (url) => {
      const response = await context.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: ORIGIN,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'x-token, token, content-type',
        },
      });
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const allowedHeaders = String(response.headers['access-control-allow-headers']).toLowerCase();
      for (const header of ['x-token', 'token', 'content-type']) {
        expect(allowedHeaders.split(/\s*,\s*/)).toContain(header);
      }
      const methods = String(response.headers['access-control-allow-methods']).split(/\s*,\s*/);
      expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    },
  );

  it('exposes x-token on every response, success or error, with or without Origin', async () => {
    const fresh = await signUp(context);
    const responses = [
      await call(context.app, { method: 'GET', url: '/api/user/all' }),
      await call(context.app, {
        method: 'POST',
        url: '/api/login',
        payload: { email: fresh.email, password: fresh.password },
        headers: { origin: ORIGIN },
      }),
      await call(context.app, { method: 'POST', url: '/api/logout', headers: { 'x-token': fresh.token } }),
      await call(context.app, { method: 'GET', url: '/api/user/me', headers: { origin: ORIGIN } }),
      await call(context.app, { method: 'GET', url: '/api/nope' }),
      await call(context.app, { method: 'GET', url: '/api/user/all?limit=0', headers: { origin: ORIGIN } }),
      await post('/api/login', 'application/json', '{'),
      await post('/api/login', 'text/xml', '<a/>'),
      await post('/api/login', 'application/json', JSON.stringify({ email: 'x'.repeat(1024 * 1024 + 10) })),
      await call(context.app, { method: 'GET', url: '/image/0123456789abcdef01234567.webp' }),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([
      200, 200, 204, 401, 404, 422, 400, 415, 413, 404,
    ]);
    for (const response of responses) {
      const exposed = String(response.headers['access-control-expose-headers'])
        .toLowerCase()
        .split(/\s*,\s*/);
      expect(exposed).toContain('x-token');
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('lets images be embedded from other origins', async () => {
    const form = await multipart({
      image: { content: await pngImage(40, 40), filename: 'a.png', contentType: 'image/png' },
    });
    const updated = await call(context.app, {
      method: 'PUT',
      url: '/api/user/me/update',
      headers: { ...form.headers, 'x-token': user.token },
      payload: form.payload,
    });
    const image = updated.json().image as string;
    for (const url of [`/image/${image}`, `/image/${image}?w=64`, '/image/0123456789abcdef01234567.webp']) {
      const response = await context.app.inject({ method: 'GET', url, headers: { origin: ORIGIN } });
      expect(response.headers['cross-origin-resource-policy']).not.toBe('same-origin');
      expect(response.headers['cross-origin-resource-policy']).not.toBe('same-site');
    }
  });
});

describe('compression', () => {
  const list = (encoding?: string) =>
    context.app.inject({
      method: 'GET',
      url: '/api/user/all',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('compresses JSON answers with brotli or gzip for clients that ask', async () => {
    await Promise.all([signUp(context), signUp(context), signUp(context)]);
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const response = await list(`${encoding}, deflate`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(response.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('refuses a compressed request body instead of inflating it', async () => {
    const body = zlib.gzipSync(JSON.stringify({ email: 'a@b.uz', password: 'parol-parol-1' }));
    const response = await post('/api/login', 'application/json', body, { 'content-encoding': 'gzip' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI 3 document listing the account calls', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    for (const [path, method] of [
      ['/api/register/send-verification', 'post'],
      ['/api/register', 'post'],
      ['/api/login', 'post'],
      ['/api/logout', 'post'],
      ['/api/verify-token', 'post'],
      ['/api/user/me', 'get'],
      ['/api/user/me/update', 'put'],
      ['/api/user/all', 'get'],
      ['/api/user/{id}', 'get'],
    ]) {
      expect(document.paths[path!]?.[method!], `${method} ${path}`).toBeDefined();
    }
    expect(document.paths['/api/register'].post.requestBody.content).toHaveProperty('multipart/form-data');
  });

  it('serves the documentation UI as HTML', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/swagger/i);
  });
});

describe('beside the web app', () => {
  it('still answers unknown API routes, images and other methods with a 404 problem', async () => {
    for (const url of ['/api/nope', '/image/0123456789abcdef01234567.webp']) {
      expectProblem(await call(context.app, { method: 'GET', url }), 404, 'NOT_FOUND');
    }
    expectProblem(await call(context.app, { method: 'POST', url: '/somewhere' }), 404, 'NOT_FOUND');
    expect((await call(context.app, { method: 'GET', url: '/api/user/all' })).statusCode).toBe(200);
  });
});
