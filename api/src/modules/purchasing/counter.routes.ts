import { businessParamsSchema, uuidSchema } from '@tradepost/shared/schemas/common.ts';
import { inStorePurchaseBodySchema, inStorePurchaseResultSchema } from '@tradepost/shared/schemas/counter-trading.ts';
import {
  markPayoutPaidBodySchema,
  payoutListQuerySchema,
  payoutListSchema,
  payoutSchema,
  payoutSettingsSchema,
  updatePayoutBodySchema,
} from '@tradepost/shared/schemas/payouts.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../http.ts';
import { runWorkflow } from '../../platform/workflow.ts';
import { requires } from '../../plugins/access.ts';
import { usePayoutKey } from './payout-details.ts';
import { getPayoutSettings, listPayouts, markPayoutPaid, updatePayout } from './payouts.service.ts';
import { getPurchaseOrder } from './purchase-orders.service.ts';

/** Buying at the counter (in-store purchases) and the payouts that pay for it. Mounted under businessScope. */
export const counterRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['purchasing'];
  const params = businessParamsSchema;
  const orderParams = params.extend({ purchaseOrderId: uuidSchema });
  const payoutParams = params.extend({ payoutId: uuidSchema });
  const em = () => app.orm.em;
  // Payout details are sealed with the app's token key, wherever the in-store workflow is started from.
  usePayoutKey(app.tokenKey);

  app.post(
    '/in-store-purchases',
    {
      config: requires('purchasing:write'),
      schema: {
        tags,
        security: bearerAuth,
        summary:
          'Goods bought at the counter: a purchase order of kind in_store, received at once into the location, and its payout (cash and store credit paid now).',
        params,
        body: inStorePurchaseBodySchema,
        response: { 201: inStorePurchaseResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { body, businessId } = request;
      const seller =
        body.vendor_id !== undefined
          ? { vendorId: body.vendor_id }
          : body.customer_id !== undefined
            ? { customerId: body.customer_id }
            : { customer: body.customer as NonNullable<typeof body.customer> };
      const outcome = await runWorkflow(
        em(),
        'purchase.in_store',
        { businessId, userId: request.auth.userId },
        {
          seller,
          locationId: body.location_id,
          lines: body.lines.map((line) => ({ variantId: line.variant_id, quantity: line.quantity, unitPriceCents: line.unit_price_cents })),
          payout: { method: body.payout.method, details: body.payout.details },
          lotSource: 'in_store_purchase',
          tradeId: null,
          note: body.note ?? null,
        },
      );
      const purchaseOrder = await getPurchaseOrder(em(), businessId, outcome.purchaseOrderId);
      if (!purchaseOrder.payout) throw new Error('An in-store purchase was recorded without its payout');
      reply.code(201);
      return { purchase_order: purchaseOrder, payout: purchaseOrder.payout, store_credit_balance_cents: outcome.storeCreditBalanceCents };
    },
  );

  app.get(
    '/payouts',
    {
      config: requires('purchasing:read'),
      schema: {
        tags,
        security: bearerAuth,
        summary: 'Payouts, newest first, with every pending one counted and added up by method.',
        params,
        querystring: payoutListQuerySchema,
        response: { 200: payoutListSchema, ...errorResponses },
      },
    },
    async (request) => listPayouts(em(), request.businessId, request.query),
  );

  app.post(
    '/payouts/:payoutId/paid',
    {
      config: requires('purchasing:write'),
      schema: {
        tags,
        security: bearerAuth,
        summary: 'A pending transfer or check marked paid with its reference (once: 409 PAYOUT_ALREADY_PAID after).',
        params: payoutParams,
        body: markPayoutPaidBodySchema,
        response: { 200: payoutSchema, ...errorResponses },
      },
    },
    async (request) => markPayoutPaid(em(), request.businessId, request.auth.userId, request.params.payoutId, request.body.reference),
  );

  app.get(
    '/purchase-orders/:purchaseOrderId/payout',
    {
      config: requires('purchasing:write'),
      schema: {
        tags,
        security: bearerAuth,
        summary: "An in-store purchase's payout with its details in full (the account number included).",
        params: orderParams,
        response: { 200: payoutSettingsSchema, ...errorResponses },
      },
    },
    async (request) => getPayoutSettings(em(), request.businessId, request.params.purchaseOrderId),
  );

  app.put(
    '/purchase-orders/:purchaseOrderId/payout',
    {
      // The answer holds the account number in full: a replay is not kept (idempotency plugin).
      config: { ...requires('purchasing:write'), answerHoldsSecret: true },
      schema: {
        tags,
        security: bearerAuth,
        summary: 'How a pending payout is paid: switching to cash or store credit settles it now.',
        params: orderParams,
        body: updatePayoutBodySchema,
        response: { 200: payoutSettingsSchema, ...errorResponses },
      },
    },
    async (request) =>
      updatePayout(em(), request.businessId, request.auth.userId, request.params.purchaseOrderId, {
        method: request.body.method,
        details: request.body.details,
      }),
  );
};
