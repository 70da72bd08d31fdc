import { defineModule } from '../../platform/module.ts';
import { realtimeRoutes } from './realtime.routes.ts';
import { StreamTicket } from './stream-ticket.entity.ts';

export const realtimeModule = defineModule({
  name: 'realtime',
  description: 'The real-time stream: batch progress and domain events for browsers, opened with a single-use ticket.',
  entities: [StreamTicket],
  apiRoutes: [realtimeRoutes],
});
