import {
  batchDetailSchema,
  batchItemDetailSchema,
  batchItemParamsSchema,
  batchItemsQuerySchema,
  batchListQuerySchema,
  batchListSchema,
  batchOperationSchema,
  batchParamsSchema,
  createBatchBodySchema,
  createCatalogBatchBodySchema,
  externalListingPageSchema,
  externalListingsQuerySchema,
  importListingsBodySchema,
  importListingsResultSchema,
  marketplaceOverviewSchema,
  marketplaceParamsSchema,
  marketplaceProductDetailSchema,
  marketplaceProductParamsSchema,
  marketplaceProductsQuerySchema,
  marketplaceProductsSchema,
} from '@tradepost/shared/schemas/batch-operations.ts';
import { businessParamsSchema } from '@tradepost/shared/schemas/common.ts';
import { connectionParamsSchema } from '@tradepost/shared/schemas/connections.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { bearerAuth, errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import { mediaBaseUrl } from '../sync/public.ts';
import { createBatch, createCatalogBatch, getBatch, getBatchItem, listBatches, retryFailedItems } from './batch-operations.service.ts';
import { externalListingPage, importListings } from './listing-import.service.ts';
import { marketplaceOverview, marketplaceProduct, marketplaceProducts } from './marketplace-views.service.ts';

/** Batch operations and marketplace listing pages under /businesses/:businessId (issue #6). */
export const batchOperationsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const tags = ['batch-operations'];
  const em = () => app.orm.em;
  // Adapters get their own EntityManager per use: token refreshes persist whatever the request does.
  const syncDeps = () => ({ em: app.orm.em.fork(), tokenKey: app.tokenKey, publicUrl: mediaBaseUrl(config) });

  app.post(
    '/batch-operations',
    {
      config: requires('listings:write'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          'Many list, relist, end, price or quantity changes on one connected marketplace (1 to 10,000 items), run in the background within the platform limits. Every item is checked first: on bad input nothing is written.',
        params: businessParamsSchema,
        body: createBatchBodySchema,
        response: { 201: batchOperationSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const batch = await createBatch(em(), { businessId: request.businessId, userId: request.auth.user.id }, request.body);
      app.jobs.kick();
      reply.code(201);
      return batch;
    },
  );

  app.post(
    '/batch-operations/catalog',
    {
      config: requires('catalog:write'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          "A change to the catalog itself, run in the background with one result per item and the same progress as marketplace batches: `catalog_price` moves each size's own price (one price, an amount or a percentage, optionally up to the next .99; a size whose price would fall to 0 or below keeps it and fails with the reason), `archive` archives products. Unknown ids answer 404 and nothing is written.",
        params: businessParamsSchema,
        body: createCatalogBatchBodySchema,
        response: { 201: batchOperationSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const batch = await createCatalogBatch(em(), { businessId: request.businessId, userId: request.auth.user.id }, request.body);
      app.jobs.kick();
      reply.code(201);
      return batch;
    },
  );

  app.get(
    '/batch-operations',
    {
      config: requires('listings:read'),
      schema: {
        tags,
        security: bearerAuth,
        params: businessParamsSchema,
        querystring: batchListQuerySchema,
        response: { 200: batchListSchema, ...errorResponses },
      },
    },
    async (request) => listBatches(em(), request.businessId, request.query),
  );

  app.get(
    '/batch-operations/:batchId',
    {
      config: requires('listings:read'),
      schema: {
        tags,
        security: bearerAuth,
        params: batchParamsSchema,
        querystring: batchItemsQuerySchema,
        response: { 200: batchDetailSchema, ...errorResponses },
      },
    },
    async (request) => getBatch(em(), request.businessId, request.params.batchId, request.query),
  );

  app.get(
    '/batch-operations/:batchId/items/:seq',
    {
      config: requires('listings:read'),
      schema: {
        tags,
        security: bearerAuth,
        description: 'One item with the exact request sent for it and the platform answer.',
        params: batchItemParamsSchema,
        response: { 200: batchItemDetailSchema, ...errorResponses },
      },
    },
    async (request) => getBatchItem(em(), request.businessId, request.params.batchId, request.params.seq),
  );

  app.post(
    '/batch-operations/:batchId/retry',
    {
      config: requires('listings:write'),
      schema: {
        tags,
        security: bearerAuth,
        description: 'Sends only the failed items again; succeeded items keep their result. 409 when nothing failed.',
        params: batchParamsSchema,
        response: { 200: batchOperationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const batch = await retryFailedItems(em(), request.businessId, request.params.batchId);
      app.jobs.kick();
      return batch;
    },
  );

  // Marketplace pages: what we have listed on one platform.
  app.get(
    '/marketplaces/:platform/products',
    {
      config: requires('listings:read'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          'Our products on one platform with their listing and per-size state (scope=listed), or every active product (scope=all).',
        params: marketplaceParamsSchema,
        querystring: marketplaceProductsQuerySchema,
        response: { 200: marketplaceProductsSchema, ...errorResponses },
      },
    },
    async (request) => marketplaceProducts(em(), request.businessId, request.params.platform, request.query),
  );

  app.get(
    '/marketplaces/:platform/products/:productId',
    {
      config: requires('listings:read'),
      schema: {
        tags,
        security: bearerAuth,
        params: marketplaceProductParamsSchema,
        response: { 200: marketplaceProductDetailSchema, ...errorResponses },
      },
    },
    async (request) => marketplaceProduct(em(), request.businessId, request.params.platform, request.params.productId),
  );

  app.get(
    '/marketplaces/:platform/overview',
    {
      config: requires('listings:read'),
      schema: {
        tags,
        security: bearerAuth,
        params: marketplaceParamsSchema,
        response: { 200: marketplaceOverviewSchema, ...errorResponses },
      },
    },
    async (request) => marketplaceOverview(em(), request.businessId, request.params.platform),
  );

  // Importing a platform's existing listings as products.
  app.get(
    '/connections/:connectionId/external-listings',
    {
      config: requires('listings:read'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          'One page of the listings already on the platform, each with the product it matches (SKU first, then style code) or none.',
        params: connectionParamsSchema,
        querystring: externalListingsQuerySchema,
        response: { 200: externalListingPageSchema, ...errorResponses },
      },
    },
    async (request) => externalListingPage(em(), syncDeps(), request.businessId, request.params.connectionId, request.query.cursor ?? null),
  );

  app.post(
    '/connections/:connectionId/import-listings',
    {
      config: requires('listings:write'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          'Creates products for the chosen listings that match nothing and links those that match; answers one result per listing.',
        params: connectionParamsSchema,
        body: importListingsBodySchema,
        response: { 200: importListingsResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      importListings(
        em(),
        syncDeps(),
        { businessId: request.businessId, userId: request.auth.user.id },
        request.params.connectionId,
        request.body,
      ),
  );
};
