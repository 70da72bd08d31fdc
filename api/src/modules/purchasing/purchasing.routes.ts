import { fileResponseSchema } from '@tradepost/shared/schemas/catalog-io.ts';
import { businessParamsSchema, uuidSchema } from '@tradepost/shared/schemas/common.ts';
import {
  barcodeMappingBodySchema,
  createPurchaseOrderBodySchema,
  purchaseOrderListQuerySchema,
  purchaseOrderListSchema,
  purchaseOrderLotsSchema,
  purchaseOrderSchema,
  receiptResultSchema,
  receivePurchaseOrderBodySchema,
  scanReceiveBodySchema,
  updatePurchaseOrderBodySchema,
  updateVendorBodySchema,
  vendorImportBodySchema,
  vendorImportResultSchema,
  vendorInputSchema,
  vendorListQuerySchema,
  vendorListSchema,
  vendorSchema,
} from '@tradepost/shared/schemas/purchasing.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../http.ts';
import { runWorkflow } from '../../platform/workflow.ts';
import { requires } from '../../plugins/access.ts';
import { purchaseOrderPdf } from './purchase-order-pdf.ts';
import {
  createPurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrders,
  purchaseOrderLots,
  transitionPurchaseOrder,
  updatePurchaseOrder,
} from './purchase-orders.service.ts';
import { lineForScan, mapBarcode, type ReceiveRequest } from './receiving.ts';
import { createVendor, getVendor, importVendors, listVendors, setVendorArchived, updateVendor, vendorsCsv } from './vendors.service.ts';

const barcodeMappingSchema = z.object({ barcode: z.string(), variant_id: uuidSchema });

/** Vendors, purchase orders, receiving (by hand and by scan) and the PO PDF. Mounted under businessScope. */
export const purchasingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['purchasing'];
  const params = businessParamsSchema;
  const vendorParams = params.extend({ vendorId: uuidSchema });
  const orderParams = params.extend({ purchaseOrderId: uuidSchema });
  const em = () => app.orm.em;

  // Vendors.
  app.get(
    '/vendors',
    {
      config: requires('purchasing:read'),
      schema: {
        tags,
        security: bearerAuth,
        params,
        querystring: vendorListQuerySchema,
        response: { 200: vendorListSchema, ...errorResponses },
      },
    },
    async (request) => listVendors(em(), request.businessId, request.query),
  );

  app.get(
    '/vendors.csv',
    {
      config: requires('purchasing:read'),
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Every vendor of the filter as CSV (the import reads the same columns back).',
        params,
        querystring: vendorListQuerySchema.omit({ offset: true, limit: true }),
        produces: ['text/csv'],
        response: { 200: fileResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const csv = await vendorsCsv(em(), request.businessId, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vendors-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(csv));
    },
  );

  app.post(
    '/vendors/import',
    {
      config: requires('purchasing:write'),
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Vendors from CSV text: a row naming an existing vendor (any case) updates it; refused rows are listed with their line.',
        params,
        body: vendorImportBodySchema,
        response: { 200: vendorImportResultSchema, ...errorResponses },
      },
    },
    async (request) => importVendors(em(), request.businessId, request.body.csv),
  );

  app.post(
    '/vendors',
    {
      config: requires('purchasing:write'),
      schema: { tags, security: bearerAuth, params, body: vendorInputSchema, response: { 201: vendorSchema, ...errorResponses } },
    },
    async (request, reply) => {
      reply.code(201);
      return createVendor(em(), request.businessId, request.body);
    },
  );

  app.get(
    '/vendors/:vendorId',
    {
      config: requires('purchasing:read'),
      schema: { tags, security: bearerAuth, params: vendorParams, response: { 200: vendorSchema, ...errorResponses } },
    },
    async (request) => getVendor(em(), request.businessId, request.params.vendorId),
  );

  app.patch(
    '/vendors/:vendorId',
    {
      config: requires('purchasing:write'),
      schema: {
        tags,
        security: bearerAuth,
        params: vendorParams,
        body: updateVendorBodySchema,
        response: { 200: vendorSchema, ...errorResponses },
      },
    },
    async (request) => updateVendor(em(), request.businessId, request.params.vendorId, request.body),
  );

  for (const action of ['archive', 'unarchive'] as const) {
    app.post(
      `/vendors/:vendorId/${action}`,
      {
        config: requires('purchasing:write'),
        schema: { tags, security: bearerAuth, params: vendorParams, response: { 200: vendorSchema, ...errorResponses } },
      },
      async (request) => setVendorArchived(em(), request.businessId, request.params.vendorId, action === 'archive'),
    );
  }

  // Purchase orders.
  app.get(
    '/purchase-orders',
    {
      config: requires('purchasing:read'),
      schema: {
        tags,
        security: bearerAuth,
        params,
        querystring: purchaseOrderListQuerySchema,
        response: { 200: purchaseOrderListSchema, ...errorResponses },
      },
    },
    async (request) => listPurchaseOrders(em(), request.businessId, request.query),
  );

  app.post(
    '/purchase-orders',
    {
      config: requires('purchasing:write'),
      schema: {
        tags,
        security: bearerAuth,
        params,
        body: createPurchaseOrderBodySchema,
        response: { 201: purchaseOrderSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createPurchaseOrder(em(), request.businessId, request.auth.userId, request.body);
    },
  );

  app.get(
    '/purchase-orders/:purchaseOrderId',
    {
      config: requires('purchasing:read'),
      schema: { tags, security: bearerAuth, params: orderParams, response: { 200: purchaseOrderSchema, ...errorResponses } },
    },
    async (request) => getPurchaseOrder(em(), request.businessId, request.params.purchaseOrderId),
  );

  app.patch(
    '/purchase-orders/:purchaseOrderId',
    {
      config: requires('purchasing:write'),
      schema: {
        tags,
        security: bearerAuth,
        params: orderParams,
        body: updatePurchaseOrderBodySchema,
        response: { 200: purchaseOrderSchema, ...errorResponses },
      },
    },
    async (request) => updatePurchaseOrder(em(), request.businessId, request.params.purchaseOrderId, request.body),
  );

  for (const action of ['order', 'cancel', 'close'] as const) {
    app.post(
      `/purchase-orders/:purchaseOrderId/${action}`,
      {
        config: requires('purchasing:write'),
        schema: { tags, security: bearerAuth, params: orderParams, response: { 200: purchaseOrderSchema, ...errorResponses } },
      },
      async (request) => transitionPurchaseOrder(em(), request.businessId, request.params.purchaseOrderId, action),
    );
  }

  const receive = async (businessId: string, userId: string, receipt: ReceiveRequest) => {
    const received = await runWorkflow(em(), 'purchase.receive', { businessId, userId }, receipt);
    return { purchase_order: await getPurchaseOrder(em(), businessId, receipt.purchaseOrderId), received };
  };

  app.post(
    '/purchase-orders/:purchaseOrderId/receive',
    {
      config: requires('purchasing:write'),
      schema: {
        tags,
        security: bearerAuth,
        params: orderParams,
        body: receivePurchaseOrderBodySchema,
        response: { 200: receiptResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      receive(request.businessId, request.auth.userId, {
        purchaseOrderId: request.params.purchaseOrderId,
        locationId: request.body.location_id,
        lines: request.body.lines.map((line) => ({ lineId: line.line_id, quantity: line.quantity })),
        confirmOverReceipt: request.body.confirm_over_receipt,
        method: 'manual',
      }),
  );

  app.post(
    '/purchase-orders/:purchaseOrderId/scan',
    {
      config: requires('purchasing:write'),
      schema: {
        tags,
        security: bearerAuth,
        summary: 'One scanned unit: the line whose size has this barcode (or SKU) receives one.',
        params: orderParams,
        body: scanReceiveBodySchema,
        response: { 200: receiptResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { purchaseOrderId } = request.params;
      const lineId = await lineForScan(em(), request.businessId, purchaseOrderId, request.body.barcode);
      return receive(request.businessId, request.auth.userId, {
        purchaseOrderId,
        locationId: request.body.location_id,
        lines: [{ lineId, quantity: 1 }],
        confirmOverReceipt: request.body.confirm_over_receipt,
        method: 'scan',
      });
    },
  );

  app.post(
    '/purchase-orders/:purchaseOrderId/barcode-mappings',
    {
      config: requires('purchasing:write'),
      schema: {
        tags,
        security: bearerAuth,
        summary: "An unknown barcode becomes one of the size's barcodes, so every later scan finds it.",
        params: orderParams,
        body: barcodeMappingBodySchema,
        response: { 201: barcodeMappingSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mapped = await mapBarcode(
        em(),
        request.businessId,
        request.params.purchaseOrderId,
        request.body.barcode,
        request.body.variant_id,
      );
      reply.code(201);
      return mapped;
    },
  );

  app.get(
    '/purchase-orders/:purchaseOrderId/pdf',
    {
      config: requires('purchasing:read'),
      schema: { tags, security: bearerAuth, params: orderParams, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const pdf = await purchaseOrderPdf(em(), request.businessId, request.params.purchaseOrderId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="PO-${pdf.number}.pdf"`)
        .send(Buffer.from(pdf.bytes));
    },
  );

  app.get(
    '/purchase-orders/:purchaseOrderId/lots',
    {
      config: requires('purchasing:read'),
      schema: { tags, security: bearerAuth, params: orderParams, response: { 200: purchaseOrderLotsSchema, ...errorResponses } },
    },
    async (request) => purchaseOrderLots(em(), request.businessId, request.params.purchaseOrderId),
  );
};
