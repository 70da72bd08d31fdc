import { defineModule } from '../../platform/module.ts';
import { preownedRoutes } from './preowned.routes.ts';

export const preownedModule = defineModule({
  name: 'preowned',
  description: 'One-off pre-owned items, from draft to published.',
  businessRoutes: [preownedRoutes],
  ownedIds: { productId: { table: 'products', notFound: 'Pre-owned item not found' } },
  permissions: ['catalog:read', 'catalog:write'],
});
