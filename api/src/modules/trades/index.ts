import { defineModule } from '../../platform/module.ts';
import { tradesRoutes } from './trades.routes.ts';

export const tradesModule = defineModule({
  name: 'trades',
  description:
    'Trades at the counter: the customer’s items bought and ours sold in one workflow, the difference paid by the customer or paid out to them.',
  businessRoutes: [tradesRoutes],
  ownedIds: { tradeId: { table: 'trades', notFound: 'Trade not found' } },
  permissions: ['purchasing:read', 'purchasing:write'],
});
