import { defineModule } from '../../platform/module.ts';
import { eventsRoutes } from './events.routes.ts';

export const eventsModule = defineModule({
  name: 'events',
  description: 'Domain events and their delivery to each subscriber: what waits, what is retried and why, what failed.',
  businessRoutes: [eventsRoutes],
  permissions: ['sync:read'],
});
