import { describe, expect, it } from 'vitest';
import { TaggedCache } from './tagged-cache.js';

const cache = (options: Partial<ConstructorParameters<typeof TaggedCache<string>>[0]> = {}) =>
  new TaggedCache<string>({ ttlMs: 60_000, maxEntries: 100, ...options });

describe('TaggedCache', () => {
  it('drops exactly the entries that carry an invalidated name', () => {
    const kept = cache();
    kept.set('list', 'page 1', ['lists'], kept.mark());
    kept.set('a', 'portfolio a', ['portfolio:a'], kept.mark());
    kept.set('b', 'portfolio b', ['portfolio:b', 'user:u'], kept.mark());
    kept.invalidate(['portfolio:a', 'lists']);
    expect([kept.get('list'), kept.get('a'), kept.get('b')]).toEqual([undefined, undefined, 'portfolio b']);
    kept.invalidate(['*']);
    expect(kept.get('b')).toBeUndefined();
  });

  it('does not keep what was loaded across an invalidation of one of its names', async () => {
    const kept = cache();
    let finish: (value: string) => void = () => {};
    const loading = kept.getOrLoad(
      'a',
      () => new Promise((resolve) => (finish = (value) => resolve({ value, tags: ['portfolio:a'] }))),
    );
    kept.invalidate(['portfolio:a']);
    finish('old count');
    expect(await loading).toBe('old count');
    expect(kept.get('a')).toBeUndefined();
    // Another name's invalidation does not matter, and a load that starts afterwards is kept.
    const mark = kept.mark();
    kept.invalidate(['portfolio:b']);
    expect(kept.set('a', 'new count', ['portfolio:a'], mark)).toBe(true);
    expect(kept.get('a')).toBe('new count');
  });

  it('loads once for concurrent asks, and not at all while kept', async () => {
    const kept = cache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { value: 'page', tags: ['lists'] };
    };
    const values = await Promise.all(Array.from({ length: 5 }, () => kept.getOrLoad('list', load)));
    expect(values).toEqual(Array(5).fill('page'));
    expect(await kept.getOrLoad('list', load)).toBe('page');
    expect(loads).toBe(1);
  });

  it('never gives a load begun before a write to whoever asks after it', async () => {
    const kept = cache();
    const finishers: ((value: string) => void)[] = [];
    const load = () =>
      new Promise<{ value: string; tags: string[] }>((resolve) =>
        finishers.push((value) => resolve({ value, tags: ['portfolio:a'] })),
      );
    const before = kept.getOrLoad('a', load);
    // The write is acknowledged here: its invalidation came first.
    kept.invalidate(['portfolio:a']);
    const after = kept.getOrLoad('a', load);
    expect(finishers).toHaveLength(2);
    finishers[1]!('new count');
    finishers[0]!('old count');
    expect([await before, await after]).toEqual(['old count', 'new count']);
    expect(kept.get('a')).toBe('new count');
    // With nothing invalidated meanwhile, concurrent asks still share one load.
    const [x, y] = [kept.getOrLoad('b', load), kept.getOrLoad('b', load)];
    expect(finishers).toHaveLength(3);
    finishers[2]!('b');
    expect([await x, await y]).toEqual(['b', 'b']);
  });

  it('serves but never keeps a value loaded without tags', async () => {
    const kept = cache();
    expect(await kept.getOrLoad('private', async () => ({ value: 'form', tags: null }))).toBe('form');
    expect(kept.get('private')).toBeUndefined();
  });

  it('expires entries and drops the least recently used beyond its bounds', () => {
    let now = 0;
    const kept = cache({
      ttlMs: 1000,
      maxEntries: 2,
      maxBytes: 10,
      sizeOf: (value) => value.length,
      now: () => now,
    });
    kept.set('a', 'aaaa', [], kept.mark());
    kept.set('b', 'bbbb', [], kept.mark());
    expect(kept.get('a')).toBe('aaaa');
    kept.set('c', 'cccc', [], kept.mark());
    expect([kept.get('a'), kept.get('b'), kept.get('c')]).toEqual(['aaaa', undefined, 'cccc']);
    kept.set('d', 'dddddddd', [], kept.mark());
    expect(kept.size).toBe(1);
    now = 1001;
    expect(kept.get('d')).toBeUndefined();
  });
});
