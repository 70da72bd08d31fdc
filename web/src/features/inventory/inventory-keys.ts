/** Query keys of the inventory area (one factory): a posted adjustment invalidates summary, ledgers and catalog lists. */
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
};
