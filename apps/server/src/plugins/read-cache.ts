import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ChangeFeed } from '../lib/changes.js';
import { ReadyDocument, sendReady } from '../lib/ready-document.js';
import { TaggedCache } from '../lib/tagged-cache.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * What the answer was made from (see `changeTags`), set by a read that everyone sees alike; null
     * when the answer is the viewer's own or may not be kept.
     */
    readTags: readonly string[] | null;
  }
  interface FastifyContextConfig {
    /** The route's anonymous GET answers are kept as ready bytes while nothing they name changes. */
    readCache?: boolean;
  }
}

/** API answers are compressed again after every change that touches them: a quick setting. */
const ANSWER_BROTLI_QUALITY = 4;

/** Tells the page renderer, which reads the API in-process, what an answer was made from. */
export const READ_TAGS_HEADER = 'x-read-tags';

/** Headers of a kept answer that are made per answer, not kept. */
const PER_ANSWER = new Set([
  'content-length',
  'content-encoding',
  'etag',
  READ_TAGS_HEADER,
  'date',
  'connection',
]);

const isAnonymous = (headers: IncomingMessage['headers']) =>
  headers['x-token'] === undefined && headers.token === undefined;

/** Requests from inside the process (the page renderer) have no socket of their own. */
const isInjected = (request: FastifyRequest) => !(request.raw.socket instanceof Socket);

interface KeptAnswer {
  document: ReadyDocument;
  tags: readonly string[];
  /** The headers the first answer went out with (security, CORS, type, caching), as they are sent. */
  headers: Record<string, string | number | string[]>;
}

/**
 * Anonymous GET answers of the routes that ask for it (`config.readCache`), kept as the bytes that are
 * sent (with their compressed forms and ETag) until a write names something they were made from (see
 * `changeTags`); an answer whose read began before such a write is not kept (`TaggedCache`). A kept
 * answer goes out before the framework sees the request (`answer`, from the HTTP server), or, for the
 * page renderer's in-process reads, from the first `onRequest` hook. A signed-in request always reaches
 * its handler, which still reuses the service's kept values (see `Reads`).
 */
export class KeptAnswers {
  private readonly cache: TaggedCache<KeptAnswer> | null;

  constructor(enabled: boolean) {
    this.cache = enabled
      ? new TaggedCache<KeptAnswer>({
          ttlMs: 10 * 60_000,
          maxEntries: 10_000,
          maxBytes: 64 * 1024 * 1024,
          sizeOf: (kept) => kept.document.body.length,
        })
      : null;
  }

  /** Drops what a write changed, here and (through the feed's Redis) what other instances wrote. */
  follow(changes: ChangeFeed): void {
    const cache = this.cache;
    if (cache) changes.subscribe((tags) => cache.invalidate(tags));
  }

  /**
   * Answers a request from what is kept, if it can without waiting (a compressed form not made yet is
   * left to the framework's path, which makes it); says whether it did.
   */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.cache || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    if (!isAnonymous(request.headers)) return false;
    const kept = this.cache.get(request.url ?? '');
    if (!kept) return false;
    const { document } = kept;
    const encoding = document.encodingFor(request.headers['accept-encoding']);
    const body = document.encodedNow(encoding);
    if (!body) return false;
    const headers: http.OutgoingHttpHeaders = { ...kept.headers, etag: document.etag(encoding) };
    if (document.matches(request.headers['if-none-match'])) {
      delete headers['content-type'];
      response.writeHead(304, headers).end();
      return true;
    }
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    headers['content-length'] = body.length;
    response.writeHead(200, headers);
    if (request.method === 'HEAD') response.end();
    else response.end(body);
    return true;
  }

  get(url: string): KeptAnswer | undefined {
    return this.cache?.get(url);
  }

  mark(): number | undefined {
    return this.cache?.mark();
  }

  keep(url: string, answer: KeptAnswer, mark: number): void {
    this.cache?.set(url, answer, answer.tags, mark);
  }

  get enabled(): boolean {
    return this.cache !== null;
  }
}

/** Fastify's own HTTP server, with kept answers sent before the framework is entered. */
export function serverWithKeptAnswers(kept: KeptAnswers): FastifyServerOptions['serverFactory'] {
  return (handler, options) => {
    const server = http.createServer((request, response) => {
      if (!kept.answer(request, response)) handler(request, response);
    });
    // As Fastify sets up a server it makes itself.
    const { keepAliveTimeout, requestTimeout, connectionTimeout, maxRequestsPerSocket } = options as {
      keepAliveTimeout?: number;
      requestTimeout?: number;
      connectionTimeout?: number;
      maxRequestsPerSocket?: number;
    };
    if (typeof keepAliveTimeout === 'number') server.keepAliveTimeout = keepAliveTimeout;
    if (typeof requestTimeout === 'number') server.requestTimeout = requestTimeout;
    if (typeof connectionTimeout === 'number') server.setTimeout(connectionTimeout);
    if (typeof maxRequestsPerSocket === 'number' && maxRequestsPerSocket > 0) {
      server.maxRequestsPerSocket = maxRequestsPerSocket;
    }
    return server;
  };
}

/** Keeps the anonymous answers of `readCache` routes in `kept`, and answers in-process reads from it. */
export function registerReadCache(app: FastifyInstance, kept: KeptAnswers): void {
  app.decorateRequest('readTags', null);
  const marks = new WeakMap<FastifyRequest, number>();

  app.addHook('onRequest', async (request, reply) => {
    if (!kept.enabled || !request.routeOptions.config.readCache || !isAnonymous(request.headers)) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const answer = kept.get(request.url);
    if (!answer) {
      marks.set(request, kept.mark()!);
      return;
    }
    if (isInjected(request)) reply.header(READ_TAGS_HEADER, answer.tags.join(' '));
    return sendReady(request, reply, answer.document, 'no-cache');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const tags = request.readTags;
    if (tags && isInjected(request)) reply.header(READ_TAGS_HEADER, tags.join(' '));
    const mark = marks.get(request);
    if (mark === undefined || !tags || reply.statusCode !== 200 || typeof payload !== 'string') {
      return payload;
    }
    const document = new ReadyDocument(
      payload,
      String(reply.getHeader('content-type')),
      ANSWER_BROTLI_QUALITY,
    );
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const headers: KeptAnswer['headers'] = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && !PER_ANSWER.has(name)) headers[name] = value;
    }
    kept.keep(request.url, { document, tags, headers }, mark);
    const encoding = document.encodingFor(request.headers['accept-encoding']);
    reply.header('etag', document.etag(encoding));
    if (encoding === 'identity') return payload;
    reply.header('content-encoding', encoding);
    return document.encoded(encoding);
  });
}
