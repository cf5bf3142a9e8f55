import { describe, expect, it } from 'vitest';
import { TaggedCache } from './tagged-cache.js';

const cache = (options: Partial<ConstructorParameters<typeof TaggedCache<string>>[0]> = {}) =>
  new TaggedCache<string>({ ttlMs: 60_000, maxEntries: 100, ...options });

describe('TaggedCache', () => {
  it('drops exactly the entries that carry an invalidated name', () => {
    const cached = cache();
    cached.set('list', 'page 1', ['lists'], cached.mark());
    cached.set('a', 'portfolio a', ['portfolio:a'], cached.mark());
    cached.set('b', 'portfolio b', ['portfolio:b', 'user:u'], cached.mark());
    cached.invalidate(['portfolio:a', 'lists']);
    expect([cached.get('list'), cached.get('a'), cached.get('b')]).toEqual([
      undefined,
      undefined,
      'portfolio b',
    ]);
    cached.invalidate(['*']);
    expect(cached.get('b')).toBeUndefined();
  });

  it('does not keep what was loaded across an invalidation of one of its names', async () => {
    const cached = cache();
    let finish: (value: string) => void = () => {};
    const loading = cached.getOrLoad(
      'a',
      () => new Promise((resolve) => (finish = (value) => resolve({ value, tags: ['portfolio:a'] }))),
    );
    cached.invalidate(['portfolio:a']);
    finish('old count');
    expect(await loading).toBe('old count');
    expect(cached.get('a')).toBeUndefined();
    // Another name's invalidation does not matter, and a load that starts afterwards is cached.
    const mark = cached.mark();
    cached.invalidate(['portfolio:b']);
    expect(cached.set('a', 'new count', ['portfolio:a'], mark)).toBe(true);
    expect(cached.get('a')).toBe('new count');
  });

  it('loads once for concurrent asks, and not at all while cached', async () => {
    const cached = cache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { value: 'page', tags: ['lists'] };
    };
    const values = await Promise.all(Array.from({ length: 5 }, () => cached.getOrLoad('list', load)));
    expect(values).toEqual(Array(5).fill('page'));
    expect(await cached.getOrLoad('list', load)).toBe('page');
    expect(loads).toBe(1);
  });

  it('never gives a load begun before a write to whoever asks after it', async () => {
    const cached = cache();
    const finishers: ((value: string) => void)[] = [];
    const load = () =>
      new Promise<{ value: string; tags: string[] }>((resolve) =>
        finishers.push((value) => resolve({ value, tags: ['portfolio:a'] })),
      );
    const before = cached.getOrLoad('a', load);
    // The write is acknowledged here: its invalidation came first.
    cached.invalidate(['portfolio:a']);
    const after = cached.getOrLoad('a', load);
    expect(finishers).toHaveLength(2);
    finishers[1]!('new count');
    finishers[0]!('old count');
    expect([await before, await after]).toEqual(['old count', 'new count']);
    expect(cached.get('a')).toBe('new count');
    // With nothing invalidated meanwhile, concurrent asks still share one load.
    const [x, y] = [cached.getOrLoad('b', load), cached.getOrLoad('b', load)];
    expect(finishers).toHaveLength(3);
    finishers[2]!('b');
    expect([await x, await y]).toEqual(['b', 'b']);
  });

  it('serves but never caches a value loaded without tags', async () => {
    const cached = cache();
    expect(await cached.getOrLoad('private', async () => ({ value: 'form', tags: null }))).toBe('form');
    expect(cached.get('private')).toBeUndefined();
  });

  it('expires entries and drops the least recently used beyond its bounds', () => {
    let now = 0;
    const cached = cache({
      ttlMs: 1000,
      maxEntries: 2,
      maxBytes: 10,
      sizeOf: (value) => value.length,
      now: () => now,
    });
    cached.set('a', 'aaaa', [], cached.mark());
    cached.set('b', 'bbbb', [], cached.mark());
    expect(cached.get('a')).toBe('aaaa');
    cached.set('c', 'cccc', [], cached.mark());
    expect([cached.get('a'), cached.get('b'), cached.get('c')]).toEqual(['aaaa', undefined, 'cccc']);
    cached.set('d', 'dddddddd', [], cached.mark());
    expect(cached.size).toBe(1);
    now = 1001;
    expect(cached.get('d')).toBeUndefined();
  });
});
