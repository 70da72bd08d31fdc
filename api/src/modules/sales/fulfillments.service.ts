import type { EntityManager } from '@mikro-orm/postgresql';
import { normalizeAddress } from '@tradepost/shared/schemas/address.ts';
import type { Fulfillment, fulfillmentListQuerySchema, shipFulfillmentBodySchema } from '@tradepost/shared/schemas/sales.ts';
import { type InferResult, type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Conflict, NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import { postMovements } from '../inventory/public.ts';
import { consumedCost } from './record-steps.ts';

type Context = { businessId: string; userId: string | null };

const fulfillments = (db: Kysely<DB>) =>
  db
    .selectFrom('fulfillments as f')
    .innerJoin('sales as s', 's.id', 'f.sale_id')
    .innerJoin('sales_channels as c', 'c.id', 's.channel_id')
    .leftJoin('customers as cu', 'cu.id', 's.customer_id')
    .select([
      'f.id',
      'f.sale_id',
      's.number as sale_number',
      'c.kind as channel',
      'cu.name as customer_name',
      's.shipping_address',
      'f.location_id',
      'f.status',
      'f.carrier',
      'f.tracking_number',
      'f.created_at',
      'f.shipped_at',
    ])
    .$narrowType<{ channel: Fulfillment['channel']; status: Fulfillment['status'] }>();

type FulfillmentRow = InferResult<ReturnType<typeof fulfillments>>[number];

async function withLines(db: Kysely<DB>, rows: FulfillmentRow[]): Promise<Fulfillment[]> {
  if (!rows.length) return [];
  const lines = await db
    .selectFrom('fulfillment_lines as fl')
    .innerJoin('variants as v', 'v.id', 'fl.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['fl.id', 'fl.fulfillment_id', 'fl.sale_line_id', 'fl.variant_id', 'p.title', 'v.size', 'v.sku'])
    .select((eb) =>
      eb.fn
        .coalesce(
          eb
            .selectFrom('barcodes as b')
            .whereRef('b.variant_id', '=', 'v.id')
            .select(sql<string[]>`array_agg(b.code ORDER BY b.code)`.as('codes')),
          sql<string[]>`'{}'`,
        )
        .as('barcodes'),
    )
    .select(['fl.quantity', 'fl.quantity_picked'])
    .where(
      'fl.fulfillment_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('p.title')
    .orderBy('v.size')
    .orderBy('fl.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    shipping_address: normalizeAddress(row.shipping_address),
    created_at: new Date(row.created_at).toISOString(),
    shipped_at: row.shipped_at ? new Date(row.shipped_at).toISOString() : null,
    lines: lines.filter((l) => l.fulfillment_id === row.id).map(({ fulfillment_id: _, ...line }) => line),
  }));
}

export async function getFulfillment(em: EntityManager, businessId: string, fulfillmentId: string, lock = false): Promise<Fulfillment> {
  const db = tenantDb(em, businessId);
  const one = fulfillments(db).where('f.id', '=', fulfillmentId);
  const rows = await (lock ? one.forUpdate('f') : one).execute();
  const [fulfillment] = await withLines(db, rows);
  if (!fulfillment) throw new NotFound('Fulfillment not found');
  return fulfillment;
}

export async function listFulfillments(
  em: EntityManager,
  businessId: string,
  query: z.output<typeof fulfillmentListQuerySchema>,
): Promise<Fulfillment[]> {
  const db = tenantDb(em, businessId);
  let rows = fulfillments(db);
  if (query.status === 'open') rows = rows.where('f.status', 'in', ['pending', 'picking', 'packed']);
  else if (query.status !== 'all') rows = rows.where('f.status', '=', query.status);
  if (query.channel) rows = rows.where('c.kind', 'in', query.channel);
  // Oldest open work first: that is the order a picker works in.
  const order = query.status === 'shipped' || query.status === 'all' ? 'desc' : 'asc';
  return withLines(db, await rows.orderBy('f.created_at', order).limit(query.limit).execute());
}

function assertOpen(fulfillment: Fulfillment): void {
  if (fulfillment.status === 'cancelled') throw new Conflict('This order was cancelled; nothing to ship', 'FULFILLMENT_CANCELLED');
  if (fulfillment.status === 'shipped') throw new Conflict('This fulfillment has already shipped', 'ALREADY_SHIPPED');
}

/** Moves between pending, picking and packed by hand (scanning does it by itself). */
export async function setFulfillmentStatus(
  em: EntityManager,
  context: Context,
  fulfillmentId: string,
  status: 'pending' | 'picking' | 'packed',
): Promise<Fulfillment> {
  await em.transactional(async (tx) => {
    const fulfillment = await getFulfillment(tx, context.businessId, fulfillmentId, true);
    assertOpen(fulfillment);
    const db = tenantDb(tx, context.businessId);
    // A column set to undefined is left out of the SET, so it keeps its value.
    await db
      .updateTable('fulfillments')
      .set((eb) => ({
        status,
        picking_at: status === 'picking' ? eb.fn.coalesce('picking_at', sql<string>`now()`) : undefined,
        packed_at: status === 'packed' ? sql<string>`now()` : undefined,
        picked_by_id: eb.fn.coalesce('picked_by_id', eb.val(context.userId)),
      }))
      .where('id', '=', fulfillmentId)
      .execute();
    // Packing by hand vouches for every unit.
    if (status === 'packed')
      await db
        .updateTable('fulfillment_lines')
        .set((eb) => ({ quantity_picked: eb.ref('quantity') }))
        .where('fulfillment_id', '=', fulfillmentId)
        .execute();
  });
  return getFulfillment(em, context.businessId, fulfillmentId);
}

/**
 * Scanning mode: one scanned unit against the open fulfillment. A barcode or SKU that is not on the
 * order, or one more unit than ordered, is refused (409) and nothing changes. The last unit packs it.
 */
export async function scanIntoFulfillment(em: EntityManager, context: Context, fulfillmentId: string, code: string) {
  return em.transactional(async (tx) => {
    const fulfillment = await getFulfillment(tx, context.businessId, fulfillmentId, true);
    assertOpen(fulfillment);
    const db = tenantDb(tx, context.businessId);
    const match = await db
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id as variant_id', 'p.title', 'v.size'])
      .where((eb) =>
        eb.or([
          eb('v.id', 'in', eb.selectFrom('barcodes').select('variant_id').where('code', '=', code)),
          eb(eb.fn('lower', ['v.sku']), '=', eb.fn('lower', [eb.val(code)])),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    if (!match)
      throw new Conflict(`Unknown barcode ${code}`, 'UNKNOWN_BARCODE', [{ field: 'code', message: `No item has the barcode ${code}` }]);
    const lines = fulfillment.lines.filter((l) => l.variant_id === match.variant_id);
    const label = `${match.title} size ${match.size}`;
    if (!lines.length) {
      throw new Conflict(`Wrong item: ${label} is not on this order`, 'WRONG_ITEM', [
        { field: 'code', message: `${label} is not on this order` },
      ]);
    }
    const line = lines.find((l) => l.quantity_picked < l.quantity);
    if (!line) {
      const ordered = lines.reduce((n, l) => n + l.quantity, 0);
      throw new Conflict(`Extra item: all ${ordered} of ${label} are already picked`, 'ALREADY_PICKED', [
        { field: 'code', message: `All ${ordered} of ${label} are already picked` },
      ]);
    }
    await db
      .updateTable('fulfillment_lines')
      .set((eb) => ({ quantity_picked: eb('quantity_picked', '+', 1) }))
      .where('id', '=', line.id)
      .execute();
    const complete = fulfillment.lines.every((l) => (l.id === line.id ? l.quantity_picked + 1 : l.quantity_picked) >= l.quantity);
    await db
      .updateTable('fulfillments')
      .set((eb) => ({
        status: complete ? 'packed' : 'picking',
        picking_at: eb.fn.coalesce('picking_at', sql<string>`now()`),
        packed_at: complete ? sql<string>`now()` : undefined,
        picked_by_id: eb.fn.coalesce('picked_by_id', eb.val(context.userId)),
      }))
      .where('id', '=', fulfillmentId)
      .execute();
    const after = await getFulfillment(tx, context.businessId, fulfillmentId);
    return {
      line_id: line.id,
      title: match.title,
      size: match.size,
      quantity: line.quantity,
      quantity_picked: line.quantity_picked + 1,
      complete,
      fulfillment: after,
    };
  });
}

/**
 * Shipping: the units leave the business — committed and on hand go down together through the
 * ledger, FIFO lots are consumed, and the line's cost of goods becomes final.
 */
export async function shipFulfillment(
  em: EntityManager,
  context: Context,
  fulfillmentId: string,
  input: z.output<typeof shipFulfillmentBodySchema>,
): Promise<Fulfillment> {
  await em.transactional(async (tx) => {
    const fulfillment = await getFulfillment(tx, context.businessId, fulfillmentId, true);
    assertOpen(fulfillment);
    const db = tenantDb(tx, context.businessId);
    const sale = await db.selectFrom('sales').select('status').where('id', '=', fulfillment.sale_id).forUpdate().executeTakeFirst();
    if (sale?.status === 'cancelled') throw new Conflict('This order was cancelled; nothing to ship', 'SALE_CANCELLED');
    const posted = await postMovements(
      tx,
      { ...context, reference: { type: 'sale', id: fulfillment.sale_id } },
      fulfillment.lines.map((line) => ({
        variantId: line.variant_id,
        locationId: fulfillment.location_id,
        onHand: -line.quantity,
        committed: -line.quantity,
        reason: 'sale',
        consumesLots: true,
      })),
    );
    const costs = await consumedCost(
      tx,
      context.businessId,
      posted.movements.map((m) => m.id),
    );
    for (const line of fulfillment.lines) {
      const movement = posted.movements.find((m) => m.variant_id === line.variant_id);
      const cost = movement ? (costs.get(movement.id) ?? 0) : 0;
      await db
        .updateTable('sale_lines')
        .set((eb) => ({
          quantity_shipped: eb('quantity_shipped', '+', line.quantity),
          shipped_cost_cents: eb('shipped_cost_cents', '+', String(cost)),
        }))
        .where('id', '=', line.sale_line_id)
        .execute();
    }
    await db
      .updateTable('fulfillments')
      .set((eb) => ({
        status: 'shipped',
        carrier: input.carrier,
        tracking_number: input.tracking_number,
        shipped_at: sql<string>`now()`,
        packed_at: eb.fn.coalesce('packed_at', sql<string>`now()`),
      }))
      .where('id', '=', fulfillmentId)
      .execute();
    await db
      .updateTable('sales as s')
      .set({ status: 'fulfilled' })
      .where('s.id', '=', fulfillment.sale_id)
      .where('s.status', '=', 'open')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('sale_lines as l')
              .select(sql.lit(1).as('one'))
              .whereRef('l.sale_id', '=', 's.id')
              .where((lines) => lines(lines('l.quantity', '-', lines.ref('l.quantity_cancelled')), '>', lines.ref('l.quantity_shipped'))),
          ),
        ),
      )
      .execute();
    await emit(tx, context.businessId, 'fulfillment.shipped', { fulfillment_id: fulfillmentId, sale_id: fulfillment.sale_id });
  });
  return getFulfillment(em, context.businessId, fulfillmentId);
}
