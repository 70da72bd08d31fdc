import { defineModule } from '../../platform/module.ts';
import { purchasingRoutes } from './purchasing.routes.ts';

export const purchasingModule = defineModule({
  name: 'purchasing',
  description: 'Vendors, purchase orders with landed costs, receiving into stock (by hand or by scan) and the PO PDF.',
  businessRoutes: [purchasingRoutes],
  ownedIds: {
    vendorId: { table: 'vendors', notFound: 'Vendor not found' },
    purchaseOrderId: { table: 'purchase_orders', notFound: 'Purchase order not found' },
  },
  permissions: ['purchasing:read', 'purchasing:write'],
});
