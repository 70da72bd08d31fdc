import { defineModule } from '../../platform/module.ts';
import { analyticsRoutes } from './analytics.routes.ts';

export const analyticsModule = defineModule({
  name: 'analytics',
  description: 'Dashboard figures.',
  businessRoutes: [analyticsRoutes],
  permissions: ['analytics:read'],
});
