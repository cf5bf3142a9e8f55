/**
 * How much work requests may start in one tick of the event loop before the rest wait for a later tick.
 *
 * Node (libuv 1.45 and later) accepts one new connection per tick of the event loop, in its poll phase.
 * A request on SQLite runs to its answer without giving the loop back (its statements are synchronous),
 * so when 200 connections each had a request ready, one tick ran them all: 100-870 ms, with one new
 * connection accepted per tick. Connections opened meanwhile waited in the kernel's accept queue for
 * more than 10 s, their requests never reaching the server. Now requests that arrive after `limitMs` of
 * work in a tick wait, first come first served, and start in later ticks, each after the poll phase has
 * run again (and accepted a connection), as many in each tick as the limit allows (at least one).
 */
export class PerTickLimit {
  private readonly waiting: (() => void)[] = [];
  /** When requests began to be started in this tick; undefined before the first. */
  private began: number | undefined;
  private releasing = false;

  constructor(private readonly limitMs: number) {}

  /** Undefined when the request may start now; otherwise a promise that settles when it may. */
  enter(): Promise<void> | undefined {
    if (this.waiting.length === 0) {
      const now = performance.now();
      if (this.began === undefined) {
        this.began = now;
        setImmediate(this.endTick);
      }
      if (now - this.began < this.limitMs) return undefined;
    }
    const wait = new Promise<void>((resolve) => this.waiting.push(resolve));
    if (!this.releasing) {
      this.releasing = true;
      // Runs at the end of this tick and queues the releases for the next one, after its poll phase.
      setImmediate(this.queueReleases);
    }
    return wait;
  }

  private readonly endTick = () => {
    this.began = undefined;
  };

  /**
   * One immediate per waiting request, then one to queue the next round: they run in the next tick's
   * check phase, and microtasks run between immediates, so each sees how long those before it took.
   */
  private readonly queueReleases = () => {
    let began: number | undefined;
    const releaseOne = () => {
      const now = performance.now();
      began ??= now;
      if (now - began < this.limitMs) this.waiting.shift()?.();
    };
    for (let index = 0; index < this.waiting.length; index++) setImmediate(releaseOne);
    setImmediate(() => {
      if (this.waiting.length > 0) this.queueReleases();
      else this.releasing = false;
    });
  };
}
