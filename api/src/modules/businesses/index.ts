import { defineModule } from '../../platform/module.ts';
import { Business } from './business.entity.ts';
import { businessesRoutes } from './businesses.routes.ts';

export const businessesModule = defineModule({
  name: 'businesses',
  description: 'The business profile.',
  entities: [Business],
  businessRoutes: [businessesRoutes],
  permissions: ['business:read', 'business:manage'],
});
