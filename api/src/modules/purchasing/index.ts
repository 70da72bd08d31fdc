import { defineModule } from '../../platform/module.ts';
import { highestBidRoutes } from './highest-bid.routes.ts';
import { purchasingRoutes } from './purchasing.routes.ts';

export const purchasingModule = defineModule({
  name: 'purchasing',
  description:
    'Vendors, purchase orders with landed costs, receiving into stock (by hand or by scan), the PO PDF, the target margin and the highest-bid report.',
  businessRoutes: [purchasingRoutes, highestBidRoutes],
  ownedIds: {
    vendorId: { table: 'vendors', notFound: 'Vendor not found' },
    purchaseOrderId: { table: 'purchase_orders', notFound: 'Purchase order not found' },
  },
  permissions: ['purchasing:read', 'purchasing:write'],
});
