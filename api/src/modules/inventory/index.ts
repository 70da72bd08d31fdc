import { defineModule } from '../../platform/module.ts';
import { inventoryRoutes } from './inventory.routes.ts';
import { Location } from './location.entity.ts';

export const inventoryModule = defineModule({
  name: 'inventory',
  description: 'Locations, the stock ledger, adjustments, transfers and counts.',
  entities: [Location],
  businessRoutes: [inventoryRoutes],
  ownedIds: {
    countId: { table: 'stock_counts', notFound: 'Count not found' },
    transferId: { table: 'transfers', notFound: 'Transfer not found' },
    variantId: { table: 'variants', notFound: 'Variant not found' },
  },
  permissions: ['locations:read', 'inventory:read', 'inventory:write'],
});
