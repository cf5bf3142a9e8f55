import type { LRUCache } from 'lru-cache';

/**
 * lru-cache options for entries that expire `ttlMs` after they were set, on `now` (whole milliseconds;
 * tests move their own clock). lru-cache reads a start time of 0 as "no TTL" and keeps an entry while
 * its age is at most `ttl`, so its clock runs one millisecond ahead and its `ttl` is one less: an entry
 * goes when its age reaches `ttlMs`. It reads the clock on every check (`ttlResolution: 0`) rather than
 * reuse a reading for a millisecond of real time, which a test's clock does not follow.
 */
export function lruTtl(
  ttlMs: number,
  now: () => number = () => Date.now(),
): Required<Pick<LRUCache.OptionsBase<string, object, unknown>, 'ttl' | 'ttlResolution' | 'perf'>> {
  if (!Number.isInteger(ttlMs) || ttlMs < 2) throw new RangeError(`a TTL of ${ttlMs} ms: give at least 2`);
  return { ttl: ttlMs - 1, ttlResolution: 0, perf: { now: () => now() + 1 } };
}
