import { defineModule } from '../../platform/module.ts';
import { systemRoutes } from './system.routes.ts';

export const systemModule = defineModule({
  name: 'system',
  description: 'Health and version.',
  rootRoutes: [systemRoutes],
});
