import { describe, expect, it } from 'vitest';
import { TimedCache } from './timed-cache.js';

describe('TimedCache', () => {
  it('reuses a value until it expires or is cleared, and shares a build in progress', async () => {
    let now = 0;
    let builds = 0;
    const cache = new TimedCache<number>(1000, 10, () => now);
    const build = async () => ++builds;
    const [a, b] = await Promise.all([cache.get('k', build), cache.get('k', build)]);
    expect([a, b, builds]).toEqual([1, 1, 1]);
    now = 999;
    expect(await cache.get('k', build)).toBe(1);
    now = 1000;
    expect(await cache.get('k', build)).toBe(2);
    cache.clear();
    expect(await cache.get('k', build)).toBe(3);
  });

  it('does not cache a failed build', async () => {
    const cache = new TimedCache<number>(1000, 10);
    await expect(cache.get('k', () => Promise.reject(new Error('yo‘q')))).rejects.toThrow('yo‘q');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('drops the oldest entry past its size', async () => {
    let builds = 0;
    const cache = new TimedCache<number>(1000, 2);
    const build = async () => ++builds;
    await cache.get('a', build);
    await cache.get('b', build);
    await cache.get('c', build);
    expect(await cache.get('b', build)).toBe(2);
    expect(await cache.get('a', build)).toBe(4);
  });
});
