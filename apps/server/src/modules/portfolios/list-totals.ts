import { type ChangeFeed, changeTags } from '../../lib/changes.js';
import { TaggedCache } from '../../lib/tagged-cache.js';
import type { ListCriteria } from '../../data/portfolios.repository.js';

/** How long a total may be reused at most. */
const TTL_MS = 10_000;
const MAX_ENTRIES = 1000;

/**
 * Totals of recently asked lists. A page needs its list's total for the page count, and counting every
 * match again for each page of a popular filter or search would cost more than the page itself.
 * Every write that changes a list clears them (`follow`, here and through Redis on other instances), so
 * nobody sees a total older than a write acknowledged to them. Requests that need a total while it is being counted
 * wait for that count, unless a write came in between (see `TaggedCache`).
 */
export class ListTotals {
  private readonly totals: TaggedCache<number>;

  constructor(now: () => number = Date.now) {
    this.totals = new TaggedCache<number>({ ttlMs: TTL_MS, maxEntries: MAX_ENTRIES, now });
  }

  /** Cleared by every write that changes a list. */
  follow(changes: ChangeFeed): void {
    this.totals.follow(changes);
  }

  /** Drops the totals nobody asked for in `idleMs`; answers how many went. */
  trimIdle(idleMs: number): number {
    return this.totals.trimIdle(idleMs);
  }

  async get(criteria: ListCriteria, count: () => Promise<number>): Promise<number> {
    const key = JSON.stringify([criteria.technologyIds, criteria.searchTerms, criteria.authorId ?? null]);
    return this.totals.getOrLoad(key, async () => ({ value: await count(), tags: [changeTags.lists] }));
  }

  clear(): void {
    this.totals.invalidate([changeTags.lists]);
  }
}
