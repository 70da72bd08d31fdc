import { businessParamsSchema } from '@tradepost/shared/schemas/common.ts';
import {
  createPreownedBodySchema,
  preownedItemSchema,
  preownedListQuerySchema,
  preownedListSchema,
  preownedParamsSchema,
  updatePreownedBodySchema,
} from '@tradepost/shared/schemas/preowned.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import {
  archivePreowned,
  createPreowned,
  deletePreowned,
  getPreowned,
  listPreowned,
  publishPreowned,
  updatePreowned,
} from './preowned.service.ts';

/** Pre-owned one-off items and drafts. Mounted under businessScope. */
export const preownedRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['preowned'];
  const params = preownedParamsSchema;

  app.get(
    '/preowned',
    {
      config: requires('catalog:read'),
      schema: {
        tags,
        security: bearerAuth,
        params: businessParamsSchema,
        querystring: preownedListQuerySchema,
        response: { 200: preownedListSchema, ...errorResponses },
      },
    },
    async (request) => listPreowned(app.orm.em, request.businessId, request.query),
  );

  app.post(
    '/preowned',
    {
      config: requires('catalog:write'),
      schema: {
        tags,
        security: bearerAuth,
        description: 'A new pre-owned item, saved as a draft or, with `publish: true`, published with its unit in stock.',
        params: businessParamsSchema,
        body: createPreownedBodySchema,
        response: { 201: preownedItemSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const item = await createPreowned(app.orm.em, request.businessId, request.auth.user.id, request.body);
      reply.code(201);
      return item;
    },
  );

  app.get(
    '/preowned/:productId',
    {
      config: requires('catalog:read'),
      schema: { tags, security: bearerAuth, params, response: { 200: preownedItemSchema, ...errorResponses } },
    },
    async (request) => getPreowned(app.orm.em, request.businessId, request.params.productId),
  );

  app.patch(
    '/preowned/:productId',
    {
      config: requires('catalog:write'),
      schema: {
        tags,
        security: bearerAuth,
        params,
        body: updatePreownedBodySchema,
        response: { 200: preownedItemSchema, ...errorResponses },
      },
    },
    async (request) => updatePreowned(app.orm.em, request.businessId, request.params.productId, request.body),
  );

  app.post(
    '/preowned/:productId/publish',
    {
      config: requires('catalog:write'),
      schema: {
        tags,
        security: bearerAuth,
        description: 'Checks title, size, grade, price, cost and location, then posts the one unit into stock with its cost lot.',
        params,
        response: { 200: preownedItemSchema, ...errorResponses },
      },
    },
    async (request) => publishPreowned(app.orm.em, request.businessId, request.auth.user.id, request.params.productId),
  );

  app.post(
    '/preowned/:productId/archive',
    {
      config: requires('catalog:write'),
      schema: {
        tags,
        security: bearerAuth,
        description: 'Puts away a published item whose unit has left stock. Published items are never deleted.',
        params,
        response: { 200: preownedItemSchema, ...errorResponses },
      },
    },
    async (request) => archivePreowned(app.orm.em, request.businessId, request.params.productId),
  );

  app.delete(
    '/preowned/:productId',
    {
      config: requires('catalog:write'),
      schema: {
        tags,
        security: bearerAuth,
        description: 'Deletes a draft. A published item answers 409: it is archived instead, keeping its history.',
        params,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deletePreowned(app.orm.em, request.businessId, request.params.productId);
      reply.code(204);
      return null;
    },
  );
};
