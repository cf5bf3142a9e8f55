import { describe, expect, it } from 'vitest';
import { ListTotals } from './list-totals.js';

const criteria = (searchTerms: string[] = []) => ({ technologyIds: ['a'], searchTerms });

describe('ListTotals', () => {
  it('counts a list once and reuses the total until it expires', async () => {
    let now = 0;
    const totals = new ListTotals(() => now);
    let counted = 0;
    const count = async () => ++counted;
    expect(await totals.get(criteria(), count)).toBe(1);
    expect(await totals.get(criteria(), count)).toBe(1);
    expect(await totals.get(criteria(['x']), count)).toBe(2);
    now = 10_001;
    expect(await totals.get(criteria(), count)).toBe(3);
  });

  it('forgets every total when cleared', async () => {
    const totals = new ListTotals();
    let counted = 0;
    const count = async () => ++counted;
    await totals.get(criteria(), count);
    totals.clear();
    expect(await totals.get(criteria(), count)).toBe(2);
  });

  it('does not cache a total counted while a write happened', async () => {
    const totals = new ListTotals();
    let counted = 0;
    const slow = async () => {
      counted += 1;
      totals.clear();
      return counted;
    };
    await totals.get(criteria(), slow);
    expect(await totals.get(criteria(), async () => 42)).toBe(42);
  });

  it('counts once for many requests that ask at the same moment, and again after a write', async () => {
    const totals = new ListTotals();
    let counted = 0;
    let finish: (total: number) => void = () => undefined;
    const count = () => {
      counted += 1;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    };
    const waiting = Array.from({ length: 20 }, () => totals.get(criteria(), count));
    expect(counted).toBe(1);
    finish(7);
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: 20 }, () => 7));
    // A write while a count is under way: the next request does not wait for the old count.
    const old = totals.get(criteria(['y']), count);
    const stale = finish;
    totals.clear();
    const fresh = totals.get(criteria(['y']), count);
    expect(counted).toBe(3);
    finish(9);
    stale(8);
    expect([await old, await fresh]).toEqual([8, 9]);
  });
});
