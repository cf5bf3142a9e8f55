import type { FastifyRequest } from 'fastify';
import type { ChangeFeed } from './changes.js';
import { type Loaded, TaggedCache } from './tagged-cache.js';

/**
 * A value read from the database as anyone sees it, and the names of everything it was made from (null
 * when it may not be cached, a viewer's own answer say): what a `TaggedCache` loader makes.
 */
export interface Read<V> extends Loaded<V> {
  /** For a viewer's own value (`tags` null), the read everyone sees that it was made from. */
  shared?: Read<V>;
}

/**
 * What the API reads for everyone (pages of portfolios, a portfolio, a user), cached until a write
 * names something it was made from (see `changeTags`), so a signed-in request adds only what is its own
 * (which of these it likes, its own email) to a cached read. Off (`READ_CACHE=off`), every read goes to the
 * database: the bench measures both.
 */
export class Reads {
  private readonly cache: TaggedCache<Read<unknown>> | null;

  constructor(options: { enabled: boolean; changes: ChangeFeed; maxEntries?: number }) {
    this.cache = options.enabled
      ? new TaggedCache<Read<unknown>>({
          ttlMs: 10 * 60_000,
          maxEntries: options.maxEntries ?? 5_000,
        }).follow(options.changes)
      : null;
  }

  /** Drops what nobody read for `idleMs` (see `IdleTimer`); answers how many went. */
  trimIdle(idleMs: number): number {
    return this.cache?.trimIdle(idleMs) ?? 0;
  }

  async get<V>(key: string, load: () => Promise<Read<V>>): Promise<Read<V>> {
    if (!this.cache) return load();
    const read = await this.cache.getOrLoad(key, async () => {
      const loaded = await load();
      return { value: loaded, tags: loaded.tags };
    });
    return read as Read<V>;
  }
}

/**
 * A route's answer from a read: its value, with what it was made from (or, for a viewer's own, the read
 * everyone sees) for the answer cache.
 */
export function answer<V>(request: FastifyRequest, read: Read<V>): V {
  request.readTags = read.tags;
  request.sharedRead = read.shared ?? null;
  return read.value;
}

/** A viewer's own value made from `shared`, the read everyone sees. */
export function personal<V>(value: V, shared: Read<V>): Read<V> {
  return { value, tags: null, shared };
}
