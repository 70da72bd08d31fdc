import type { LabelLayout } from '../schemas/catalog-io.ts';
import type { StaleAfter } from './query-key.ts';

/** Query keys of labels (one factory): label content follows the catalog, so it is refetched on open. */
export const labelKeys = {
  all: ['labels'] as const,
  variantSets: () => [...labelKeys.all, 'variants'] as const,
  variants: (businessId: string, ids: readonly string[]) => [...labelKeys.variantSets(), businessId, [...ids].sort().join(',')] as const,
  svg: (businessId: string, variantId: string, layout: LabelLayout) => [...labelKeys.all, 'svg', businessId, variantId, layout] as const,
};

/** A label prints the product's title, size, SKU and price; the copies default to the units on hand. */
export const labelStaleAfter: StaleAfter = {
  'product.changed': [labelKeys.all],
  'price.changed': [labelKeys.all],
  'stock.moved': [labelKeys.variantSets()],
};
