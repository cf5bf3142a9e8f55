import type { ListCriteria } from './portfolios.repository.js';

/** How long a total may be reused. Writes through this process clear it at once; others within this. */
const TTL_MS = 10_000;
const MAX_ENTRIES = 1000;

/**
 * Totals of recently asked lists. A page needs its list's total for the page count, and counting every
 * match again for each page of a popular filter or search would cost more than the page itself.
 * Every portfolio write in this process calls `clear()`, so its own users see exact numbers; writes
 * through other instances show within the TTL.
 */
export class ListTotals {
  private readonly entries = new Map<string, { total: number; expires: number }>();
  private generation = 0;
  private readonly counting = new Map<string, Promise<number>>();

  constructor(private readonly now: () => number = Date.now) {}

  async get(criteria: ListCriteria, count: () => Promise<number>): Promise<number> {
    const key = JSON.stringify([criteria.technologyIds, criteria.searchTerms, criteria.authorId ?? null]);
    const cached = this.entries.get(key);
    if (cached && cached.expires > this.now()) return cached.total;
    // Requests that need the same total while it is being counted wait for that count: on a busy list
    // they would otherwise all count at once, each slower for the others.
    const counting = this.counting.get(key);
    if (counting) return counting;
    const generation = this.generation;
    const pending = count();
    this.counting.set(key, pending);
    try {
      const total = await pending;
      // A write that happened while counting may not be in the total: do not keep it.
      if (generation === this.generation) {
        this.entries.delete(key);
        if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(key, { total, expires: this.now() + TTL_MS });
      }
      return total;
    } finally {
      if (this.counting.get(key) === pending) this.counting.delete(key);
    }
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    // A count under way may miss the write: whoever asks from now on counts again.
    this.counting.clear();
  }
}
