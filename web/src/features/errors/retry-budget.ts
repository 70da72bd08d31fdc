/** Spec §2: the products error page retries up to 3 times, then offers only a reload. */
export const PRODUCTS_MAX_RETRIES = 3;

export type RetryBudget = { canRetry: boolean; remaining: number };

export function retryBudget(used: number, max: number = PRODUCTS_MAX_RETRIES): RetryBudget {
  const remaining = Math.max(0, max - Math.max(0, Math.floor(used)));
  return { canRetry: remaining > 0, remaining };
}
