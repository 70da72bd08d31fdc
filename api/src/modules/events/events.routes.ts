import { businessParamsSchema } from '@tradepost/shared/schemas/common.ts';
import { eventDeliveryListQuerySchema, eventDeliveryListSchema } from '@tradepost/shared/schemas/events.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import { listDeliveries } from './deliveries.service.ts';

/** The events view's data under /businesses/:businessId. */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/event-deliveries',
    {
      config: requires('sync:read'),
      schema: {
        tags: ['events'],
        security: bearerAuth,
        description:
          'The latest deliveries of domain events to their subscribers (the sync engine’s pushes among them): waiting, retrying with the last error, delivered or failed for good.',
        params: businessParamsSchema,
        querystring: eventDeliveryListQuerySchema,
        response: { 200: eventDeliveryListSchema, ...errorResponses },
      },
    },
    async (request) => listDeliveries(app.orm.em, request.businessId, request.query),
  );
};
