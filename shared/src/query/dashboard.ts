import type { StaleAfter } from './query-key.ts';

/** Query keys of the dashboard's figures. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: (businessId: string) => [...dashboardKeys.all, 'figures', businessId] as const,
};

/** The figures count sales, open fulfillments and stock (units, value, low stock). */
export const dashboardStaleAfter: StaleAfter = {
  'stock.moved': [dashboardKeys.all],
  'sale.recorded': [dashboardKeys.all],
  'sale.cancelled': [dashboardKeys.all],
  'sale.refunded': [dashboardKeys.all],
  'fulfillment.shipped': [dashboardKeys.all],
};
