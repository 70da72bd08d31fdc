import { defineModule } from '../../platform/module.ts';
import { sizeFormatsRoutes, sizeMatchingRoutes } from './sizes.routes.ts';

export const sizesModule = defineModule({
  name: 'sizes',
  description: 'Size formats, size strings read from marketplaces, and the admin matching queue.',
  apiRoutes: [sizeMatchingRoutes],
  businessRoutes: [sizeFormatsRoutes],
  ownedIds: { formatId: { table: 'custom_size_formats', notFound: 'Size format not found' } },
  permissions: ['catalog:read', 'catalog:write'],
});
