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

  it('does not keep a total counted while a write happened', async () => {
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
});
