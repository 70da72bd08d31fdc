import { defineModule } from '../../platform/module.ts';
import { realtimeRoutes } from './realtime.routes.ts';

export const realtimeModule = defineModule({
  name: 'realtime',
  description: 'The real-time stream: batch progress and domain events for browsers.',
  apiRoutes: [realtimeRoutes],
});
