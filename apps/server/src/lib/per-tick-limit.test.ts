import { describe, expect, it } from 'vitest';
import { PerTickLimit } from './per-tick-limit.js';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};
const nextTick = () => new Promise((resolve) => setImmediate(resolve));

describe('PerTickLimit', () => {
  it('starts requests at once within the limit of a tick, the rest in later ticks in their order', async () => {
    const limit = new PerTickLimit(5);
    expect(limit.enter()).toBeUndefined();
    busy(6);
    const started: number[] = [];
    const waits = [1, 2, 3].map((index) =>
      limit.enter()!.then(() => {
        started.push(index);
        busy(6);
      }),
    );
    // Waiting requests go first: a later arrival waits behind them.
    const late = limit.enter();
    expect(late).toBeInstanceOf(Promise);
    await Promise.all([...waits, late]);
    expect(started).toEqual([1, 2, 3]);
    // With nobody waiting and a new tick, requests start at once again.
    await nextTick();
    await nextTick();
    expect(limit.enter()).toBeUndefined();
  });

  it('starts no more waiting requests in a tick once its limit is reached', async () => {
    const limit = new PerTickLimit(5);
    limit.enter();
    busy(6);
    const order: string[] = [];
    let timer: Promise<void> | undefined;
    const waits = [1, 2].map((index) =>
      limit.enter()!.then(() => {
        order.push(`request ${index}`);
        // Scheduled by the first request, run in the next tick: before the second request starts.
        timer ??= new Promise<void>((resolve) => setTimeout(() => (order.push('next tick'), resolve()), 0));
        busy(6);
      }),
    );
    await Promise.all(waits);
    await timer;
    expect(order).toEqual(['request 1', 'next tick', 'request 2']);
  });
});
