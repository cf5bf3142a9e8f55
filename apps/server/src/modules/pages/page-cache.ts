import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { changeTags } from '../../lib/changes.js';

/** A rendered page, kept as the bytes that are sent. */
export interface CachedPage {
  status: number;
  body: Buffer;
  etag: string;
  /** Compressed copies, made on first demand. */
  br?: Buffer;
  gzip?: Buffer;
}

interface Entry {
  page: CachedPage;
  tags: readonly string[];
  expires: number;
  bytes: number;
}

export interface PageCacheOptions {
  /** Also bounds how old the relative dates in a page (read without JavaScript) may get. */
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

/**
 * Rendered pages by address. Each remembers what it was made from (see `changeTags`); a write names what
 * it changed and every page made from that is dropped before the writer gets its answer. A page is also
 * dropped after `ttlMs`, and the least recently used go first beyond the size bounds.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  private bytes = 0;
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(options: PageCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 2_000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.page;
  }

  /** A mark to pass to `set`: a page rendered before an invalidation that happened meanwhile is not kept. */
  mark(): number {
    return this.generation;
  }

  set(key: string, page: CachedPage, tags: readonly string[], mark: number): void {
    if (mark !== this.generation) return;
    this.delete(key);
    const entry: Entry = { page, tags, expires: this.now() + this.ttlMs, bytes: page.body.length };
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  invalidate(tags: readonly string[]): void {
    this.generation += 1;
    if (tags.includes(changeTags.everything)) {
      this.entries.clear();
      this.byTag.clear();
      this.bytes = 0;
      return;
    }
    for (const tag of tags) {
      for (const key of this.byTag.get(tag) ?? []) this.delete(key);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}

export function cachedPage(status: number, html: string): CachedPage {
  const body = Buffer.from(html);
  return { status, body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"` };
}

/** The page's bytes in the best encoding the client takes, compressed once and kept. */
export function encodedBody(
  page: CachedPage,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const accepts = (name: string) =>
    new RegExp(`(^|[\\s,])${name}(;q=(?!0(\\.0*)?\\b)[\\d.]+)?([\\s,]|$)`).test(acceptEncoding ?? '');
  if (accepts('br')) {
    page.br ??= zlib.brotliCompressSync(page.body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
      },
    });
    return { body: page.br, encoding: 'br' };
  }
  if (accepts('gzip')) {
    page.gzip ??= zlib.gzipSync(page.body, { level: 6 });
    return { body: page.gzip, encoding: 'gzip' };
  }
  return { body: page.body };
}
