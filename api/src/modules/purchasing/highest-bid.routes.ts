import { fileResponseSchema } from '@tradepost/shared/schemas/catalog-io.ts';
import { businessParamsSchema } from '@tradepost/shared/schemas/common.ts';
import {
  highestBidQuerySchema,
  highestBidReportSchema,
  purchasingSettingsBodySchema,
  purchasingSettingsSchema,
} from '@tradepost/shared/schemas/highest-bid.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import { getPurchasingSettings, highestBidCsv, highestBidReport, savePurchasingSettings } from './highest-bid.ts';

/** The purchasing settings (the target margin and the payout options) and the highest-bid report. Mounted under businessScope. */
export const highestBidRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['purchasing'];
  const params = businessParamsSchema;

  app.get(
    '/purchasing/settings',
    {
      config: requires('purchasing:read'),
      schema: { tags, security: bearerAuth, params, response: { 200: purchasingSettingsSchema, ...errorResponses } },
    },
    async (request) => getPurchasingSettings(app.orm.em, request.businessId),
  );

  app.put(
    '/purchasing/settings',
    {
      config: requires('purchasing:write'),
      schema: {
        tags,
        security: bearerAuth,
        params,
        body: purchasingSettingsBodySchema,
        response: { 200: purchasingSettingsSchema, ...errorResponses },
      },
    },
    async (request) => savePurchasingSettings(app.orm.em, request.businessId, request.body),
  );

  app.get(
    '/reports/highest-bid',
    {
      config: requires('purchasing:read'),
      schema: {
        tags,
        security: bearerAuth,
        summary: 'What to pay per size of the active products: the expected price (last five sales, else our price) less the margin.',
        params,
        querystring: highestBidQuerySchema,
        response: { 200: highestBidReportSchema, ...errorResponses },
      },
    },
    async (request) => highestBidReport(app.orm.em, request.businessId, request.query),
  );

  app.get(
    '/reports/highest-bid.csv',
    {
      config: requires('purchasing:read'),
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Every row of the highest-bid report for the filter, as CSV.',
        params,
        querystring: highestBidQuerySchema.omit({ offset: true, limit: true }),
        produces: ['text/csv'],
        response: { 200: fileResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // A forked manager: the stream is read after this handler returns.
      const stream = await highestBidCsv(app.orm.em.fork(), request.businessId, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="highest-bid-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
