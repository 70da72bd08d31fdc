import {
  addBarcodeBodySchema,
  addVariantBodySchema,
  barcodeParamsSchema,
  createProductBodySchema,
  productFacetsQuerySchema,
  productFacetsSchema,
  productFilterSchema,
  productListQuerySchema,
  productListSchema,
  productParamsSchema,
  productRowListSchema,
  productSchema,
  productSetSummarySchema,
  productSizeRunSchema,
  updateProductBodySchema,
  variantParamsSchema,
} from '@tradepost/shared/schemas/catalog.ts';
import { businessParamsSchema } from '@tradepost/shared/schemas/common.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import {
  createProduct,
  getProduct,
  listProductRows,
  listProducts,
  productFacets,
  productSetSummary,
  productSizeRun,
  updateProduct,
} from './catalog.service.ts';
import {
  addBarcode,
  addVariant,
  archiveProduct,
  deleteProduct,
  removeBarcode,
  removeVariant,
  unarchiveProduct,
} from './product-lifecycle.service.ts';

/** Products with their sizes, SKUs and barcodes. Mounted under businessScope. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];
  const productResponse = { 200: productSchema, ...errorResponses };

  app.get(
    '/products',
    {
      config: requires('catalog:read'),
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

  app.get(
    '/products/rows',
    {
      config: requires('catalog:read'),
      schema: {
        tags,
        security: bearerAuth,
        params: businessParamsSchema,
        querystring: productListQuerySchema,
        response: { 200: productRowListSchema, ...errorResponses },
      },
    },
    async (request) => listProductRows(app.orm.em, request.businessId, request.query),
  );

  app.get(
    '/products/summary',
    {
      config: requires('inventory:read'),
      schema: {
        tags,
        security: bearerAuth,
        params: businessParamsSchema,
        querystring: productFilterSchema,
        response: { 200: productSetSummarySchema, ...errorResponses },
      },
    },
    async (request) => productSetSummary(app.orm.em, request.businessId, request.query),
  );

  app.get(
    '/products/facets',
    {
      config: requires('catalog:read'),
      schema: {
        tags,
        security: bearerAuth,
        params: businessParamsSchema,
        querystring: productFacetsQuerySchema,
        response: { 200: productFacetsSchema, ...errorResponses },
      },
    },
    async (request) => productFacets(app.orm.em, request.businessId, request.query.status),
  );

  app.post(
    '/products',
    {
      config: requires('catalog:write'),
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
    { config: requires('catalog:read'), schema: { tags, security: bearerAuth, params: productParamsSchema, response: productResponse } },
    async (request) => getProduct(app.orm.em, request.businessId, request.params.productId),
  );

  app.patch(
    '/products/:productId',
    {
      config: requires('catalog:write'),
      schema: { tags, security: bearerAuth, params: productParamsSchema, body: updateProductBodySchema, response: productResponse },
    },
    async (request) => {
      await updateProduct(app.orm.em, request.businessId, request.params.productId, request.body);
      return getProduct(app.orm.em, request.businessId, request.params.productId);
    },
  );

  app.delete(
    '/products/:productId',
    {
      config: requires('catalog:write'),
      schema: { tags, security: bearerAuth, params: productParamsSchema, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await deleteProduct(app.orm.em, request.businessId, request.params.productId);
      reply.code(204);
      return null;
    },
  );

  app.post(
    '/products/:productId/archive',
    { config: requires('catalog:write'), schema: { tags, security: bearerAuth, params: productParamsSchema, response: productResponse } },
    async (request) => {
      await archiveProduct(app.orm.em, request.businessId, request.params.productId);
      return getProduct(app.orm.em, request.businessId, request.params.productId);
    },
  );

  app.post(
    '/products/:productId/unarchive',
    { config: requires('catalog:write'), schema: { tags, security: bearerAuth, params: productParamsSchema, response: productResponse } },
    async (request) => {
      await unarchiveProduct(app.orm.em, request.businessId, request.params.productId);
      return getProduct(app.orm.em, request.businessId, request.params.productId);
    },
  );

  app.get(
    '/products/:productId/size-run',
    {
      config: requires('catalog:read'),
      schema: { tags, security: bearerAuth, params: productParamsSchema, response: { 200: productSizeRunSchema, ...errorResponses } },
    },
    async (request) => productSizeRun(app.orm.em, request.businessId, request.params.productId),
  );

  app.post(
    '/products/:productId/variants',
    {
      config: requires('catalog:write'),
      schema: {
        tags,
        security: bearerAuth,
        params: productParamsSchema,
        body: addVariantBodySchema,
        response: { 201: productSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await addVariant(app.orm.em, request.businessId, request.params.productId, request.body);
      reply.code(201);
      return getProduct(app.orm.em, request.businessId, request.params.productId);
    },
  );

  app.delete(
    '/products/:productId/variants/:variantId',
    { config: requires('catalog:write'), schema: { tags, security: bearerAuth, params: variantParamsSchema, response: productResponse } },
    async (request) => {
      const { productId, variantId } = request.params;
      await removeVariant(app.orm.em, request.businessId, productId, variantId);
      return getProduct(app.orm.em, request.businessId, productId);
    },
  );

  app.post(
    '/products/:productId/variants/:variantId/barcodes',
    {
      config: requires('catalog:write'),
      schema: {
        tags,
        security: bearerAuth,
        params: variantParamsSchema,
        body: addBarcodeBodySchema,
        response: { 201: productSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { productId, variantId } = request.params;
      await addBarcode(app.orm.em, request.businessId, productId, variantId, request.body);
      reply.code(201);
      return getProduct(app.orm.em, request.businessId, productId);
    },
  );

  app.delete(
    '/products/:productId/variants/:variantId/barcodes/:code',
    { config: requires('catalog:write'), schema: { tags, security: bearerAuth, params: barcodeParamsSchema, response: productResponse } },
    async (request) => {
      const { productId, variantId, code } = request.params;
      await removeBarcode(app.orm.em, request.businessId, productId, variantId, code);
      return getProduct(app.orm.em, request.businessId, productId);
    },
  );
};
