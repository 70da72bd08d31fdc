import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { catalogKeys } from '../catalog/catalog-keys.ts';
import type { BusinessScope } from '../catalog/use-business-id.ts';
import { inventoryKeys } from './inventory-keys.ts';

/**
 * After anything that posts movements (ship, receive, complete a count): on hand shows on product
 * lists, the summary and ledgers, so all of them refresh. The API client drops its own /inventory
 * cache after a mutation; product answers live under /products and are dropped here.
 */
export function refreshAfterStockChange(queryClient: QueryClient, scope: BusinessScope): void {
  api.invalidate(`${scope.basePath}/products`);
  void queryClient.invalidateQueries({ queryKey: catalogKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: catalogKeys.details() });
  void queryClient.invalidateQueries({ queryKey: inventoryKeys.summaries() });
  void queryClient.invalidateQueries({ queryKey: inventoryKeys.ledgers() });
}
