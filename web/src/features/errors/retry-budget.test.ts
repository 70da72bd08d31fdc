import { describe, expect, it } from 'vitest';
import { PRODUCTS_MAX_RETRIES, retryBudget } from './retry-budget.ts';

describe('retryBudget (spec §2 products error page)', () => {
  it('allows 3 retries, then only a reload', () => {
    expect(PRODUCTS_MAX_RETRIES).toBe(3);
    expect(retryBudget(0)).toEqual({ canRetry: true, remaining: 3 });
    expect(retryBudget(2)).toEqual({ canRetry: true, remaining: 1 });
    expect(retryBudget(3)).toEqual({ canRetry: false, remaining: 0 });
    expect(retryBudget(7)).toEqual({ canRetry: false, remaining: 0 });
  });
});
