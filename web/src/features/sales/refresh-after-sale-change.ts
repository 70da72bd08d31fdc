import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../catalog/use-business-id.ts';
import { fulfillmentKeys } from '../fulfillment/fulfillment-keys.ts';
import { refreshAfterStockChange } from '../inventory/stock-changed.ts';
import { salesKeys } from './sales-keys.ts';

/**
 * After anything that changes a sale (create, cancel, refund, ship, a retried channel order): the
 * sale, its fulfillments, failed orders, customers' totals, stock and the dashboard all move
 * together. The API client drops only the cached GETs of the area it wrote to, so the others go here.
 */
export function refreshAfterSaleChange(queryClient: QueryClient, scope: BusinessScope): void {
  for (const area of ['sales', 'fulfillments', 'failed-orders', 'customers', 'channels', 'analytics']) {
    api.invalidate(`${scope.basePath}/${area}`);
  }
  void queryClient.invalidateQueries({ queryKey: salesKeys.all });
  void queryClient.invalidateQueries({ queryKey: fulfillmentKeys.all });
  refreshAfterStockChange(queryClient, scope);
}
