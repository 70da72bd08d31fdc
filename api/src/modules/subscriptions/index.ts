import { defineModule } from '../../platform/module.ts';
import { subscriptionsRoutes } from './subscriptions.routes.ts';

export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  description: 'The trial and its days remaining.',
  apiRoutes: [subscriptionsRoutes],
});
