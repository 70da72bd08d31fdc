import { defineModule } from '../../platform/module.ts';
import { Barcode } from './barcode.entity.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { Product } from './product.entity.ts';
import { Variant } from './variant.entity.ts';

export const catalogModule = defineModule({
  name: 'catalog',
  description: 'Products, sizes, SKUs, barcodes and prices.',
  entities: [Product, Variant, Barcode],
  businessRoutes: [catalogRoutes],
  ownedIds: {
    productId: { table: 'products', notFound: 'Product not found' },
    variantId: { table: 'variants', notFound: 'Size not found on this product' },
  },
  permissions: ['catalog:read', 'catalog:write', 'inventory:read'],
});
