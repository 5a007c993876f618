import { describe, expect, it } from 'vitest';
import { localRequestBudget, type BudgetCount, type RequestBudget } from './request-budget.ts';

/** Counts synchronously or fails: the in-process budget must answer in the same tick. */
function hitNow(budget: RequestBudget, key: string): BudgetCount {
  let answer: BudgetCount | undefined;
  budget.hit(key, (error, count) => {
    if (error) throw error;
    answer = count;
  });
  if (answer === undefined) throw new Error('the budget did not answer in the same tick');
  return answer;
}

describe('localRequestBudget', () => {
  it('counts per key within a window and says how long the window still runs', () => {
    let now = 1_000;
    const budget = localRequestBudget(60_000, 10, () => now);
    expect(hitNow(budget, 'a')).toEqual({ current: 1, ttlMs: 60_000 });
    now += 15_000;
    expect(hitNow(budget, 'a')).toEqual({ current: 2, ttlMs: 45_000 });
    expect(hitNow(budget, 'b')).toEqual({ current: 1, ttlMs: 60_000 });
  });

  it('starts a new window once the old one has run out', () => {
    let now = 0;
    const budget = localRequestBudget(60_000, 10, () => now);
    hitNow(budget, 'a');
    hitNow(budget, 'a');
    now = 59_999;
    expect(hitNow(budget, 'a').current).toBe(3);
    now = 60_000;
    expect(hitNow(budget, 'a')).toEqual({ current: 1, ttlMs: 60_000 });
  });

  it('forgets the oldest window past its bound, never the busy renewed one', () => {
    let now = 0;
    const budget = localRequestBudget(1_000, 2, () => now);
    hitNow(budget, 'old');
    now = 10;
    hitNow(budget, 'busy');
    hitNow(budget, 'busy');
    now = 20;
    hitNow(budget, 'new');
    // 'old' was forgotten: it starts again at 1. 'busy' kept its count.
    expect(hitNow(budget, 'busy').current).toBe(3);
    expect(hitNow(budget, 'old').current).toBe(1);
  });
});
