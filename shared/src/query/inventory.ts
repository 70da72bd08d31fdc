import type { StockGridFilter } from '../schemas/inventory-grid.ts';
import type { StaleAfter } from './query-key.ts';

/** A page of the stock-by-location grid: its filter and where the page starts. */
export type StockGridParams = StockGridFilter & { offset: number };

/** Query keys of the inventory area (one factory): locations, the summary, ledgers, transfers and counts. */
export const inventoryKeys = {
  all: ['inventory'] as const,
  locations: (businessId: string) => [...inventoryKeys.all, 'locations', businessId] as const,
  summaries: () => [...inventoryKeys.all, 'summary'] as const,
  summary: (businessId: string) => [...inventoryKeys.summaries(), businessId] as const,
  ledgers: () => [...inventoryKeys.all, 'ledger'] as const,
  ledger: (businessId: string, variantId: string) => [...inventoryKeys.ledgers(), businessId, variantId] as const,
  transfers: () => [...inventoryKeys.all, 'transfers'] as const,
  transferList: (businessId: string) => [...inventoryKeys.transfers(), 'list', businessId] as const,
  transfer: (businessId: string, transferId: string) => [...inventoryKeys.transfers(), 'detail', businessId, transferId] as const,
  counts: () => [...inventoryKeys.all, 'counts'] as const,
  countList: (businessId: string) => [...inventoryKeys.counts(), 'list', businessId] as const,
  count: (businessId: string, countId: string) => [...inventoryKeys.counts(), 'detail', businessId, countId] as const,
  /** Units available at one location for a set of sizes (the counter, transfers). */
  stockAtSets: () => [...inventoryKeys.all, 'stock-at'] as const,
  stockAt: (businessId: string, locationId: string, variantIds: readonly string[]) =>
    [...inventoryKeys.stockAtSets(), businessId, locationId, variantIds] as const,
  /** Stock by location (the inventory page's grid): products × locations under a filter. */
  stockGrids: () => [...inventoryKeys.all, 'stock-grid'] as const,
  stockGrid: (businessId: string, params: StockGridParams) => [...inventoryKeys.stockGrids(), businessId, params] as const,
  /** Product, size and SKU of a set of sizes: names, which no stock movement changes. */
  variantDirectory: (businessId: string, variantIds: readonly string[]) =>
    [...inventoryKeys.all, 'variant-directory', businessId, variantIds] as const,
};

/**
 * Every ledger posting publishes `stock.moved`: the summary, ledgers and stock at a location change,
 * a count's expected quantities move, and a transfer that shipped or was received changed status with it.
 */
export const inventoryStaleAfter: StaleAfter = {
  'stock.moved': [
    inventoryKeys.summaries(),
    inventoryKeys.ledgers(),
    inventoryKeys.stockAtSets(),
    inventoryKeys.counts(),
    inventoryKeys.transfers(),
    inventoryKeys.stockGrids(),
  ],
  // The grid names products and their sizes, and finds them by title, brand, style code and SKU.
  'product.changed': [inventoryKeys.stockGrids()],
};
