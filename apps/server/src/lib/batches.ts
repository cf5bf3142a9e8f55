/** At most this many look-ups go into one statement. */
const MAX_BATCH = 100;

/**
 * Look-ups asked for while the event loop handles one round of I/O, run together right after it
 * (`setImmediate`): under load, one round trip to the database serves many requests instead of each
 * paying its own. Nothing is cached between rounds: every look-up runs after it was asked for. `run`
 * answers the keys in their order.
 */
export class Batches<K, R> {
  private pending: { key: K; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];

  constructor(private readonly run: (keys: readonly K[]) => Promise<readonly R[]>) {}

  load(key: K): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      if (this.pending.push({ key, resolve, reject }) === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const waiting = this.pending;
    this.pending = [];
    for (let start = 0; start < waiting.length; start += MAX_BATCH) {
      const batch = waiting.slice(start, start + MAX_BATCH);
      this.run(batch.map((entry) => entry.key)).then(
        (results) => batch.forEach((entry, index) => entry.resolve(results[index]!)),
        (error: unknown) => batch.forEach((entry) => entry.reject(error)),
      );
    }
  }
}
