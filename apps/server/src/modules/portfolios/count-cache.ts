/**
 * Totals of portfolio lists, kept until the next write that can change one (create, update, delete) or a
 * few seconds, whichever comes first. Within one process every answer is exact; with several instances a
 * total may lag another instance's write by at most `ttlMs`.
 */
export class CountCache {
  private generation = 0;
  private readonly entries = new Map<string, { generation: number; expiresAt: number; total: number }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 2_000,
  ) {}

  async get(key: string, count: () => Promise<number>): Promise<number> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.generation === this.generation && hit.expiresAt > now) return hit.total;
    const generation = this.generation;
    const total = await count();
    if (generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { generation, expiresAt: now + this.ttlMs, total });
    }
    return total;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
