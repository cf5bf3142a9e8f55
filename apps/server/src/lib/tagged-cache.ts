import { LRUCache } from 'lru-cache';
import { type ChangeFeed, changeTags } from './changes.js';
import { lruTtl } from './lru-ttl.js';
import type { Soon } from './soon.js';

export interface TaggedCacheOptions<V> {
  /** How long an entry is cached at most, whatever happens. */
  ttlMs: number;
  maxEntries: number;
  /** Bytes held at most, counted with `sizeOf`. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  tags: readonly string[];
  /** When it was last cached or read. */
  used: number;
}

/** What a loader made, and the names of everything it was made from (see `changeTags`). */
export interface Loaded<V> {
  value: V;
  /** Null when it may not be cached (it is served once). */
  tags: readonly string[] | null;
}

/** An invalidation is remembered this long: far longer than any load takes. */
const REMEMBER_MS = 60_000;

/**
 * Values made from the database, each tagged with what it was made from. A write names what it changed
 * (`invalidate`) and every entry carrying one of those names goes at once. A load that started before an
 * invalidation of one of its names is not cached, even if it finishes after it: it may hold what the
 * write changed. Concurrent loads of one key share one load. Entries also expire after `ttlMs`, and the
 * least recently used go first beyond the bounds (lru-cache holds them; the tags are ours, see
 * docs/caches.md).
 */
export class TaggedCache<V> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly byTag = new Map<string, Set<string>>();
  private readonly loading = new Map<string, { promise: Promise<V>; mark: number }>();
  /** When each name was last invalidated, by sequence number; and when everything was. */
  private readonly invalidated = new Map<string, { sequence: number; at: number }>();
  private everythingAt = 0;
  private sequence = 0;
  private feed: ChangeFeed | undefined;
  private readonly now: () => number;

  constructor(options: TaggedCacheOptions<V>) {
    const now = options.now ?? Date.now;
    const { maxBytes, sizeOf } = options;
    this.now = now;
    this.entries = new LRUCache<string, Entry<V>>({
      max: options.maxEntries,
      // lru-cache counts sizes in positive integers: an entry of no bytes (a redirect) counts as one.
      ...(maxBytes === undefined
        ? {}
        : { maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, sizeOf?.(entry.value) ?? 0) }),
      ...lruTtl(options.ttlMs, now),
      // However an entry goes (a write, the bounds, expiry, a trim), its names stop pointing at it.
      dispose: (entry, key) => this.unindex(key, entry.tags),
    });
  }

  /**
   * Drops what each write names, and caches nothing while the feed cannot hear every write (Redis away
   * with several instances): what is read then is served once.
   */
  follow(feed: ChangeFeed): this {
    this.feed = feed;
    feed.subscribe((tags) => this.invalidate(tags));
    return this;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    entry.used = this.now();
    return entry.value;
  }

  /**
   * The value for `key`, loaded once by whoever asks first while it is missing. A load joins one under
   * way only if nothing was invalidated since that one began: whoever asks after a write was
   * acknowledged must not be given what was read before it. A kept value comes at once, not as a promise
   * (see `Soon`): on the hottest paths a promise's turn is a fifth of the work.
   */
  getOrLoad(key: string, load: () => Promise<Loaded<V>>): Soon<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const underWay = this.loading.get(key);
    if (underWay && underWay.mark === this.sequence) return underWay.promise;
    const mark = this.sequence;
    const promise: Promise<V> = load()
      .then(({ value, tags }) => {
        if (tags) this.set(key, value, tags, mark);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
      });
    this.loading.set(key, { promise, mark });
    return promise;
  }

  /** A point in the sequence of invalidations, to pass to `set`. */
  mark(): number {
    return this.sequence;
  }

  /** Caches `value` unless one of its tags was invalidated after `mark`; says whether it did. */
  set(key: string, value: V, tags: readonly string[], mark: number): boolean {
    if (this.feed?.live === false) return false;
    if (this.everythingAt > mark || tags.some((tag) => (this.invalidated.get(tag)?.sequence ?? 0) > mark)) {
      return false;
    }
    const entry: Entry<V> = { value, tags, used: this.now() };
    this.entries.set(key, entry);
    // Too large for the bounds on its own: not cached, nothing else dropped for it.
    if (this.entries.peek(key) !== entry) return false;
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    return true;
  }

  invalidate(tags: readonly string[]): void {
    this.sequence += 1;
    const now = this.now();
    if (tags.includes(changeTags.everything)) {
      this.everythingAt = this.sequence;
      this.clear();
      return;
    }
    for (const tag of tags) {
      this.invalidated.set(tag, { sequence: this.sequence, at: now });
      for (const key of this.byTag.get(tag) ?? []) this.entries.delete(key);
    }
    // Loads take milliseconds: an invalidation long past can no longer overlap one.
    if (this.invalidated.size > 10_000) {
      for (const [tag, { at }] of this.invalidated) if (now - at > REMEMBER_MS) this.invalidated.delete(tag);
    }
  }

  /**
   * Drops the expired entries and those nobody read for `idleMs`, least recently used first, so the walk
   * stops at the first one still in use. Answers how many went.
   */
  trimIdle(idleMs: number): number {
    const before = this.now() - idleMs;
    const size = this.entries.size;
    this.entries.purgeStale();
    const idle: string[] = [];
    for (const key of this.entries.rkeys()) {
      if (this.entries.peek(key, { allowStale: true })!.used > before) break;
      idle.push(key);
    }
    for (const key of idle) this.entries.delete(key);
    return size - this.entries.size;
  }

  clear(): void {
    this.byTag.clear();
    this.entries.clear();
  }

  private unindex(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}
