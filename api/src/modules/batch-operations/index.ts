import { defineModule, handles } from '../../platform/module.ts';
import { mediaBaseUrl } from '../sync/public.ts';
import { batchOperationsRoutes } from './batch-operations.routes.ts';
import { batchRunJob } from './batch-operations.service.ts';
import { batchRunHandler } from './batch-runner.ts';

export const batchOperationsModule = defineModule({
  name: 'batch-operations',
  description: 'Bulk price, quantity and listing changes on a marketplace, bulk catalog price changes and archiving, and listing imports.',
  businessRoutes: [batchOperationsRoutes],
  ownedIds: {
    batchId: { table: 'batch_operations', notFound: 'Batch operation not found' },
    connectionId: { table: 'channel_connections', notFound: 'Connection not found' },
    productId: { table: 'products', notFound: 'Product not found' },
  },
  permissions: ['listings:read', 'listings:write', 'catalog:write'],
  jobs: [
    handles(batchRunJob, (app, { config }) =>
      batchRunHandler({ events: app.events, deps: { tokenKey: app.tokenKey, publicUrl: mediaBaseUrl(config) }, log: app.log }),
    ),
  ],
});
