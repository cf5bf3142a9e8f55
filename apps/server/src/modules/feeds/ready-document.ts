import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller bodies are sent as they are: compressing them saves less than the headers cost. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A finished document as bytes, with its validator and its compressed forms, each made once (on the
 * thread pool) when first asked for. Every form has its own ETag, as RFC 9110 wants of different bytes;
 * they share a prefix, so a client holding any of them is sent a 304.
 */
export class ReadyDocument {
  readonly body: Buffer;
  private readonly hash: string;
  private readonly compressed = new Map<Exclude<ContentEncoding, 'identity'>, Promise<Buffer>>();

  constructor(
    text: string,
    readonly type: string,
  ) {
    this.body = Buffer.from(text, 'utf8');
    this.hash = createHash('sha256').update(this.body).digest('base64url').slice(0, 32);
  }

  get compressible(): boolean {
    return this.body.length >= COMPRESS_FROM_BYTES;
  }

  etag(encoding: ContentEncoding): string {
    return encoding === 'identity' ? `"${this.hash}"` : `"${this.hash}-${encoding}"`;
  }

  /** If-None-Match compares weakly (RFC 9110 13.1.2): `W/` is ignored and `*` matches any. */
  matches(ifNoneMatch: string | undefined): boolean {
    if (!ifNoneMatch) return false;
    return ifNoneMatch.split(',').some((candidate) => {
      const tag = candidate.trim().replace(/^W\//, '');
      return tag === '*' || tag === `"${this.hash}"` || tag.startsWith(`"${this.hash}-`);
    });
  }

  encoded(encoding: ContentEncoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(this.body);
    let result = this.compressed.get(encoding);
    if (!result) {
      result =
        encoding === 'br'
          ? brotli(this.body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
              },
            })
          : gzip(this.body, { level: 9 });
      this.compressed.set(encoding, result);
    }
    return result;
  }
}

/**
 * The encoding to send for an Accept-Encoding header: the most preferred of brotli and gzip that the
 * client accepts (brotli on a tie), else the bytes as they are.
 */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const [br, gz] = [weightOf('br'), weightOf('gzip')];
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : 'identity';
}

/**
 * Built values kept for `ttlMs`, and dropped at once by `clear()`. Callers asking while a value is being
 * built share that build; a build that fails is not kept.
 */
export class TimedCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, build: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key);
    if (cached && cached.expires > this.now()) return cached.value;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const entry = { value: build(), expires: this.now() + this.ttlMs };
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  clear(): void {
    this.entries.clear();
  }
}
