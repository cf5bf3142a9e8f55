/**
 * What the server caches for traffic (responses as ready bytes, reads, totals) is worth its memory while
 * the traffic lasts. When no request has come for `idleMs`, whatever nobody asked for in that time is let
 * go, and, when the runtime allows it (`node --expose-gc`, as `npm start` runs), two full garbage
 * collections hand the freed memory back to the system instead of waiting for the next busy spell to
 * reuse it. Under steady traffic nothing is trimmed beyond the caches' own bounds.
 */
export class IdleTimer {
  private lastRequest: number;
  /** Whether this idle spell was already trimmed. */
  private trimmed = true;
  private timer: NodeJS.Timeout | undefined;
  private settling: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: {
      idleMs: number;
      /** Each drops what nobody used for the given time and answers how many entries went. */
      trims: readonly ((idleMs: number) => number)[];
      collect?: (() => void) | undefined;
      /** Hands the C heap's free pages back to the system, after the second collection (see native-heap.ts). */
      release?: (() => unknown) | undefined;
      /** Told how many entries went, after the second collection (or at once without `collect`). */
      onTrimmed?: (dropped: number) => void;
      /** How long after the first collection the second runs (2 s). */
      settleMs?: number;
      now?: () => number;
    },
  ) {
    this.lastRequest = this.now();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** A request came. */
  seen(): void {
    this.lastRequest = this.now();
    this.trimmed = false;
  }

  /** Trims once per idle spell; answers how many entries went (0 while busy or already trimmed). */
  check(): number {
    if (this.trimmed || this.now() - this.lastRequest < this.options.idleMs) return 0;
    this.trimmed = true;
    const dropped = this.options.trims.reduce((sum, trim) => sum + trim(this.options.idleMs), 0);
    const { collect, release, onTrimmed } = this.options;
    if (!collect) {
      release?.();
      onTrimmed?.(dropped);
      return dropped;
    }
    // V8 frees the memory behind Buffers on its own threads after the collection that found them
    // unreachable; a second collection a moment later hands that back too (measured: 41 MB of Buffers
    // still held after the first, 4 MB after the second).
    collect();
    clearTimeout(this.settling);
    this.settling = setTimeout(() => {
      collect();
      release?.();
      onTrimmed?.(dropped);
    }, this.options.settleMs ?? 2000);
    this.settling.unref();
    return dropped;
  }

  /** Checks every `everyMs` until `stop`; the timer never keeps the process alive. */
  start(everyMs: number): this {
    this.timer = setInterval(() => this.check(), everyMs);
    this.timer.unref();
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
    clearTimeout(this.settling);
  }
}

/** `gc` when the process runs with `--expose-gc`. */
export function exposedCollector(): (() => void) | undefined {
  const gc = (globalThis as { gc?: () => void }).gc;
  return typeof gc === 'function' ? () => gc() : undefined;
}
