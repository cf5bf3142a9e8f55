import { describe, expect, it } from 'vitest';
import { Batches } from './batches.js';

describe('Batches', () => {
  it('runs what is asked in one turn of the event loop together, and answers each in its order', async () => {
    const runs: number[][] = [];
    const batches = new Batches<number, number>(async (keys) => {
      runs.push([...keys]);
      return keys.map((key) => key * 10);
    });
    const first = await Promise.all([1, 2, 3].map((key) => batches.load(key)));
    expect(first).toEqual([10, 20, 30]);
    expect(await batches.load(4)).toBe(40);
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it('runs at most a hundred together, and passes a failure to every look-up of its run', async () => {
    const sizes: number[] = [];
    const batches = new Batches<number, number>(async (keys) => {
      sizes.push(keys.length);
      if (keys.includes(150)) throw new Error('ulanish uzildi');
      return keys;
    });
    const results = await Promise.allSettled(Array.from({ length: 201 }, (_, key) => batches.load(key)));
    expect(sizes).toEqual([100, 100, 1]);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(100);
    expect(results[0]).toEqual({ status: 'fulfilled', value: 0 });
    expect(results[200]).toEqual({ status: 'fulfilled', value: 200 });
  });
});
