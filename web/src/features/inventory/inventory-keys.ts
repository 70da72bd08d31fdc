/** Query keys of the inventory area (one factory): a posted adjustment invalidates summary, ledgers and catalog lists. */
export const inventoryKeys = {
  all: ['inventory'] as const,
  locations: (businessId: string) => [...inventoryKeys.all, 'locations', businessId] as const,
  summaries: () => [...inventoryKeys.all, 'summary'] as const,
  summary: (businessId: string) => [...inventoryKeys.summaries(), businessId] as const,
  ledgers: () => [...inventoryKeys.all, 'ledger'] as const,
  ledger: (businessId: string, variantId: string) => [...inventoryKeys.ledgers(), businessId, variantId] as const,
};
