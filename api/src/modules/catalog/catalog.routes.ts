import {
  createProductBodySchema,
  productListQuerySchema,
  productListSchema,
  productParamsSchema,
  productSchema,
} from '@tradepost/shared/schemas/catalog.ts';
import { businessParamsSchema } from '@tradepost/shared/schemas/common.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../http.ts';
import { createProduct, getProduct, listProducts } from './catalog.service.ts';

/** Products with their sizes, SKUs and barcodes. Mounted under businessScope. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];

  app.get(
    '/products',
    {
      schema: {
        tags,
        security: bearerAuth,
        params: businessParamsSchema,
        querystring: productListQuerySchema,
        response: { 200: productListSchema, ...errorResponses },
      },
    },
    async (request) => listProducts(app.orm.em, request.businessId, request.query),
  );

  app.post(
    '/products',
    {
      schema: {
        tags,
        security: bearerAuth,
        params: businessParamsSchema,
        body: createProductBodySchema,
        response: { 201: productSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = await createProduct(app.orm.em, request.businessId, request.body);
      reply.code(201);
      return getProduct(app.orm.em, request.businessId, id);
    },
  );

  app.get(
    '/products/:productId',
    { schema: { tags, security: bearerAuth, params: productParamsSchema, response: { 200: productSchema, ...errorResponses } } },
    async (request) => getProduct(app.orm.em, request.businessId, request.params.productId),
  );
};
