import { defineModule } from '../../platform/module.ts';
import { salesRoutes } from './sales.routes.ts';

export const salesModule = defineModule({
  name: 'sales',
  description: 'Channels, sales, failed orders, customers, pick rules, fulfillments and price rules.',
  businessRoutes: [salesRoutes],
  ownedIds: {
    channelId: { table: 'sales_channels', notFound: 'Channel not found' },
    customerId: { table: 'customers', notFound: 'Customer not found' },
    failedOrderId: { table: 'failed_orders', notFound: 'Failed order not found' },
    fulfillmentId: { table: 'fulfillments', notFound: 'Fulfillment not found' },
    ruleId: { table: 'pick_rules', notFound: 'Pick rule not found' },
    saleId: { table: 'sales', notFound: 'Sale not found' },
  },
  permissions: [
    'sales:read',
    'sales:write',
    'sales:refund',
    'customers:read',
    'customers:write',
    'fulfillment:read',
    'fulfillment:work',
    'pricing:read',
    'pricing:write',
    'listings:write',
  ],
});
