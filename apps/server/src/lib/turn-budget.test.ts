import { describe, expect, it } from 'vitest';
import { TurnBudget } from './turn-budget.js';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnBudget', () => {
  it('starts requests at once within the budget of a turn, the rest in later turns in their order', async () => {
    const budget = new TurnBudget(5);
    expect(budget.enter()).toBeUndefined();
    busy(6);
    const started: number[] = [];
    const waits = [1, 2, 3].map((index) =>
      budget.enter()!.then(() => {
        started.push(index);
        busy(6);
      }),
    );
    // Waiting requests go first: a later arrival waits behind them.
    const late = budget.enter();
    expect(late).toBeInstanceOf(Promise);
    await Promise.all([...waits, late]);
    expect(started).toEqual([1, 2, 3]);
    // With nobody waiting and a new turn, requests start at once again.
    await nextTurn();
    await nextTurn();
    expect(budget.enter()).toBeUndefined();
  });

  it('starts no more waiting requests in a turn once its budget is spent', async () => {
    const budget = new TurnBudget(5);
    budget.enter();
    busy(6);
    const order: string[] = [];
    let timer: Promise<void> | undefined;
    const waits = [1, 2].map((index) =>
      budget.enter()!.then(() => {
        order.push(`request ${index}`);
        // Scheduled by the first request, run in the next turn: before the second request starts.
        timer ??= new Promise<void>((resolve) => setTimeout(() => (order.push('next turn'), resolve()), 0));
        busy(6);
      }),
    );
    await Promise.all(waits);
    await timer;
    expect(order).toEqual(['request 1', 'next turn', 'request 2']);
  });
});
