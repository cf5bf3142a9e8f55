import { changeTags } from '../../lib/changes.js';
import { TaggedCache } from '../../lib/tagged-cache.js';
import type { ListCriteria } from './portfolios.repository.js';

/** How long a total may be reused. Writes through this process clear it at once; others within this. */
const TTL_MS = 10_000;
const MAX_ENTRIES = 1000;

/**
 * Totals of recently asked lists. A page needs its list's total for the page count, and counting every
 * match again for each page of a popular filter or search would cost more than the page itself.
 * Every portfolio write in this process calls `clear()`, so its own users see exact numbers; writes
 * through other instances show within the TTL. Requests that need a total while it is being counted
 * wait for that count, unless a write came in between (see `TaggedCache`).
 */
export class ListTotals {
  private readonly totals: TaggedCache<number>;

  constructor(now: () => number = Date.now) {
    this.totals = new TaggedCache<number>({ ttlMs: TTL_MS, maxEntries: MAX_ENTRIES, now });
  }

  get(criteria: ListCriteria, count: () => Promise<number>): Promise<number> {
    const key = JSON.stringify([criteria.technologyIds, criteria.searchTerms, criteria.authorId ?? null]);
    return this.totals.getOrLoad(key, async () => ({ value: await count(), tags: [changeTags.lists] }));
  }

  clear(): void {
    this.totals.invalidate([changeTags.lists]);
  }
}
