import { defineModule } from '../../platform/module.ts';
import { catalogIoRoutes } from './catalog-io.routes.ts';

export const catalogIoModule = defineModule({
  name: 'catalog-io',
  description: 'CSV import and export, and barcode labels.',
  businessRoutes: [catalogIoRoutes],
  ownedIds: { variantId: { table: 'variants', notFound: 'Variant not found' } },
  permissions: ['catalog:read', 'catalog:write', 'catalog:export'],
});
