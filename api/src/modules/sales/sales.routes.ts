import { businessParamsSchema, uuidSchema } from '@tradepost/shared/schemas/common.ts';
import {
  cancelSaleBodySchema,
  channelSchema,
  createSaleBodySchema,
  customerInputSchema,
  customerListQuerySchema,
  customerSchema,
  externalOrderSchema,
  failedOrderParamsSchema,
  failedOrderSchema,
  fulfillmentListQuerySchema,
  fulfillmentParamsSchema,
  fulfillmentScanBodySchema,
  fulfillmentScanResultSchema,
  fulfillmentSchema,
  fulfillmentStatusBodySchema,
  mapSkuBodySchema,
  pickRuleInputSchema,
  pickRuleSchema,
  pricePreviewSchema,
  priceRuleInputSchema,
  priceRuleSchema,
  recordOutcomeSchema,
  refundBodySchema,
  reorderPickRulesBodySchema,
  retryFailedOrderBodySchema,
  saleListQuerySchema,
  saleListSchema,
  saleParamsSchema,
  saleSchema,
  shipFulfillmentBodySchema,
  typedSaleTotalCents,
  updateChannelBodySchema,
} from '@tradepost/shared/schemas/sales.ts';
import { storeCreditAdjustmentBodySchema, storeCreditQuerySchema, storeCreditSchema } from '@tradepost/shared/schemas/store-credit.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newId } from '../../db/ids.ts';
import { Conflict } from '../../errors.ts';
import { bearerAuth, errorResponses } from '../../http.ts';
import { runWorkflow } from '../../platform/workflow.ts';
import { requires } from '../../plugins/access.ts';
import { AllocationFailure } from './allocation.ts';
import { channelById, channelByKind, listChannels, updateChannel } from './channels.service.ts';
import { createCustomer, getCustomer, listCustomers, updateCustomer } from './customers.service.ts';
import { dismissFailedOrder, getFailedOrder, listFailedOrders, mapSku, retryFailedOrder } from './failed-orders.service.ts';
import { getFulfillment, listFulfillments, scanIntoFulfillment, setFulfillmentStatus, shipFulfillment } from './fulfillments.service.ts';
import { packingSlipPdf } from './packing-slip.ts';
import { createPickRule, deletePickRule, listPickRules, reorderPickRules, updatePickRule } from './pick-rules.service.ts';
import { listPriceRules, previewPriceRule, savePriceRule } from './price-rules.service.ts';
import { importChannelOrder, recordSale } from './record-sale.ts';
import type { SalePaymentInput } from './sale-input.ts';
import { getSale, listSales } from './sales.service.ts';
import { adjustStoreCredit, getStoreCredit } from './store-credit.ts';

/** The payment a typed sale's body names, as parts (the schema checked that a split adds up to the total). */
function paymentOf(body: z.output<typeof createSaleBodySchema>): SalePaymentInput | undefined {
  const method = body.payment_method;
  if (method === undefined) return undefined;
  if (method === 'split') return { parts: (body.payments ?? []).map((part) => ({ method: part.method, amountCents: part.amount_cents })) };
  return { parts: [{ method, amountCents: typedSaleTotalCents(body) }], cashTenderedCents: body.cash_tendered_cents };
}

/** Channels, sales, failed orders, customers, pick rules, fulfillments and price rules. Mounted under businessScope. */
export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['sales'];
  const params = businessParamsSchema;
  const em = () => app.orm.em;
  const ctx = (request: { businessId: string; auth: { user: { id: string } } }) => ({
    businessId: request.businessId,
    userId: request.auth.user.id,
  });

  // Channels.
  const channelParams = params.extend({ channelId: uuidSchema });
  app.get(
    '/channels',
    {
      config: requires('sales:read'),
      schema: { tags, security: bearerAuth, params, response: { 200: z.array(channelSchema), ...errorResponses } },
    },
    async (request) => listChannels(em(), request.businessId),
  );
  app.patch(
    '/channels/:channelId',
    {
      config: requires('listings:write'),
      schema: {
        tags,
        security: bearerAuth,
        params: channelParams,
        body: updateChannelBodySchema,
        response: { 200: channelSchema, ...errorResponses },
      },
    },
    async (request) => updateChannel(em(), request.businessId, request.params.channelId, request.body),
  );
  app.post(
    '/channels/:channelId/orders',
    {
      config: requires('sales:write'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          "The sales entry point for a channel's order: idempotent on its order id; unmatched or unallocatable orders become failed orders.",
        params: channelParams,
        body: externalOrderSchema,
        response: { 200: recordOutcomeSchema, 201: recordOutcomeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const channel = await channelById(em(), request.businessId, request.params.channelId);
      const outcome = await importChannelOrder(em(), ctx(request), channel, request.body);
      reply.code(outcome.outcome === 'recorded' ? 201 : 200);
      return outcome;
    },
  );

  // Sales.
  app.get(
    '/sales',
    {
      config: requires('sales:read'),
      schema: {
        tags,
        security: bearerAuth,
        params,
        querystring: saleListQuerySchema,
        response: { 200: saleListSchema, ...errorResponses },
      },
    },
    async (request) => listSales(em(), request.businessId, request.query),
  );
  app.post(
    '/sales',
    {
      config: requires('sales:write'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          'A sale typed in Tradepost (manual order or in-store checkout). Selling more than is available answers 409 and writes nothing.',
        params,
        body: createSaleBodySchema,
        response: { 200: saleSchema, 201: saleSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const channel = await channelByKind(em(), request.businessId, body.channel);
      if (body.customer_id) await getCustomer(em(), request.businessId, body.customer_id);
      try {
        const result = await recordSale(
          em(),
          ctx(request),
          channel,
          {
            externalOrderId: body.external_order_id ?? `TP-${newId()}`,
            customerId: body.customer_id,
            customer: body.customer,
            shippingCents: body.shipping_cents,
            shippingAddress: body.shipping_address,
            note: body.note,
            payment: paymentOf(body),
            lines: body.lines.map((line) => ({
              variantId: line.variant_id,
              quantity: line.quantity,
              unitPriceCents: line.unit_price_cents,
              feesCents: line.fees_cents,
              taxCents: line.tax_cents,
            })),
          },
          { immediate: body.channel === 'in_store', locationId: body.location_id },
        );
        reply.code(result.outcome === 'recorded' ? 201 : 200);
        return getSale(em(), request.businessId, result.saleId);
      } catch (error) {
        if (!(error instanceof AllocationFailure)) throw error;
        throw new Conflict(error.message, error.code === 'no_stock' ? 'INSUFFICIENT_STOCK' : 'SPLIT_NOT_ALLOWED', [
          { field: error.line === null ? 'lines' : `lines.${error.line}.quantity`, message: error.message },
        ]);
      }
    },
  );
  app.get(
    '/sales/:saleId',
    {
      config: requires('sales:read'),
      schema: { tags, security: bearerAuth, params: saleParamsSchema, response: { 200: saleSchema, ...errorResponses } },
    },
    async (request) => getSale(em(), request.businessId, request.params.saleId),
  );
  app.post(
    '/sales/:saleId/cancel',
    {
      config: requires('sales:write'),
      schema: {
        tags,
        security: bearerAuth,
        params: saleParamsSchema,
        body: cancelSaleBodySchema,
        response: { 200: saleSchema, ...errorResponses },
      },
    },
    async (request) => {
      await runWorkflow(em(), 'sale.cancel', ctx(request), { saleId: request.params.saleId, request: request.body });
      return getSale(em(), request.businessId, request.params.saleId);
    },
  );
  app.post(
    '/sales/:saleId/refunds',
    {
      config: requires('sales:refund'),
      schema: {
        tags,
        security: bearerAuth,
        params: saleParamsSchema,
        body: refundBodySchema,
        response: { 201: saleSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await getSale(em(), request.businessId, request.params.saleId);
      await runWorkflow(em(), 'sale.refund', ctx(request), { saleId: request.params.saleId, request: request.body });
      reply.code(201);
      return getSale(em(), request.businessId, request.params.saleId);
    },
  );

  // Failed orders.
  app.get(
    '/failed-orders',
    {
      config: requires('sales:read'),
      schema: {
        tags,
        security: bearerAuth,
        params,
        querystring: z.object({ status: z.enum(['open', 'resolved', 'dismissed', 'all']).default('open') }),
        response: { 200: z.array(failedOrderSchema), ...errorResponses },
      },
    },
    async (request) => listFailedOrders(em(), request.businessId, request.query.status),
  );
  app.get(
    '/failed-orders/:failedOrderId',
    {
      config: requires('sales:read'),
      schema: { tags, security: bearerAuth, params: failedOrderParamsSchema, response: { 200: failedOrderSchema, ...errorResponses } },
    },
    async (request) => getFailedOrder(em(), request.businessId, request.params.failedOrderId),
  );
  app.post(
    '/failed-orders/:failedOrderId/map-sku',
    {
      config: requires('sales:write'),
      schema: {
        tags,
        security: bearerAuth,
        params: failedOrderParamsSchema,
        body: mapSkuBodySchema,
        response: { 200: failedOrderSchema, ...errorResponses },
      },
    },
    async (request) => mapSku(em(), request.businessId, request.params.failedOrderId, request.body),
  );
  app.post(
    '/failed-orders/:failedOrderId/retry',
    {
      config: requires('sales:write'),
      schema: {
        tags,
        security: bearerAuth,
        params: failedOrderParamsSchema,
        body: retryFailedOrderBodySchema,
        response: { 200: recordOutcomeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const locations = request.body.locations ? new Map(request.body.locations.map((l) => [l.line, l.location_id])) : undefined;
      return retryFailedOrder(em(), ctx(request), request.params.failedOrderId, locations);
    },
  );
  app.post(
    '/failed-orders/:failedOrderId/dismiss',
    {
      config: requires('sales:write'),
      schema: { tags, security: bearerAuth, params: failedOrderParamsSchema, response: { 200: failedOrderSchema, ...errorResponses } },
    },
    async (request) => dismissFailedOrder(em(), request.businessId, request.params.failedOrderId),
  );

  // Customers.
  const customerParams = params.extend({ customerId: uuidSchema });
  app.get(
    '/customers',
    {
      config: requires('customers:read'),
      schema: {
        tags,
        security: bearerAuth,
        params,
        querystring: customerListQuerySchema,
        response: { 200: z.object({ items: z.array(customerSchema), total: z.number().int() }), ...errorResponses },
      },
    },
    async (request) => listCustomers(em(), request.businessId, request.query),
  );
  app.post(
    '/customers',
    {
      config: requires('customers:write'),
      schema: { tags, security: bearerAuth, params, body: customerInputSchema, response: { 201: customerSchema, ...errorResponses } },
    },
    async (request, reply) => {
      reply.code(201);
      return createCustomer(em(), request.businessId, request.body);
    },
  );
  app.get(
    '/customers/:customerId',
    {
      config: requires('customers:read'),
      schema: { tags, security: bearerAuth, params: customerParams, response: { 200: customerSchema, ...errorResponses } },
    },
    async (request) => getCustomer(em(), request.businessId, request.params.customerId),
  );
  app.put(
    '/customers/:customerId',
    {
      config: requires('customers:write'),
      schema: {
        tags,
        security: bearerAuth,
        params: customerParams,
        body: customerInputSchema,
        response: { 200: customerSchema, ...errorResponses },
      },
    },
    async (request) => updateCustomer(em(), request.businessId, request.params.customerId, request.body),
  );
  app.get(
    '/customers/:customerId/store-credit',
    {
      config: requires('customers:read'),
      schema: {
        tags,
        security: bearerAuth,
        description: "A customer's store-credit balance and its entries, newest first.",
        params: customerParams,
        querystring: storeCreditQuerySchema,
        response: { 200: storeCreditSchema, ...errorResponses },
      },
    },
    async (request) => getStoreCredit(em(), request.businessId, request.params.customerId, request.query),
  );
  app.post(
    '/customers/:customerId/store-credit/adjustments',
    {
      config: requires('customers:write'),
      schema: {
        tags,
        security: bearerAuth,
        description: 'A correction of the balance by hand, with why. Taking it below zero answers 409 INSUFFICIENT_STORE_CREDIT.',
        params: customerParams,
        body: storeCreditAdjustmentBodySchema,
        response: { 201: storeCreditSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { businessId, params, body } = request;
      await em().transactional((tx) =>
        adjustStoreCredit(tx, businessId, params.customerId, {
          amountCents: body.amount_cents,
          note: body.note,
          userId: request.auth.user.id,
        }),
      );
      reply.code(201);
      return getStoreCredit(em(), businessId, params.customerId, storeCreditQuerySchema.parse({}));
    },
  );

  // Pick rules.
  const ruleParams = params.extend({ ruleId: uuidSchema });
  app.get(
    '/pick-rules',
    {
      config: requires('sales:read'),
      schema: { tags, security: bearerAuth, params, response: { 200: z.array(pickRuleSchema), ...errorResponses } },
    },
    async (request) => listPickRules(em(), request.businessId),
  );
  app.post(
    '/pick-rules',
    {
      config: requires('sales:write'),
      schema: { tags, security: bearerAuth, params, body: pickRuleInputSchema, response: { 201: pickRuleSchema, ...errorResponses } },
    },
    async (request, reply) => {
      reply.code(201);
      return createPickRule(em(), request.businessId, request.body);
    },
  );
  app.put(
    '/pick-rules/order',
    {
      config: requires('sales:write'),
      schema: {
        tags,
        security: bearerAuth,
        params,
        body: reorderPickRulesBodySchema,
        response: { 200: z.array(pickRuleSchema), ...errorResponses },
      },
    },
    async (request) => reorderPickRules(em(), request.businessId, request.body.ids),
  );
  app.put(
    '/pick-rules/:ruleId',
    {
      config: requires('sales:write'),
      schema: {
        tags,
        security: bearerAuth,
        params: ruleParams,
        body: pickRuleInputSchema,
        response: { 200: pickRuleSchema, ...errorResponses },
      },
    },
    async (request) => updatePickRule(em(), request.businessId, request.params.ruleId, request.body),
  );
  app.delete(
    '/pick-rules/:ruleId',
    {
      config: requires('sales:write'),
      schema: { tags, security: bearerAuth, params: ruleParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await deletePickRule(em(), request.businessId, request.params.ruleId);
      return reply.code(204).send(null);
    },
  );

  // Fulfillments.
  app.get(
    '/fulfillments',
    {
      config: requires('fulfillment:read'),
      schema: {
        tags,
        security: bearerAuth,
        params,
        querystring: fulfillmentListQuerySchema,
        response: { 200: z.array(fulfillmentSchema), ...errorResponses },
      },
    },
    async (request) => listFulfillments(em(), request.businessId, request.query),
  );
  app.get(
    '/fulfillments/:fulfillmentId',
    {
      config: requires('fulfillment:read'),
      schema: { tags, security: bearerAuth, params: fulfillmentParamsSchema, response: { 200: fulfillmentSchema, ...errorResponses } },
    },
    async (request) => getFulfillment(em(), request.businessId, request.params.fulfillmentId),
  );
  app.post(
    '/fulfillments/:fulfillmentId/status',
    {
      config: requires('fulfillment:work'),
      schema: {
        tags,
        security: bearerAuth,
        params: fulfillmentParamsSchema,
        body: fulfillmentStatusBodySchema,
        response: { 200: fulfillmentSchema, ...errorResponses },
      },
    },
    async (request) => setFulfillmentStatus(em(), ctx(request), request.params.fulfillmentId, request.body.status),
  );
  app.post(
    '/fulfillments/:fulfillmentId/scan',
    {
      config: requires('fulfillment:work'),
      schema: {
        tags,
        security: bearerAuth,
        params: fulfillmentParamsSchema,
        body: fulfillmentScanBodySchema,
        response: { 200: fulfillmentScanResultSchema, ...errorResponses },
      },
    },
    async (request) => scanIntoFulfillment(em(), ctx(request), request.params.fulfillmentId, request.body.code),
  );
  app.post(
    '/fulfillments/:fulfillmentId/ship',
    {
      config: requires('fulfillment:work'),
      schema: {
        tags,
        security: bearerAuth,
        params: fulfillmentParamsSchema,
        body: shipFulfillmentBodySchema,
        response: { 200: fulfillmentSchema, ...errorResponses },
      },
    },
    async (request) => shipFulfillment(em(), ctx(request), request.params.fulfillmentId, request.body),
  );
  app.get(
    '/fulfillments/:fulfillmentId/packing-slip.pdf',
    {
      config: requires('fulfillment:read'),
      schema: { tags, security: bearerAuth, params: fulfillmentParamsSchema, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const pdf = await packingSlipPdf(em(), request.businessId, request.params.fulfillmentId);
      return reply.type('application/pdf').header('content-disposition', 'inline; filename="packing-slip.pdf"').send(Buffer.from(pdf));
    },
  );

  // Retail price rules.
  app.get(
    '/price-rules',
    {
      config: requires('pricing:read'),
      schema: { tags, security: bearerAuth, params, response: { 200: z.array(priceRuleSchema), ...errorResponses } },
    },
    async (request) => listPriceRules(em(), request.businessId),
  );
  app.put(
    '/price-rules/:channelId',
    {
      config: requires('pricing:write'),
      schema: {
        tags,
        security: bearerAuth,
        params: channelParams,
        body: priceRuleInputSchema,
        response: { 200: z.array(priceRuleSchema), ...errorResponses },
      },
    },
    async (request) => {
      await channelById(em(), request.businessId, request.params.channelId);
      return savePriceRule(em(), request.businessId, request.params.channelId, request.body);
    },
  );
  app.post(
    '/price-rules/preview',
    {
      config: requires('pricing:read'),
      schema: { tags, security: bearerAuth, params, body: priceRuleInputSchema, response: { 200: pricePreviewSchema, ...errorResponses } },
    },
    async (request) => previewPriceRule(em(), request.businessId, request.body),
  );
};
