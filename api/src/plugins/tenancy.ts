import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { NotFound } from '../errors.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

declare module 'fastify' {
  interface FastifyRequest {
    businessId: string;
  }
}

/**
 * Registers area routes under /businesses/:businessId after checking, once, that the signed-in
 * user belongs to that business. Foreign and unknown ids both answer 404 so ids are not confirmed.
 */
export function businessScope(areas: FastifyPluginAsync[]): FastifyPluginAsync {
  return async (scope: FastifyInstance) => {
    scope.decorateRequest('businessId', '');
    // onRequest, after the access plugin signed the caller in and before their permission is checked.
    scope.addHook('onRequest', async (request) => {
      const { businessId } = request.params as { businessId?: string };
      if (!businessId || !uuidPattern.test(businessId) || request.auth.businessId !== businessId.toLowerCase()) {
        throw new NotFound('Business not found');
      }
      request.businessId = request.auth.businessId;
      scope.orm.em.setFilterParams('tenant', { businessId: request.businessId });
    });
    for (const area of areas) await scope.register(area);
  };
}
