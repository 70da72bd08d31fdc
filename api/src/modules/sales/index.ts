import { defineModule } from '../../platform/module.ts';
import { salesRoutes } from './sales.routes.ts';

export const salesModule = defineModule({
  name: 'sales',
  description: 'Channels, sales, failed orders, customers, pick rules, fulfillments and price rules.',
  businessRoutes: [salesRoutes],
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
