import type { FastifyInstance } from 'fastify';
import { defineModule, handles, type ModuleDeps } from '../../platform/module.ts';
import { channelSettingsRoutes } from './channel-settings.routes.ts';
import { pushVariant } from './push.ts';
import { reconcileConnection, scheduleAllReconciles } from './reconcile.ts';
import { syncSubscribers } from './sync.events.ts';
import { pushPriceJob, pushQuantityJob, reconcileJob, webhookEventJob } from './sync.jobs.ts';
import { syncRoutes, webhookRoutes } from './sync.routes.ts';
import { mediaBaseUrl, type SyncDeps } from './sync-connection.ts';
import { processWebhookEvent } from './webhook-events.ts';

const deps =
  (app: FastifyInstance, { config }: ModuleDeps) =>
  (em: SyncDeps['em']): SyncDeps => ({
    em,
    tokenKey: app.tokenKey,
    publicUrl: mediaBaseUrl(config),
  });

/** The sync engine: listings, pushes, webhooks, reconciliation and sync health (issue #6). */
export const syncModule = defineModule({
  name: 'sync',
  description: 'Listings on marketplaces, quantity and price pushes, inbound webhooks, reconciliation and sync health.',
  businessRoutes: [syncRoutes, channelSettingsRoutes],
  ownedIds: {
    connectionId: { table: 'channel_connections', notFound: 'Connection not found' },
    listingId: { table: 'channel_listings', notFound: 'Listing not found' },
    productId: { table: 'products', notFound: 'Product not found' },
    variantId: { table: 'variants', notFound: 'Variant not found' },
  },
  apiRoutes: [webhookRoutes],
  retention: [
    {
      table: 'webhook_events',
      column: 'received_at',
      keep: '30 days',
      why: 'de-duplicates redeliveries (Shopify retries for 4 hours, Square for up to 3 days) and feeds the debug views',
    },
    { table: 'webhook_rejections', column: 'received_at', keep: '30 days', why: 'Sync Health shows the last day of refused calls' },
  ],
  permissions: ['listings:read', 'listings:write', 'sync:read'],
  jobs: [
    handles(
      pushQuantityJob,
      (app, d) =>
        (job, { em }) =>
          pushVariant(deps(app, d)(em), job, 'quantity'),
    ),
    handles(
      pushPriceJob,
      (app, d) =>
        (job, { em }) =>
          pushVariant(deps(app, d)(em), job, 'price'),
    ),
    handles(
      webhookEventJob,
      (app, d) =>
        (job, { em, log }) =>
          processWebhookEvent(deps(app, d)(em), job, log),
    ),
    handles(
      reconcileJob,
      (app, d) =>
        (job, { em }) =>
          reconcileConnection(deps(app, d)(em), job, d.config.SYNC_POLL_SECONDS * 1_000),
    ),
  ],
  subscribers: syncSubscribers,
  // A process that starts polls every connected marketplace soon (it may have missed webhooks while down).
  onReady: async (app) => {
    await scheduleAllReconciles(app.orm.em.fork(), 5_000).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not schedule marketplace reconciliation'),
    );
  },
});
