import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChangeFeed } from '../lib/changes.js';
import { chooseEncoding, ReadyDocument, sendReady } from '../lib/ready-document.js';
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

const isAnonymous = (request: FastifyRequest) =>
  request.headers['x-token'] === undefined && request.headers.token === undefined;

/** Requests from inside the process (the page renderer) have no socket of their own. */
const isInjected = (request: FastifyRequest) => !(request.raw.socket instanceof Socket);

interface KeptAnswer {
  document: ReadyDocument;
  tags: readonly string[];
}

/**
 * Anonymous GET answers of the routes that ask for it (`config.readCache`), kept as the bytes that are
 * sent (with their compressed forms and ETag) until a write names something they were made from: a hit
 * is answered in `onRequest`, before authentication, validation, the handler and serialisation. A
 * signed-in request always goes to its handler (which still reuses the service's kept values, see
 * `Reads`). An answer whose read began before a write that touches it is not kept (`TaggedCache`).
 */
export function registerReadCache(
  app: FastifyInstance,
  options: { enabled: boolean; changes: ChangeFeed },
): void {
  app.decorateRequest('readTags', null);
  const cache = options.enabled
    ? new TaggedCache<KeptAnswer>({
        ttlMs: 10 * 60_000,
        maxEntries: 10_000,
        maxBytes: 64 * 1024 * 1024,
        sizeOf: (kept) => kept.document.body.length,
      })
    : null;
  if (cache) options.changes.subscribe((tags) => cache.invalidate(tags));
  const marks = new WeakMap<FastifyRequest, number>();

  app.addHook('onRequest', async (request, reply) => {
    if (!cache || !request.routeOptions.config.readCache || !isAnonymous(request)) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const kept = cache.get(request.url);
    if (!kept) {
      marks.set(request, cache.mark());
      return;
    }
    if (isInjected(request)) reply.header(READ_TAGS_HEADER, kept.tags.join(' '));
    return sendReady(request, reply, kept.document, 'no-cache');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const tags = request.readTags;
    if (tags && isInjected(request)) reply.header(READ_TAGS_HEADER, tags.join(' '));
    const mark = marks.get(request);
    if (!cache || mark === undefined || !tags || reply.statusCode !== 200 || typeof payload !== 'string') {
      return payload;
    }
    const ready = new ReadyDocument(payload, String(reply.getHeader('content-type')), ANSWER_BROTLI_QUALITY);
    cache.set(request.url, { document: ready, tags }, tags, mark);
    const encoding = ready.compressible ? chooseEncoding(request.headers['accept-encoding']) : 'identity';
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', ready.etag(encoding));
    if (encoding === 'identity') return payload;
    reply.header('content-encoding', encoding);
    return ready.encoded(encoding);
  });
}
