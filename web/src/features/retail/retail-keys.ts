/** Query keys of retail (one factory): sales, customers, price rules and pick rules. */
export const retailKeys = {
  all: ['retail'] as const,
  sales: () => [...retailKeys.all, 'sales'] as const,
  saleList: (businessId: string, params: SaleListParams) => [...retailKeys.sales(), businessId, params] as const,
  customers: () => [...retailKeys.all, 'customers'] as const,
  customerList: (businessId: string, q: string) => [...retailKeys.customers(), 'list', businessId, q] as const,
  customer: (businessId: string, customerId: string) => [...retailKeys.customers(), 'detail', businessId, customerId] as const,
  priceRules: (businessId: string) => [...retailKeys.all, 'price-rules', businessId] as const,
  pricePreviews: () => [...retailKeys.all, 'price-preview'] as const,
  pickRules: (businessId: string) => [...retailKeys.all, 'pick-rules', businessId] as const,
};

export type SaleListParams = { limit: number; customerId?: string | undefined };
