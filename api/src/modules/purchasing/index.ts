import { defineModule } from '../../platform/module.ts';
import { counterRoutes } from './counter.routes.ts';
import { highestBidRoutes } from './highest-bid.routes.ts';
import { purchasingRoutes } from './purchasing.routes.ts';

export const purchasingModule = defineModule({
  name: 'purchasing',
  description:
    'Vendors, purchase orders with landed costs, receiving into stock (by hand or by scan), the PO PDF, in-store purchases at the counter and their payouts, the purchasing settings (target margin, payout options) and the highest-bid report.',
  businessRoutes: [purchasingRoutes, highestBidRoutes, counterRoutes],
  ownedIds: {
    vendorId: { table: 'vendors', notFound: 'Vendor not found' },
    purchaseOrderId: { table: 'purchase_orders', notFound: 'Purchase order not found' },
    payoutId: { table: 'payouts', notFound: 'Payout not found' },
  },
  permissions: ['purchasing:read', 'purchasing:write'],
});
