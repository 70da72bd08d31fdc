import { fileResponseSchema } from '@tradepost/shared/schemas/catalog-io.ts';
import { businessParamsSchema, uuidSchema } from '@tradepost/shared/schemas/common.ts';
import {
  adjustmentResultSchema,
  completeCountBodySchema,
  completeCountResultSchema,
  countLineSchema,
  countListQuerySchema,
  countScanBodySchema,
  countScanResultSchema,
  countSchema,
  countSummarySchema,
  createAdjustmentBodySchema,
  createCountBodySchema,
  createLocationBodySchema,
  createTransferBodySchema,
  inventorySummarySchema,
  locationSchema,
  receiveTransferBodySchema,
  setCountLineBodySchema,
  transferSchema,
  variantLedgerSchema,
  variantSummaryQuerySchema,
  variantSummarySchema,
} from '@tradepost/shared/schemas/inventory.ts';
import { stockGridFilterSchema, stockGridQuerySchema, stockGridSchema } from '@tradepost/shared/schemas/inventory-grid.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import {
  cancelCount,
  completeCount,
  createCount,
  getCount,
  listCounts,
  revealCount,
  scanIntoCount,
  setCountLine,
} from './counts.service.ts';
import { createLocation, inventorySummary, listLocations, postAdjustment, variantLedger } from './inventory.service.ts';
import { stockGrid, stockGridCsv } from './stock-grid.ts';
import { cancelTransfer, createTransfer, getTransfer, listTransfers, receiveTransfer, shipTransfer } from './transfers.service.ts';
import { variantSummaries } from './variant-summaries.ts';

/** Locations and the stock ledger of one business. Mounted under businessScope. */
export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['inventory'];
  const params = businessParamsSchema;

  app.get(
    '/locations',
    {
      config: requires('locations:read'),
      schema: { tags, security: bearerAuth, params, response: { 200: z.array(locationSchema), ...errorResponses } },
    },
    async () => listLocations(app.orm.em),
  );

  app.post(
    '/locations',
    {
      config: requires('inventory:write'),
      schema: { tags, security: bearerAuth, params, body: createLocationBodySchema, response: { 201: locationSchema, ...errorResponses } },
    },
    async (request, reply) => {
      reply.code(201);
      return createLocation(app.orm.em, request.businessId, request.body);
    },
  );

  app.post(
    '/inventory/adjustments',
    {
      config: requires('inventory:write'),
      schema: {
        tags,
        security: bearerAuth,
        params,
        body: createAdjustmentBodySchema,
        response: { 201: adjustmentResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return postAdjustment(app.orm.em, request.businessId, request.auth.user.id, request.body);
    },
  );

  app.get(
    '/inventory/variants/:variantId/ledger',
    {
      config: requires('inventory:read'),
      schema: {
        tags,
        security: bearerAuth,
        params: params.extend({ variantId: uuidSchema }),
        response: { 200: variantLedgerSchema, ...errorResponses },
      },
    },
    async (request) => variantLedger(app.orm.em, request.businessId, request.params.variantId),
  );

  app.get(
    '/inventory/summary',
    {
      config: requires('inventory:read'),
      schema: { tags, security: bearerAuth, params, response: { 200: inventorySummarySchema, ...errorResponses } },
    },
    async (request) => inventorySummary(app.orm.em, request.businessId),
  );

  app.get(
    '/inventory/stock-by-location',
    {
      config: requires('inventory:read'),
      schema: {
        tags,
        security: bearerAuth,
        summary: 'A page of products (sizes beneath) × locations: on hand and available, row totals, column totals over the whole filter.',
        params,
        querystring: stockGridQuerySchema,
        response: { 200: stockGridSchema, ...errorResponses },
      },
    },
    async (request) => stockGrid(app.orm.em, request.businessId, request.query),
  );

  app.get(
    '/inventory/stock-by-location.csv',
    {
      config: requires('inventory:read'),
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Stock by location as CSV: every size of the filter (not one page), one column per location, with a header row.',
        params,
        querystring: stockGridFilterSchema,
        produces: ['text/csv'],
        response: { 200: fileResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // A forked manager: the stream is read after this handler returns.
      const stream = await stockGridCsv(app.orm.em.fork(), request.businessId, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="stock-by-location-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  const transferParams = params.extend({ transferId: uuidSchema });

  app.get(
    '/inventory/transfers',
    {
      config: requires('inventory:read'),
      schema: { tags, security: bearerAuth, params, response: { 200: z.array(transferSchema), ...errorResponses } },
    },
    async (request) => listTransfers(app.orm.em, request.businessId),
  );

  app.post(
    '/inventory/transfers',
    {
      config: requires('inventory:write'),
      schema: { tags, security: bearerAuth, params, body: createTransferBodySchema, response: { 201: transferSchema, ...errorResponses } },
    },
    async (request, reply) => {
      reply.code(201);
      return createTransfer(app.orm.em, request.businessId, request.auth.user.id, request.body);
    },
  );

  app.get(
    '/inventory/transfers/:transferId',
    {
      config: requires('inventory:read'),
      schema: { tags, security: bearerAuth, params: transferParams, response: { 200: transferSchema, ...errorResponses } },
    },
    async (request) => getTransfer(app.orm.em, request.businessId, request.params.transferId),
  );

  app.post(
    '/inventory/transfers/:transferId/ship',
    {
      config: requires('inventory:write'),
      schema: { tags, security: bearerAuth, params: transferParams, response: { 200: transferSchema, ...errorResponses } },
    },
    async (request) => shipTransfer(app.orm.em, request.businessId, request.auth.user.id, request.params.transferId),
  );

  app.post(
    '/inventory/transfers/:transferId/cancel',
    {
      config: requires('inventory:write'),
      schema: { tags, security: bearerAuth, params: transferParams, response: { 200: transferSchema, ...errorResponses } },
    },
    async (request) => cancelTransfer(app.orm.em, request.businessId, request.auth.user.id, request.params.transferId),
  );

  app.get(
    '/inventory/variants',
    {
      config: requires('inventory:read'),
      schema: {
        tags,
        security: bearerAuth,
        description: 'Product, size, SKU, barcodes and stock per location of the given variants (screens that hold variant ids only).',
        params,
        querystring: variantSummaryQuerySchema,
        response: { 200: z.array(variantSummarySchema), ...errorResponses },
      },
    },
    async (request) => variantSummaries(app.orm.em, request.businessId, request.query.ids),
  );

  app.post(
    '/inventory/transfers/:transferId/receive',
    {
      config: requires('inventory:write'),
      schema: {
        tags,
        security: bearerAuth,
        params: transferParams,
        body: receiveTransferBodySchema,
        response: { 200: transferSchema, ...errorResponses },
      },
    },
    async (request) => receiveTransfer(app.orm.em, request.businessId, request.auth.user.id, request.params.transferId, request.body.lines),
  );

  const countParams = params.extend({ countId: uuidSchema });

  app.get(
    '/inventory/counts',
    {
      config: requires('inventory:read'),
      schema: {
        tags,
        security: bearerAuth,
        params,
        querystring: countListQuerySchema,
        response: { 200: z.array(countSummarySchema), ...errorResponses },
      },
    },
    async (request) => listCounts(app.orm.em, request.businessId, request.query.status),
  );

  app.post(
    '/inventory/counts',
    {
      config: requires('inventory:write'),
      schema: { tags, security: bearerAuth, params, body: createCountBodySchema, response: { 201: countSchema, ...errorResponses } },
    },
    async (request, reply) => {
      reply.code(201);
      return createCount(app.orm.em, request.businessId, request.auth.user.id, request.body);
    },
  );

  app.get(
    '/inventory/counts/:countId',
    {
      config: requires('inventory:read'),
      schema: { tags, security: bearerAuth, params: countParams, response: { 200: countSchema, ...errorResponses } },
    },
    async (request) => getCount(app.orm.em, request.businessId, request.params.countId),
  );

  app.post(
    '/inventory/counts/:countId/scans',
    {
      config: requires('inventory:write'),
      schema: {
        tags,
        security: bearerAuth,
        params: countParams,
        body: countScanBodySchema,
        response: { 200: countScanResultSchema, ...errorResponses },
      },
    },
    async (request) => scanIntoCount(app.orm.em, request.businessId, request.params.countId, request.body),
  );

  app.put(
    '/inventory/counts/:countId/lines/:variantId',
    {
      config: requires('inventory:write'),
      schema: {
        tags,
        security: bearerAuth,
        params: countParams.extend({ variantId: uuidSchema }),
        body: setCountLineBodySchema,
        response: { 200: countLineSchema, ...errorResponses },
      },
    },
    async (request) => setCountLine(app.orm.em, request.businessId, request.params.countId, request.params.variantId, request.body.counted),
  );

  app.post(
    '/inventory/counts/:countId/reveal',
    {
      config: requires('inventory:write'),
      schema: { tags, security: bearerAuth, params: countParams, response: { 200: countSchema, ...errorResponses } },
    },
    async (request) => revealCount(app.orm.em, request.businessId, request.params.countId),
  );

  app.post(
    '/inventory/counts/:countId/complete',
    {
      config: requires('inventory:write'),
      schema: {
        tags,
        security: bearerAuth,
        params: countParams,
        body: completeCountBodySchema.nullish(),
        response: { 200: completeCountResultSchema, ...errorResponses },
      },
    },
    async (request) => completeCount(app.orm.em, request.businessId, request.auth.user.id, request.params.countId, request.body ?? {}),
  );

  app.post(
    '/inventory/counts/:countId/cancel',
    {
      config: requires('inventory:write'),
      schema: { tags, security: bearerAuth, params: countParams, response: { 200: countSchema, ...errorResponses } },
    },
    async (request) => cancelCount(app.orm.em, request.businessId, request.params.countId),
  );
};
