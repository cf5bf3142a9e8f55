import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesIfNoneMatch } from './http-cache.js';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/** Smaller bodies are sent as they are: compressing them saves less than the headers cost. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A finished document as bytes, with its validator and its compressed forms, each made once (on the
 * thread pool) when first asked for. Every form has its own ETag, as RFC 9110 wants of different bytes;
 * they share a prefix, so a client holding any of them is sent a 304.
 */
export class ReadyDocument implements SendableDocument {
  readonly body: Buffer;
  private readonly hash: string;
  private readonly compressed = new Map<Exclude<ContentEncoding, 'identity'>, Promise<Buffer>>();
  private readonly made = new Map<ContentEncoding, Buffer>();

  /**
   * `brotliQuality` 9 for documents cached long (feeds, sitemaps); less for what a write may replace at once
   * (pages, API answers), where compressing again after each change must stay cheap.
   */
  constructor(
    text: string | Buffer,
    readonly type: string,
    private readonly brotliQuality = 9,
  ) {
    this.body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    this.hash = createHash('sha256').update(this.body).digest('base64url').slice(0, 32);
  }

  get compressible(): boolean {
    return this.body.length >= COMPRESS_FROM_BYTES;
  }

  etag(encoding: ContentEncoding): string {
    return etagOf(this.hash, encoding);
  }

  /** Whether the client's copy (any form of these bytes) is current. */
  matches(ifNoneMatch: string | undefined): boolean {
    return matchesAnyForm(this.hash, ifNoneMatch);
  }

  /** The form to send for an Accept-Encoding header: small documents always go as they are. */
  encodingFor(acceptEncoding: string | undefined): ContentEncoding {
    return this.compressible ? chooseEncoding(acceptEncoding) : 'identity';
  }

  /** The bytes in this encoding if they are made already (the plain ones always are). */
  encodedNow(encoding: ContentEncoding): Buffer | undefined {
    return encoding === 'identity' ? this.body : this.made.get(encoding);
  }

  encoded(encoding: ContentEncoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(this.body);
    let result = this.compressed.get(encoding);
    if (!result) {
      result = encode(this.body, encoding, this.brotliQuality);
      result.then(
        (bytes) => this.made.set(encoding, bytes),
        () => undefined,
      );
      this.compressed.set(encoding, result);
    }
    return result;
  }
}

/** Each form of a document has its own ETag; they share the hash of the document's bytes. */
const etagOf = (hash: string, encoding: ContentEncoding) =>
  encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding}"`;

const matchesAnyForm = (hash: string, ifNoneMatch: string | undefined) =>
  matchesIfNoneMatch(ifNoneMatch, (tag) => tag === `"${hash}"` || tag.startsWith(`"${hash}-`));

/** Text handed to the compressor at a time while packing. */
const PACK_BATCH = 64 * 1024;

/** What `sendReady` sends: a document's forms, their validators and which form suits a client. */
export interface SendableDocument {
  readonly type: string;
  etag(encoding: ContentEncoding): string;
  matches(ifNoneMatch: string | undefined): boolean;
  encodingFor(acceptEncoding: string | undefined): ContentEncoding;
  encoded(encoding: ContentEncoding): Promise<Buffer>;
}

/**
 * A large document kept only as gzip (a sitemap file of 50,000 addresses in four languages is 40 MB of
 * text and half a megabyte compressed): sent so to every client that takes gzip, as crawlers do, and
 * decompressed again for each one that does not, so the text itself is never kept.
 */
export class GzippedDocument implements SendableDocument {
  private constructor(
    private readonly gzipped: Buffer,
    readonly type: string,
    private readonly hash: string,
  ) {}

  /**
   * The document made of `pieces`, compressed on the thread pool as they are handed over, so that the
   * whole text never stands in memory as one string or buffer.
   */
  static async pack(pieces: Iterable<string>, type: string): Promise<GzippedDocument> {
    const stream = zlib.createGzip({ level: 6 });
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = once(stream, 'end');
    let batch = '';
    for (const piece of pieces) {
      batch += piece;
      if (batch.length < PACK_BATCH) continue;
      if (!stream.write(batch)) await once(stream, 'drain');
      batch = '';
    }
    stream.end(batch);
    await ended;
    const gzipped = Buffer.concat(chunks);
    return new GzippedDocument(
      gzipped,
      type,
      createHash('sha256').update(gzipped).digest('base64url').slice(0, 32),
    );
  }

  etag(encoding: ContentEncoding): string {
    return etagOf(this.hash, encoding);
  }

  matches(ifNoneMatch: string | undefined): boolean {
    return matchesAnyForm(this.hash, ifNoneMatch);
  }

  /** Gzip whenever the client takes it, though it would rather have brotli: this is the form there is. */
  encodingFor(acceptEncoding: string | undefined): ContentEncoding {
    return acceptEncoding && encodingWeights(acceptEncoding)('gzip') > 0 ? 'gzip' : 'identity';
  }

  encoded(encoding: ContentEncoding): Promise<Buffer> {
    return encoding === 'identity' ? gunzip(this.gzipped) : Promise.resolve(this.gzipped);
  }
}

/** Compressed bytes, made on the thread pool: brotli at `brotliQuality`, gzip at 9 or 6 to match. */
export function encode(
  body: Buffer,
  encoding: Exclude<ContentEncoding, 'identity'>,
  brotliQuality: number,
): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzip(body, { level: brotliQuality >= 9 ? 9 : 6 });
}

/**
 * The encoding to send for an Accept-Encoding header: the most preferred of brotli and gzip that the
 * client accepts (brotli on a tie), else the bytes as they are.
 */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  const weightOf = encodingWeights(acceptEncoding);
  const [br, gz] = [weightOf('br'), weightOf('gzip')];
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : 'identity';
}

/** How much a client wants each encoding (0: not at all), as its Accept-Encoding header says. */
function encodingWeights(acceptEncoding: string): (name: string) => number {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return (name) => weights.get(name) ?? weights.get('*') ?? 0;
}

/** A `Vary` value that also names `header`. */
function varyWith(existing: unknown, header: string): string {
  const names = typeof existing === 'string' && existing !== '' ? existing.split(/\s*,\s*/) : [];
  return names.includes(header) ? names.join(', ') : [...names, header].join(', ');
}

/**
 * A ready document as bytes, compressed when the client accepts it and it is worth it, with its ETag,
 * or a 304 for the client's copy. `cacheControl` says how long a client may reuse it unasked.
 */
export async function sendReady(
  request: FastifyRequest,
  reply: FastifyReply,
  ready: SendableDocument,
  cacheControl: string,
): Promise<FastifyReply> {
  const encoding = ready.encodingFor(request.headers['accept-encoding']);
  reply
    .header('cache-control', cacheControl)
    .header('vary', varyWith(reply.getHeader('vary'), 'accept-encoding'))
    .header('etag', ready.etag(encoding))
    .type(ready.type);
  if (ready.matches(request.headers['if-none-match'])) return reply.code(304).send();
  const body = await ready.encoded(encoding);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.header('content-length', body.length).send(body);
}
