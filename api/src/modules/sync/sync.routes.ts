import { businessParamsSchema, errorEnvelopeSchema, uuidSchema } from '@tradepost/shared/schemas/common.ts';
import { marketplacePlatforms } from '@tradepost/shared/schemas/connections.ts';
import {
  createListingBodySchema,
  inventoryControlQuerySchema,
  inventoryControlSchema,
  listingParamsSchema,
  listingSchema,
  updateListingBodySchema,
} from '@tradepost/shared/schemas/listings.ts';
import { syncHealthSchema, variantSyncStateParamsSchema, variantSyncStateSchema } from '@tradepost/shared/schemas/sync.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { NotFound } from '../../errors.ts';
import { bearerAuth, errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import { loadSecrets } from '../connections/public.ts';
import type { WebhookEvent } from '../marketplaces/public.ts';
import { ebayChallengeResponse } from '../marketplaces/public.ts';
import { inventoryControl } from './inventory-control.service.ts';
import { endListing, listProduct, updateListing } from './listings.service.ts';
import { connectionAdapter, findConnectionForWebhook, mediaBaseUrl, type SyncConnection, type SyncDeps } from './sync-connection.ts';
import { syncHealth } from './sync-health.service.ts';
import { variantSyncState } from './sync-state.service.ts';
import { recordRejection, storeWebhookEvents } from './webhook-events.ts';
import { REJECTION_WINDOW_MS, RejectionBudget } from './webhook-guard.ts';

/** Deps for work outside a request: a fresh EntityManager that is in no transaction. */
const syncDeps = (app: FastifyInstance, config: Config): SyncDeps => ({
  em: app.orm.em.fork(),
  tokenKey: app.tokenKey,
  publicUrl: mediaBaseUrl(config),
  pollMs: config.SYNC_POLL_SECONDS * 1_000,
});

/** Listings, sync health and a variant's sync state under /businesses/:businessId (issue #6). */
export const syncRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const tags = ['sync'];
  const platformErrors = { ...errorResponses, 422: errorEnvelopeSchema, 502: errorEnvelopeSchema };

  app.get(
    '/listings/inventory-control',
    {
      config: requires('listings:read'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          'Product × marketplace matrix: active products by title (search by title, style code or SKU), each with its listing per connection, listed quantity per size, overrides and last error.',
        params: businessParamsSchema,
        querystring: inventoryControlQuerySchema,
        response: { 200: inventoryControlSchema, ...errorResponses },
      },
    },
    async (request) => {
      return inventoryControl(app.orm.em, request.businessId, request.query);
    },
  );

  app.post(
    '/listings',
    {
      config: requires('listings:write'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          'Lists a product on a connected marketplace now (or updates its listing): sizes, SKUs, photos, the channel price and the pushable quantity. 422 carries the platform’s refusal, 502 an outage.',
        params: businessParamsSchema,
        body: createListingBodySchema,
        response: { 200: listingSchema, ...platformErrors },
      },
    },
    async (request) => {
      return listProduct(syncDeps(app, config), {
        businessId: request.businessId,
        connectionId: request.body.connection_id,
        productId: request.body.product_id,
        variantIds: request.body.variant_ids,
      });
    },
  );

  app.delete(
    '/listings/:listingId',
    {
      config: requires('listings:write'),
      schema: {
        tags,
        security: bearerAuth,
        description: 'Ends a listing on its marketplace (kept there as ended so relisting keeps its ids).',
        params: listingParamsSchema,
        response: { 200: listingSchema, ...platformErrors },
      },
    },
    async (request) => {
      return endListing(syncDeps(app, config), { businessId: request.businessId, listingId: request.params.listingId });
    },
  );

  app.patch(
    '/listings/:listingId',
    {
      config: requires('listings:write'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          'Per-listing price override, quantity cap and buffer, and sizes’ own prices (`size_prices`; null: back to the channel’s). Pushed right after.',
        params: listingParamsSchema,
        body: updateListingBodySchema,
        response: { 200: listingSchema, ...errorResponses },
      },
    },
    async (request) => {
      return updateListing(app.orm.em, request.businessId, request.params.listingId, request.body);
    },
  );

  app.get(
    '/sync-health',
    {
      config: requires('sync:read'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          'Per marketplace connection: status, last success, 24-hour error rate with an hourly series, queued and failed work, open drift and webhook health.',
        params: businessParamsSchema,
        response: { 200: syncHealthSchema, ...errorResponses },
      },
    },
    async (request) => {
      return syncHealth(app.orm.em, request.businessId);
    },
  );

  app.get(
    '/inventory/variants/:variantId/sync-state',
    {
      config: requires('sync:read'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          'Raw sync state of one size: per listing what was pushed and when, what the platform showed, what a push would send now, the sync log, jobs and webhook events.',
        params: variantSyncStateParamsSchema,
        response: { 200: variantSyncStateSchema, ...errorResponses },
      },
    },
    async (request) => {
      return variantSyncState(app.orm.em, request.businessId, request.params.variantId);
    },
  );
};

const webhookParams = z.object({ platform: z.enum(marketplacePlatforms), connectionId: uuidSchema });

/** The address the platform called, as it signed it (Square signs URL + body). */
function requestUrl(request: FastifyRequest, connection: SyncConnection, withQuery: boolean): string {
  const registered = (connection.settings as { webhook_url?: unknown }).webhook_url;
  if (typeof registered === 'string' && registered) return registered;
  const url = `${request.protocol}://${request.host}${request.url}`;
  return withQuery ? url : (url.split('?')[0] ?? url);
}

/** Inbound webhooks: public, verified by each platform's signature. */
export const webhookRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app) => {
  const tags = ['webhooks'];
  // Signatures are over the exact bytes: this scope keeps every body as the Buffer it arrived as.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
  // Refusals are counted per process (webhook-guard.ts): a flood writes a few rows a minute, not one each.
  const budget = new RejectionBudget();
  const refuse = (reply: FastifyReply) =>
    // One answer for every refusal: a prober learns nothing about which check failed.
    reply.code(401).send({ error: { code: 'WEBHOOK_REJECTED', message: 'The notification could not be verified' } });

  app.post(
    '/webhooks/:platform/:connectionId',
    {
      config: requires('public'),
      schema: {
        tags,
        description:
          'A marketplace notification. Verified as the platform signs it, then checked against what the platform could really send: a subscribed topic that fits the body, the connected account, not older than the platform retries. Refused with 401 (recorded at most 10 times a minute per connection); a source refused too often gets 429. Each event is stored by its id and by what its body says, and processed once; duplicates and replays answer 200.',
        params: webhookParams,
        response: { 200: z.object({ received: z.number().int(), duplicates: z.number().int() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { platform, connectionId } = request.params;
      const address = request.ip ?? 'unknown';
      if (budget.blocked(address)) {
        budget.refused(address);
        return reply
          .code(429)
          .header('retry-after', String(REJECTION_WINDOW_MS / 1_000))
          .send({ error: { code: 'TOO_MANY_REJECTIONS', message: 'Too many refused notifications from this address; try again later' } });
      }
      const em = app.orm.em.fork();
      const connection = await findConnectionForWebhook(em, platform, connectionId);
      if (!connection || connection.status === 'pending' || connection.status === 'disconnected') {
        budget.refused(address);
        throw new NotFound('No webhook endpoint here');
      }
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.from(typeof request.body === 'string' ? request.body : '');
      const webhook = { headers: request.headers, rawBody, url: requestUrl(request, connection, true) };
      let reason: string | null = null;
      let events: WebhookEvent[] = [];
      try {
        const adapter = await connectionAdapter({ em, tokenKey: app.tokenKey }, connection);
        if (await adapter.verifyWebhook(webhook)) {
          events = adapter.parseWebhook(webhook);
          const context = { accountId: connection.external_account_id ?? null, now: new Date() };
          for (const event of events) {
            reason ??= event.eventId ? adapter.checkWebhook(webhook, event, context) : 'event without an id';
          }
        } else reason = 'signature did not verify';
      } catch (error) {
        reason = `could not verify or read: ${error instanceof Error ? error.name : 'error'}`;
      }
      if (reason !== null) {
        const verdict = budget.take(connection.id, address);
        if (verdict.record) {
          const rejection = { reason, remoteIp: request.ip ?? null, suppressed: verdict.suppressedBefore };
          if (await recordRejection(em, connection, rejection)) {
            // Never the body or headers: they may carry signatures and buyers' details.
            request.log.warn({ platform, connectionId, reason }, 'webhook rejected');
          } else budget.unrecorded(connection.id, verdict.suppressedBefore + 1);
        }
        return refuse(reply);
      }
      const { stored, duplicates } = await storeWebhookEvents(em, connection, events);
      app.jobs.kick();
      return { received: stored, duplicates };
    },
  );

  app.get(
    '/webhooks/ebay/:connectionId',
    {
      config: requires('public'),
      schema: {
        tags,
        description: "eBay's endpoint challenge: sha256(challenge_code + verification token + endpoint), hex.",
        params: z.object({ connectionId: uuidSchema }),
        querystring: z.object({ challenge_code: z.string().min(1, { error: 'challenge_code is required' }).max(500) }),
        response: { 200: z.object({ challengeResponse: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const em = app.orm.em.fork();
      const connection = await findConnectionForWebhook(em, 'ebay', request.params.connectionId);
      if (!connection || connection.status === 'disconnected') throw new NotFound('No webhook endpoint here');
      const secrets = await loadSecrets(em, app.tokenKey, connection.business_id, connection.id).catch(() => null);
      if (!secrets?.webhookSignatureKey) throw new NotFound('No webhook endpoint here');
      return {
        challengeResponse: ebayChallengeResponse(
          request.query.challenge_code,
          secrets.webhookSignatureKey,
          requestUrl(request, connection, false),
        ),
      };
    },
  );
};
