import { defineModule, handles } from '../../platform/module.ts';
import { connectionsRoutes, oauthCallbackRoutes } from './connections.routes.ts';
import { refreshTokenHandler, refreshTokenJob } from './token-refresh.ts';

export const connectionsModule = defineModule({
  name: 'connections',
  description: 'Marketplace accounts: OAuth, tokens and connection settings.',
  apiRoutes: [oauthCallbackRoutes],
  businessRoutes: [connectionsRoutes],
  ownedIds: { connectionId: { table: 'channel_connections', notFound: 'Connection not found' } },
  permissions: ['connections:read', 'connections:manage'],
  jobs: [handles(refreshTokenJob, (app) => refreshTokenHandler(app))],
});
