import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_RULES } from '../lib/rate-limiter.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../test/app.js';
import { multipart, pngImage } from '../test/forms.js';

let context: TestContext;
let author: TestUser;
let port: number;

beforeAll(async () => {
  context = await createTestContext({ RATE_LIMIT: 'on' });
  author = await signUp(context);
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  port = (context.app.server.address() as AddressInfo).port;
});
afterAll(() => context.close());

const BOUNDARY = 'upload-boundary';
const MEGABYTE = 1024 * 1024;

const fileHead = (name: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );

interface Answer {
  status: number;
  body: string;
  /** Bytes of the body written before the answer came. */
  sentBeforeAnswer: number;
}

/**
 * Declares a body of `declaredBytes`, sends `head` and then file bytes a megabyte at a time up to
 * `sendBytes`, and stops there without ending the body. A server that waited for the whole body
 * would never answer; the test then times out.
 */
function sendPartly(
  method: 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  options: { head: Buffer; sendBytes: number; declaredBytes: number },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method,
      path: url,
      headers: {
        accept: 'application/json',
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(options.declaredBytes),
        ...headers,
      },
    });
    request.on('response', (response) => {
      const sentBeforeAnswer = sent;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          sentBeforeAnswer,
        });
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close the socket after answering; the answer is what counts.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    const chunk = Buffer.alloc(MEGABYTE, 7);
    const pump = () => {
      while (sent < options.sendBytes) {
        const piece =
          sent === 0 ? options.head : chunk.subarray(0, Math.min(MEGABYTE, options.sendBytes - sent));
        sent += piece.length;
        if (!request.write(piece)) {
          request.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

/** The server's open connections once they settle (each test's clients have closed theirs). */
async function openConnections(): Promise<number> {
  const count = () =>
    new Promise<number>((resolve, reject) =>
      context.app.server.getConnections((error, value) => (error ? reject(error) : resolve(value))),
    );
  for (let attempt = 0; attempt < 40 && (await count()) > 0; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return count();
}

const incomingFiles = () => fs.readdirSync(context.app.services.imageStore.incomingDir);

describe('who may upload is settled before the body is read', () => {
  it('answers an anonymous upload 401 after its first megabyte of a declared 80 MB', async () => {
    const answer = await sendPartly(
      'POST',
      '/api/portfolio/create',
      {},
      {
        head: fileHead('images'),
        sendBytes: MEGABYTE,
        declaredBytes: 80 * MEGABYTE,
      },
    );
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(answer.sentBeforeAnswer).toBeLessThan(80 * MEGABYTE);
    expect(incomingFiles()).toEqual([]);
  });

  it('answers a profile upload with a dead token 401 the same way', async () => {
    const answer = await sendPartly(
      'PUT',
      '/api/user/me/update',
      { 'x-token': 'no-such-session' },
      {
        head: fileHead('image'),
        sendBytes: MEGABYTE,
        declaredBytes: 10 * MEGABYTE,
      },
    );
    expect(answer.status).toBe(401);
  });

  it('answers a sign-up with no live link 400 before reading its avatar', async () => {
    const answer = await sendPartly(
      'POST',
      '/api/register',
      { token: 'made-up' },
      {
        head: fileHead('image'),
        sendBytes: MEGABYTE,
        declaredBytes: 10 * MEGABYTE,
      },
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });

  it('answers 401 before 422: who you are comes before what you sent', async () => {
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/create',
      payload: { title: '', url: 'not a url', used: 42 },
    });
    expect(response.statusCode).toBe(401);
    const comment = await call(context.app, {
      method: 'PUT',
      url: '/api/portfolio/comment/000000000000000000000000',
      headers: { 'content-type': 'application/json' },
      payload: '{"body": ',
    });
    expect(comment.statusCode).toBe(401);
  });

  it('refuses a file over 10 MB with 413 at the limit, without waiting for the rest', async () => {
    const user = await signUp(context);
    const answer = await sendPartly(
      'POST',
      '/api/portfolio/create',
      { 'x-token': user.token },
      {
        head: fileHead('images'),
        sendBytes: 12 * MEGABYTE,
        declaredBytes: 80 * MEGABYTE,
      },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(incomingFiles()).toEqual([]);
    // The rest of the body is read and dropped after the answer, so the client's close is seen.
    expect(await openConnections()).toBe(0);
  });

  it('counts the upload limit before the body: the tenth upload in 30 s gets 429 unread', async () => {
    const user = await signUp(context);
    const image = await pngImage();
    for (let index = 0; index < RATE_RULES.uploads.limit; index += 1) {
      const form = await multipart({
        title: `Rasmli ${index}`,
        url: 'https://example.uz',
        used: 'React',
        images: { content: image, filename: 'a.png', contentType: 'image/png' },
      });
      const response = await call(context.app, {
        method: 'POST',
        url: '/api/portfolio/create',
        headers: { 'x-token': user.token, ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(201);
    }
    const answer = await sendPartly(
      'POST',
      '/api/portfolio/create',
      { 'x-token': user.token },
      {
        head: fileHead('images'),
        sendBytes: MEGABYTE,
        declaredBytes: 80 * MEGABYTE,
      },
    );
    expect(answer.status).toBe(429);
    expect(incomingFiles()).toEqual([]);
  });
});

/** Sends the whole body as a plain client does, reading the answer whenever it comes. */
function sendWhole(url: string, contentType: string, bytes: number, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: url,
      agent: false,
      headers: {
        accept: 'application/json',
        'content-type': contentType,
        'content-length': String(bytes),
        ...headers,
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    request.on('error', reject);
    const chunk = Buffer.alloc(MEGABYTE, 0x61);
    let left = bytes;
    const pump = () => {
      while (left > 0) {
        const piece = chunk.subarray(0, Math.min(MEGABYTE, left));
        left -= piece.length;
        if (left === 0) request.end(piece);
        else if (!request.write(piece)) return void request.once('drain', pump);
      }
    };
    pump();
  });
}

describe('early answers reach clients that are still sending', () => {
  it('reads and discards the rest of a refused body, so every client gets its answer, not a reset', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => sendWhole('/api/login', 'application/json', 8 * MEGABYTE)),
      ...Array.from({ length: 5 }, () =>
        sendWhole('/api/portfolio/create', `multipart/form-data; boundary=${BOUNDARY}`, 8 * MEGABYTE),
      ),
    ]);
    expect(answers.slice(0, 5).map((answer) => answer.status)).toEqual(Array(5).fill(413));
    expect(answers.slice(5).map((answer) => answer.status)).toEqual(Array(5).fill(401));
    for (const answer of answers) expect(JSON.parse(answer.body).detail).toEqual(expect.any(String));
  });
});

describe('files go to disk, not to memory', () => {
  it('streams each file to the incoming folder and removes it when the request ends', async () => {
    const image = await pngImage(800, 600);
    const form = await multipart({
      title: 'Diskdan',
      url: 'https://example.uz',
      used: 'React',
      images: [
        { content: image, filename: 'a.png', contentType: 'image/png' },
        { content: image, filename: 'b.png', contentType: 'image/png' },
      ],
    });
    const seen: string[] = [];
    const watcher = fs.watch(context.app.services.imageStore.incomingDir, (_event, name) => {
      if (name) seen.push(name);
    });
    try {
      const response = await call(context.app, {
        method: 'POST',
        url: '/api/portfolio/create',
        headers: { 'x-token': author.token, ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().images).toHaveLength(2);
    } finally {
      watcher.close();
    }
    expect(new Set(seen).size).toBeGreaterThanOrEqual(2);
    expect(incomingFiles()).toEqual([]);
  });

  it('takes a JSON object shaped like a received file for no file at all', async () => {
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/create',
      headers: { 'x-token': author.token },
      payload: {
        title: 'Soxta fayl',
        url: 'https://example.uz',
        used: ['React'],
        images: { path: '/etc/passwd', bytes: 100 },
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().images).toEqual([]);
  });
});
