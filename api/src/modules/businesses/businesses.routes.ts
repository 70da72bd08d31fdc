import { businessSummarySchema } from '@tradepost/shared/schemas/auth.ts';
import { updateBusinessBodySchema } from '@tradepost/shared/schemas/business.ts';
import { businessParamsSchema } from '@tradepost/shared/schemas/common.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import { Business } from './business.entity.ts';
import { presentBusiness } from './business.presenter.ts';

export const businessesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['businesses'];

  app.get(
    '/',
    {
      config: requires('business:read'),
      schema: { tags, security: bearerAuth, params: businessParamsSchema, response: { 200: businessSummarySchema, ...errorResponses } },
    },
    async (request) => presentBusiness(await app.orm.em.findOneOrFail(Business, { id: request.businessId })),
  );

  app.put(
    '/',
    {
      config: requires('business:manage'),
      schema: {
        tags,
        security: bearerAuth,
        params: businessParamsSchema,
        body: updateBusinessBodySchema,
        response: { 200: businessSummarySchema, ...errorResponses },
      },
    },
    async (request) => {
      const business = await app.orm.em.findOneOrFail(Business, { id: request.businessId });
      const body = request.body;
      if (body.business_name !== undefined) business.name = body.business_name;
      if (body.currency !== undefined) business.currency = body.currency;
      if (body.timezone !== undefined) business.timezone = body.timezone;
      if (body.shopify_enabled !== undefined) business.shopifyEnabled = body.shopify_enabled;
      await app.orm.em.flush();
      return presentBusiness(business);
    },
  );
};
