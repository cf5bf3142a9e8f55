import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nativeHeapTrimmer } from './native-heap.js';
import { IdleTimer } from './idle-timer.js';
import { TaggedCache } from './tagged-cache.js';

describe('IdleTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('trims what nobody used once requests stop, once per idle spell, and collects twice', () => {
    let now = 0;
    const cache = new TaggedCache<string>({ ttlMs: 600_000, maxEntries: 100, now: () => now });
    let collections = 0;
    const reports: number[] = [];
    const steps: string[] = [];
    const idle = new IdleTimer({
      idleMs: 20_000,
      trims: [(idleMs) => cache.trimIdle(idleMs)],
      collect: () => {
        collections += 1;
        steps.push('collect');
      },
      release: () => steps.push('release'),
      onTrimmed: (dropped) => reports.push(dropped),
      now: () => now,
    });
    cache.set('page 9', 'nine', ['lists'], cache.mark());
    idle.seen();
    now = 10_000;
    cache.set('page 1', 'one', ['lists'], cache.mark());
    idle.seen();
    // Busy: nothing happens.
    now = 25_000;
    expect(idle.check()).toBe(0);
    expect(cache.size).toBe(2);
    // 20 s without a request: nobody asked for anything cached, and it all goes.
    now = 31_000;
    expect(idle.check()).toBe(2);
    expect(cache.size).toBe(0);
    expect(collections).toBe(1);
    expect(reports).toEqual([]);
    // The second collection, and then the report.
    vi.advanceTimersByTime(2_000);
    expect(collections).toBe(2);
    expect(reports).toEqual([2]);
    // The C heap's free pages go back once the second collection has freed what it held.
    expect(steps).toEqual(['collect', 'collect', 'release']);
    // Once per idle spell.
    cache.set('page 2', 'two', ['lists'], cache.mark());
    now = 90_000;
    expect(idle.check()).toBe(0);
    vi.advanceTimersByTime(2_000);
    expect(collections).toBe(2);
    // A new request starts a new spell.
    idle.seen();
    now = 100_000;
    expect(idle.check()).toBe(0);
    now = 111_000;
    expect(idle.check()).toBe(1);
    vi.advanceTimersByTime(2_000);
    expect(collections).toBe(4);
    expect(reports).toEqual([2, 1]);
  });
});

describe('nativeHeapTrimmer', () => {
  it('calls glibc’s malloc_trim on this machine, which hands back the pages C code freed', () => {
    const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
    expect(report.header?.glibcVersionRuntime).toBeTruthy();
    const trim = nativeHeapTrimmer();
    expect(trim).toBeTypeOf('function');
    // zlib's work areas come from the C heap and are freed when each call ends.
    for (let round = 0; round < 50; round += 1)
      zlib.deflateSync(Buffer.alloc(64 * 1024, round), { level: 9 });
    expect(trim!()).toBe(true);
  });
});

describe('TaggedCache.trimIdle', () => {
  it('keeps an entry read recently even if it was cached long ago', () => {
    let now = 0;
    const cache = new TaggedCache<string>({ ttlMs: 600_000, maxEntries: 100, now: () => now });
    cache.set('a', 'A', ['x'], cache.mark());
    cache.set('b', 'B', ['x'], cache.mark());
    now = 50_000;
    expect(cache.get('a')).toBe('A');
    expect(cache.trimIdle(30_000)).toBe(1);
    expect([cache.get('a'), cache.get('b')]).toEqual(['A', undefined]);
  });
});
