import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ChangeFeed } from '../lib/changes.js';
import type { Metrics } from '../lib/metrics.js';
import { REQUEST_ID_HEADER } from '../lib/request-ids.js';
import { LikeSlots } from '../lib/like-slots.js';
import type { Read } from '../lib/reads.js';
import { encode, ReadyDocument, sendReady } from '../lib/ready-document.js';
import { type Soon, whenReady } from '../lib/soon.js';
import { TaggedCache } from '../lib/tagged-cache.js';
import { PerTickLimit } from '../lib/per-tick-limit.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * What the answer was made from (see `changeTags`), set by a read that everyone sees alike; null
     * when the answer is the viewer's own or may not be cached.
     */
    readTags: readonly string[] | null;
    /** For a viewer's own answer, the read everyone sees that it was made from (cached in its place). */
    sharedRead: Read<unknown> | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's GET answers as everyone sees them are cached as ready bytes while nothing they name
     * changes; `viewers` says how a signed-in viewer's answer differs from them.
     */
    readCache?: { viewers: ViewerDifference };
  }
}

/**
 * How a signed-in viewer's answer differs from the one everyone sees: not at all (`none`); in its
 * portfolios' `likedByMe` flags and, for a portfolio in detail that the viewer likes, its liker list
 * (`likes`); only for a viewer who hides someone's words, blocked or muted (`hides`, decision 55: such a
 * viewer's answer is made by the handler, everyone else's is the one everyone sees); or in ways only the
 * route's handler knows (`other`: the viewer's own email, say).
 */
export type ViewerDifference = 'none' | 'likes' | 'hides' | 'other';

/**
 * Which of these portfolios the holder of a token likes, in one look-up; undefined when the request
 * must go to its handler (no live session, one due to be renewed, or a person who hides someone's words).
 */
export type LikesOf = (token: string, portfolioIds: readonly string[]) => Soon<Set<string> | undefined>;

/** API answers are compressed again after every change that touches them: a quick setting. */
const ANSWER_BROTLI_QUALITY = 4;

/** Tells the page renderer, which reads the API in-process, what an answer was made from. */
export const READ_TAGS_HEADER = 'x-read-tags';

/** Headers of a cached response that are made per answer, not cached. */
const PER_ANSWER = new Set([
  'content-length',
  'content-encoding',
  'etag',
  READ_TAGS_HEADER,
  'date',
  'connection',
  'cache-control',
  'vary',
  REQUEST_ID_HEADER,
]);

/** An answer everyone sees alike: any cache may keep it, asking again each time (ETag). */
const SHARED = { 'cache-control': 'no-cache', vary: 'accept-encoding' } as const;
/** A viewer's own answer: only their browser may keep it. */
const PERSONAL = { 'cache-control': 'private, no-cache', vary: 'accept-encoding, x-token' } as const;

const isAnonymous = (headers: IncomingMessage['headers']) =>
  headers['x-token'] === undefined && headers.token === undefined;

/** Requests from inside the process (the page renderer) have no socket of their own. */
const isInjected = (request: FastifyRequest) => !(request.raw.socket instanceof Socket);

/** Headers as `writeHead` takes them fastest: names and values in turn (an object costs it a third more). */
type HeaderList = (string | number | string[])[];

/** Headers by name, as a reply holds them before they are sent. */
type Headers = Record<string, string | number | string[] | undefined>;

interface CachedResponse {
  document: ReadyDocument;
  tags: readonly string[];
  /**
   * The headers the first answer went out with (security, CORS, type), as they are sent, with the
   * caching headers of an answer everyone sees (`shared`, and without its type for a 304) or of a
   * viewer's own (`personal`).
   */
  head: { shared: HeaderList; personal: HeaderList; notModified: HeaderList };
  viewers: ViewerDifference;
  /** For `likes` answers: where each portfolio's flag is (none when they could not be found). */
  likes: LikeSlots | undefined;
  /** The route's pattern, for the metrics. */
  route: string;
  /** When it stops being sent from here (`Date.now()`), if sooner than the cache's own age limit. */
  expiresAt?: number;
}

/**
 * GET answers of the routes that ask for it (`config.readCache`) as everyone sees them, cached as the
 * bytes that are sent (with their compressed forms and ETag) until a write names something they were
 * made from (see `changeTags`); an answer whose read began before such a write is not cached
 * (`TaggedCache`). A cached response goes out before the framework sees the request (`answer`, from the
 * HTTP server), or, for the page renderer's in-process reads, from the first `onRequest` hook. A
 * signed-in viewer gets the same bytes where their answer is the same, or the same bytes with their own
 * `likedByMe` flags set from one look-up (`LikesOf`); what else differs for them is made by the route's
 * handler, which still reuses the service's cached reads (see `Reads`).
 */
export class CachedResponses {
  private readonly cache: TaggedCache<CachedResponse> | null;
  /** Server-rendered pages (`keepPage`), bounded as the pages' own cache, whose documents they share. */
  private readonly pages: TaggedCache<CachedResponse> | null;
  private likesOf: LikesOf | undefined;

  /** `requestId`: each cached response's `x-request-id` (the server sets the framework's, see below). */
  constructor(
    enabled: boolean,
    private readonly requestId: (request: IncomingMessage) => string,
    private readonly metrics?: Metrics,
  ) {
    // Pages (searches, say) cannot push the API's answers out: each kind has its own bounds. A page
    // also carries its own end (`expiresAt`), sooner.
    const kept = (maxEntries: number) =>
      new TaggedCache<CachedResponse>({
        ttlMs: 10 * 60_000,
        maxEntries,
        maxBytes: 64 * 1024 * 1024,
        sizeOf: (cached) => cached.document.body.length,
      });
    this.cache = enabled ? kept(10_000) : null;
    this.pages = enabled ? kept(2_000) : null;
  }

  /** Drops what a write changed, here and (through the feed's Redis) what other instances wrote. */
  follow(changes: ChangeFeed): void {
    this.cache?.follow(changes);
    this.pages?.follow(changes);
  }

  /** Drops the answers nobody asked for in `idleMs` (see `IdleTimer`); answers how many went. */
  trimIdle(idleMs: number): number {
    return (this.cache?.trimIdle(idleMs) ?? 0) + (this.pages?.trimIdle(idleMs) ?? 0);
  }

  /** How signed-in viewers' likes are found (the app's services exist after the server is made). */
  personalizeWith(likesOf: LikesOf): void {
    this.likesOf = likesOf;
  }

  /**
   * Answers a request from the cache if it can (at once for everyone's answer, after one look-up for a
   * viewer's likes); says whether it did. When it did not, nothing has been written.
   */
  answer(request: IncomingMessage, response: ServerResponse): boolean | Promise<boolean> {
    if (!this.cache || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const cached = this.cache.get(request.url ?? '') ?? this.pages!.get(request.url ?? '');
    if (!cached || (cached.expiresAt !== undefined && Date.now() >= cached.expiresAt)) return false;
    const started = performance.now();
    if (isAnonymous(request.headers) || cached.viewers === 'none') {
      const sent = sendShared(request, response, cached, this.requestId(request));
      if (sent) this.observe(request, response, cached, 'shared', started);
      return sent;
    }
    const token = request.headers['x-token'];
    if (cached.viewers === 'hides') {
      if (typeof token !== 'string') return false;
      return this.seesShared(request.headers, token).then((sees) => {
        const sent = sees && sendShared(request, response, cached, this.requestId(request));
        if (sent) this.observe(request, response, cached, 'shared', started);
        return sent;
      });
    }
    if (cached.viewers !== 'likes' || !cached.likes || request.headers.token !== undefined) return false;
    if (typeof token !== 'string' || !this.likesOf) return false;
    return whenReady(this.answerViewer(request, response, cached, cached.likes, token.trim()), (sent) => {
      if (sent) this.observe(request, response, cached, 'personal', started);
      return sent;
    });
  }

  /**
   * Whether the holder of the request's token is answered what everyone sees on a `hides` route: a live
   * session (not due to be renewed) whose person hides nobody (see `personalizeWith`).
   */
  async seesShared(
    headers: IncomingMessage['headers'],
    token: string | string[] | undefined,
  ): Promise<boolean> {
    if (typeof token !== 'string' || headers.token !== undefined || !this.likesOf) return false;
    return (await this.likesOf(token.trim(), [])) !== undefined;
  }

  /** Counts an answer sent from cached bytes, timed like the framework's (see request-metrics.ts). */
  private observe(
    request: IncomingMessage,
    response: ServerResponse,
    cached: CachedResponse,
    result: 'shared' | 'personal',
    started: number,
  ): void {
    if (!this.metrics) return;
    const labels = { method: request.method ?? 'GET', route: cached.route, status: response.statusCode };
    this.metrics.requests.observe(labels, (performance.now() - started) / 1000);
    this.metrics.cachedResponses.inc({ result });
  }

  /** An answer made by its handler on a route whose answers are cached. */
  made(): void {
    this.metrics?.cachedResponses.inc({ result: 'made' });
  }

  /** A viewer's answer from the kept one: at once when their look-up and the bytes are kept. */
  private answerViewer(
    request: IncomingMessage,
    response: ServerResponse,
    cached: CachedResponse,
    slots: LikeSlots,
    token: string,
  ): Soon<boolean> {
    return whenReady(this.likesOf!(token, slots.ids), (liked) => {
      // A write while looking (the answer dropped) or a like that changes more than a flag: the handler.
      if (!liked || this.cache!.get(request.url ?? '') !== cached) return false;
      const likedHere = slots.anyIn(liked);
      if (likedHere && slots.listLikers) return false;
      const { document } = cached;
      const encoding = document.encodingFor(request.headers['accept-encoding']);
      const send = (body: Buffer) => {
        const headers = [
          ...cached.head.personal,
          'content-length',
          body.length,
          REQUEST_ID_HEADER,
          this.requestId(request),
        ];
        if (encoding !== 'identity') headers.push('content-encoding', encoding);
        response.writeHead(200, headers);
        if (request.method === 'HEAD') response.end();
        else response.end(body);
        return true;
      };
      if (!likedHere) return whenReady(document.encodedNow(encoding) ?? document.encoded(encoding), send);
      if (encoding === 'identity') return send(slots.with(liked));
      return encode(slots.with(liked), encoding, ANSWER_BROTLI_QUALITY).then(send);
    });
  }

  get(url: string): CachedResponse | undefined {
    return this.cache?.get(url);
  }

  /**
   * Keeps a server-rendered page, the same for every visitor, to be sent before the framework is entered
   * as the API's answers are: with the headers of the answer it is first sent with (`headers`), until a
   * write names one of `tags` (taken since `mark`, from `markPage`) or `expiresAt` passes.
   */
  keepPage(
    url: string,
    page: {
      document: ReadyDocument;
      headers: Headers;
      tags: readonly string[];
      expiresAt: number;
    },
    mark: number,
  ): void {
    this.pages?.set(
      url,
      {
        document: page.document,
        tags: page.tags,
        head: headOf(page.headers),
        viewers: 'none',
        likes: undefined,
        route: PAGE_ROUTE,
        expiresAt: page.expiresAt,
      },
      page.tags,
      mark,
    );
  }

  mark(): number | undefined {
    return this.cache?.mark();
  }

  /** Before a page is looked up or made, for `keepPage`. */
  markPage(): number | undefined {
    return this.pages?.mark();
  }

  set(url: string, response: CachedResponse, mark: number): void {
    this.cache?.set(url, response, response.tags, mark);
  }

  get enabled(): boolean {
    return this.cache !== null;
  }
}

/**
 * A cached response as everyone sees it, or a 304 for the client's copy; false (nothing written) when
 * its compressed form is not made yet: the framework's path makes it.
 */
function sendShared(
  request: IncomingMessage,
  response: ServerResponse,
  cached: CachedResponse,
  requestId: string,
): boolean {
  const { document } = cached;
  const encoding = document.encodingFor(request.headers['accept-encoding']);
  const body = document.encodedNow(encoding);
  if (!body) return false;
  const etag = document.etag(encoding);
  if (document.matches(request.headers['if-none-match'])) {
    response.writeHead(304, [...cached.head.notModified, 'etag', etag, REQUEST_ID_HEADER, requestId]).end();
    return true;
  }
  const headers = [
    ...cached.head.shared,
    'etag',
    etag,
    REQUEST_ID_HEADER,
    requestId,
    'content-length',
    body.length,
  ];
  if (encoding !== 'identity') headers.push('content-encoding', encoding);
  response.writeHead(200, headers);
  if (request.method === 'HEAD') response.end();
  else response.end(body);
  return true;
}

/** The metrics' route of a page sent from `keepPage`, as the framework names the pages' (not-found) route. */
const PAGE_ROUTE = 'unmatched';

/**
 * A cached answer's headers, from those its first answer went out with: all but the ones made per answer,
 * with the caching headers of an answer everyone sees, of a viewer's own, and of a 304.
 */
function headOf(headers: Headers): CachedResponse['head'] {
  const kept: [string, HeaderList[number]][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !PER_ANSWER.has(name)) kept.push([name, value]);
  }
  const list = (entries: [string, HeaderList[number]][]) => entries.flat();
  return {
    shared: list([...kept, ...Object.entries(SHARED)]),
    personal: list([...kept, ...Object.entries(PERSONAL)]),
    notModified: list([...kept.filter(([name]) => name !== 'content-type'), ...Object.entries(SHARED)]),
  };
}

/** Work started in one tick of the event loop before more requests wait for a later one (`PerTickLimit`). */
const PER_TICK_LIMIT_MS = 10;

/**
 * Fastify's own HTTP server, with cached responses sent before the framework is entered, and requests
 * started within a limit of work per tick of the event loop, so that waiting connections keep being
 * accepted.
 */
export function serverWithCachedResponses(
  cached: CachedResponses,
  requestId: (request: IncomingMessage) => string,
): FastifyServerOptions['serverFactory'] {
  return (handler, options) => {
    const limit = new PerTickLimit(PER_TICK_LIMIT_MS);
    const server = http.createServer((request, response) => {
      const wait = limit.enter();
      if (wait) void wait.then(() => serve(request, response));
      else serve(request, response);
    });
    const serve = (request: IncomingMessage, response: ServerResponse) => {
      let answered: boolean | Promise<boolean>;
      try {
        answered = cached.answer(request, response);
      } catch {
        // A look-up that failed at once, as one that fails later: the framework's path answers for it.
        answered = false;
      }
      if (answered === false) handle(request, response);
      else if (answered !== true) {
        answered.then(
          (done) => done || handle(request, response),
          // The look-up failed (the database is away, say): the framework's path answers for it.
          () => handle(request, response),
        );
      }
    };
    const handle = (request: IncomingMessage, response: ServerResponse) => {
      response.setHeader(REQUEST_ID_HEADER, requestId(request));
      handler(request, response);
    };
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

/**
 * Caches the answers everyone sees of `readCache` routes in `cached` (also the one a viewer's answer was
 * made from), and answers in-process reads from it.
 */
export function registerReadCache(app: FastifyInstance, cached: CachedResponses): void {
  app.decorateRequest('readTags', null);
  app.decorateRequest('sharedRead', null);
  const marks = new WeakMap<FastifyRequest, number>();

  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config.readCache;
    if (!cached.enabled || !config || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    const answer = cached.get(request.url);
    if (!answer) {
      marks.set(request, cached.mark()!);
      return;
    }
    if (!isAnonymous(request.headers) && config.viewers !== 'none') {
      const { headers } = request;
      if (config.viewers !== 'hides' || !(await cached.seesShared(headers, headers['x-token']))) return;
    }
    if (isInjected(request)) reply.header(READ_TAGS_HEADER, answer.tags.join(' '));
    return sendReady(request, reply, answer.document, SHARED['cache-control']);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const config = request.routeOptions.config.readCache;
    const tags = request.readTags;
    if (tags && isInjected(request)) reply.header(READ_TAGS_HEADER, tags.join(' '));
    if (!config || reply.statusCode !== 200) return payload;
    cached.made();
    reply.headers(tags ? SHARED : PERSONAL);
    const mark = marks.get(request);
    if (mark === undefined || typeof payload !== 'string') return payload;
    if (!tags) {
      const shared = request.sharedRead;
      if (shared?.tags) {
        cacheResponse(request, reply, reply.serialize(shared.value) as string, shared.tags, mark);
      }
      return payload;
    }
    const document = cacheResponse(request, reply, payload, tags, mark);
    const encoding = document.encodingFor(request.headers['accept-encoding']);
    reply.header('etag', document.etag(encoding));
    if (encoding === 'identity') return payload;
    reply.header('content-encoding', encoding);
    return document.encoded(encoding);
  });

  /** Caches `json`, an answer as everyone sees it, with the headers this reply has that are not its own. */
  function cacheResponse(
    request: FastifyRequest,
    reply: FastifyReply,
    json: string,
    tags: readonly string[],
    mark: number,
  ): ReadyDocument {
    const document = new ReadyDocument(json, String(reply.getHeader('content-type')), ANSWER_BROTLI_QUALITY);
    const head = headOf(reply.getHeaders());
    const viewers = request.routeOptions.config.readCache!.viewers;
    const likes = viewers === 'likes' ? LikeSlots.of(json) : undefined;
    const route = request.routeOptions.url ?? 'unmatched';
    cached.set(request.url, { document, tags, head, viewers, likes, route }, mark);
    return document;
  }
}
