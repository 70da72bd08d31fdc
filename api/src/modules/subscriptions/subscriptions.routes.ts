import { trialStatusSchema } from '@tradepost/shared/schemas/auth.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import { trialStatus } from './trial.ts';

export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/subscriptions/trial/status',
    {
      config: requires('signed-in'),
      schema: { tags: ['subscriptions'], security: bearerAuth, response: { 200: trialStatusSchema, ...errorResponses } },
    },
    async (request) => trialStatus(request.auth.user.business.trialEndsAt, new Date()),
  );
};
