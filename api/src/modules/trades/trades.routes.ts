import { businessParamsSchema, uuidSchema } from '@tradepost/shared/schemas/common.ts';
import { tradeBodySchema, tradeListQuerySchema, tradeListSchema, tradeSchema } from '@tradepost/shared/schemas/counter-trading.ts';
import type { CustomerInput } from '@tradepost/shared/schemas/sales.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Invalid } from '../../errors.ts';
import { bearerAuth, errorResponses } from '../../http.ts';
import { runWorkflow, type WorkflowInput } from '../../platform/workflow.ts';
import { requires } from '../../plugins/access.ts';
import { getTrade, listTrades } from './trades.service.ts';

const line = (l: { variant_id: string; quantity: number; unit_price_cents: number }) => ({
  variantId: l.variant_id,
  quantity: l.quantity,
  unitPriceCents: l.unit_price_cents,
});

/** The trading customer: an existing one or one typed at the counter (the body's rules let exactly one through). */
function customerOf(body: {
  customer_id?: string | undefined;
  customer?: CustomerInput | undefined;
}): WorkflowInput<'trade.record'>['customer'] {
  if (body.customer_id !== undefined) return { customerId: body.customer_id };
  if (body.customer !== undefined) return { customer: body.customer };
  throw new Invalid('Choose the customer', [{ field: 'customer_id', message: 'Choose the customer: one existing or one new' }]);
}

/** Trades at the counter (Quick Actions → Trade). Mounted under businessScope. */
export const tradesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['trades'];
  const params = businessParamsSchema;
  const em = () => app.orm.em;

  app.post(
    '/trades',
    {
      config: requires('purchasing:write'),
      schema: {
        tags,
        security: bearerAuth,
        description:
          'A trade in one step: the customer’s items bought into the location (lots of source `trade` at the agreed value), ours sold from it in store (paid by the trade-in and, when they owe it, the customer’s payment of the difference), or the difference paid out to them. Our item out of stock or store credit short answers 409; either way nothing is written.',
        params,
        body: tradeBodySchema,
        response: { 201: tradeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { tradeId } = await runWorkflow(
        em(),
        'trade.record',
        { businessId: request.businessId, userId: request.auth.userId },
        {
          customer: customerOf(body),
          locationId: body.location_id,
          incoming: body.incoming.map(line),
          outgoing: body.outgoing.map(line),
          paymentMethod: body.payment_method ?? null,
          payout: body.payout ?? null,
          note: body.note ?? null,
        },
      );
      reply.code(201);
      return getTrade(em(), request.businessId, tradeId);
    },
  );

  app.get(
    '/trades',
    {
      config: requires('purchasing:read'),
      schema: {
        tags,
        security: bearerAuth,
        params,
        querystring: tradeListQuerySchema,
        response: { 200: tradeListSchema, ...errorResponses },
      },
    },
    async (request) => listTrades(em(), request.businessId, request.query),
  );

  app.get(
    '/trades/:tradeId',
    {
      config: requires('purchasing:read'),
      schema: {
        tags,
        security: bearerAuth,
        params: params.extend({ tradeId: uuidSchema }),
        response: { 200: tradeSchema, ...errorResponses },
      },
    },
    async (request) => getTrade(em(), request.businessId, request.params.tradeId),
  );
};
