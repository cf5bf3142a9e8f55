import { LRUCache } from 'lru-cache';
import { lruTtl } from '../../lib/lru-ttl.js';

/**
 * Built values cached for `ttlMs` (0: not at all), and dropped at once by `clear()`. Callers asking while
 * a value is being built share that build; a build that fails is not cached.
 */
export class TimedCache<T> {
  private readonly entries: LRUCache<string, Promise<T>> | undefined;

  constructor(ttlMs: number, maxEntries: number, now: () => number = Date.now) {
    this.entries =
      ttlMs > 0 ? new LRUCache<string, Promise<T>>({ max: maxEntries, ...lruTtl(ttlMs, now) }) : undefined;
  }

  get(key: string, build: () => Promise<T>): Promise<T> {
    if (!this.entries) return build();
    // `peek`: reading does not lengthen a value's life, so the first built, the nearest to expiring, is
    // the one to drop when full.
    const cached = this.entries.peek(key);
    if (cached) return cached;
    const value = build();
    this.entries.set(key, value);
    value.catch(() => {
      if (this.entries?.peek(key) === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries?.clear();
  }
}
