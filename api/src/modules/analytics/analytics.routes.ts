import { businessParamsSchema } from '@tradepost/shared/schemas/common.ts';
import { dashboardSchema } from '@tradepost/shared/schemas/sales.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import { dashboard } from './dashboard.service.ts';

/** Figures for the dashboard (a warm-up call of spec §7). Mounted under businessScope. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/analytics/dashboard',
    {
      config: requires('analytics:read'),
      schema: {
        tags: ['analytics'],
        security: bearerAuth,
        params: businessParamsSchema,
        response: { 200: dashboardSchema, ...errorResponses },
      },
    },
    async (request) => dashboard(app.orm.em, request.businessId),
  );
};
