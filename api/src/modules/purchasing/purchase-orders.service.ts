import type { EntityManager } from '@mikro-orm/postgresql';
import { spreadLandedCosts } from '@tradepost/shared/domain/landed-costs.ts';
import { shownSizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import {
  type createPurchaseOrderBodySchema,
  type LandedCosts,
  type PurchaseOrder,
  type PurchaseOrderKind,
  type PurchaseOrderLine,
  type PurchaseOrderStatus,
  type PurchaseOrderSummary,
  purchaseOrderLabel,
  type purchaseOrderListQuerySchema,
  purchaseOrderStatusLabels,
  type updatePurchaseOrderBodySchema,
} from '@tradepost/shared/schemas/purchasing.ts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import { newId } from '../../db/ids.ts';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { AppError, Conflict, Invalid, NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import { assertOwned, assertActiveLocation as checkLocation } from '../inventory/public.ts';
import { payoutOfOrder } from './payouts.service.ts';

type CreateBody = z.output<typeof createPurchaseOrderBodySchema>;
type UpdateBody = z.output<typeof updatePurchaseOrderBodySchema>;
type ListQuery = z.output<typeof purchaseOrderListQuerySchema>;
type LineInput = CreateBody['lines'][number];

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
/** A `date` column as the day it names (pg gives a Date at local midnight). */
const day = (value: string | Date | null) => {
  if (value === null) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
};

const ORDER_COLUMNS = [
  'po.id',
  'po.number',
  'po.kind',
  'po.vendor_id',
  'po.customer_id',
  'po.trade_id',
  'po.location_id',
  'po.status',
  'po.expected_on',
  'po.note',
  'po.shipping_cents',
  'po.duties_cents',
  'po.fees_cents',
  'po.landed_spread',
  'po.created_at',
  'po.ordered_at',
  'po.received_at',
  'po.closed_at',
  'po.cancelled_at',
] as const;

/** The seller's name: the vendor's, else the customer's (exactly one is set). */
const SELLER_NAME = sql<string>`coalesce(v.name, c.name, '')`;

/** Orders with their seller: a vendor or (in-store purchases) a customer, whichever is set. */
const ordersWithSellers = (db: Kysely<DB>) =>
  db
    .selectFrom('purchase_orders as po')
    .leftJoin('vendors as v', 'v.id', 'po.vendor_id')
    .leftJoin('customers as c', 'c.id', 'po.customer_id');

type Narrowed = { status: PurchaseOrderStatus; landed_spread: LandedCosts['spread']; kind: PurchaseOrderKind };

const selectOrders = (db: Kysely<DB>) =>
  ordersWithSellers(db)
    .select([...ORDER_COLUMNS, SELLER_NAME.as('seller_name')])
    .$narrowType<Narrowed>();
type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['executeTakeFirstOrThrow']>>;

const landedOf = (row: Pick<OrderRow, 'shipping_cents' | 'duties_cents' | 'fees_cents' | 'landed_spread'>): LandedCosts => ({
  shipping_cents: row.shipping_cents,
  duties_cents: row.duties_cents,
  fees_cents: row.fees_cents,
  spread: row.landed_spread,
});
const landedTotal = (landed: LandedCosts) => landed.shipping_cents + landed.duties_cents + landed.fees_cents;

type Totals = { units_ordered: number; units_received: number; subtotal_cents: number };

function summary(row: OrderRow, totals: Totals | undefined): PurchaseOrderSummary {
  const landed = landedTotal(landedOf(row));
  const subtotal = totals?.subtotal_cents ?? 0;
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    vendor_id: row.vendor_id,
    customer_id: row.customer_id,
    seller_name: row.seller_name,
    trade_id: row.trade_id,
    location_id: row.location_id,
    status: row.status,
    expected_on: day(row.expected_on),
    totals: {
      units_ordered: totals?.units_ordered ?? 0,
      units_received: totals?.units_received ?? 0,
      subtotal_cents: subtotal,
      landed_cents: landed,
      total_cents: subtotal + landed,
    },
    created_at: new Date(row.created_at).toISOString(),
    ordered_at: iso(row.ordered_at),
    received_at: iso(row.received_at),
    closed_at: iso(row.closed_at),
    cancelled_at: iso(row.cancelled_at),
  };
}

/** The totals of these orders' lines, in one grouped statement. */
async function totalsOf(db: Kysely<DB>, orderIds: string[]): Promise<Map<string, Totals>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('purchase_order_lines as l')
    .where('l.purchase_order_id', 'in', orderIds)
    .groupBy('l.purchase_order_id')
    .select([
      'l.purchase_order_id',
      sql<number>`sum(l.quantity_ordered)::int`.as('units_ordered'),
      sql<number>`sum(l.quantity_received)::int`.as('units_received'),
      sql<string>`sum(l.quantity_ordered::bigint * l.unit_cost_cents)::text`.as('subtotal_cents'),
    ])
    .execute();
  return new Map(
    rows.map((row) => [
      row.purchase_order_id,
      { units_ordered: row.units_ordered, units_received: row.units_received, subtotal_cents: Number(row.subtotal_cents) },
    ]),
  );
}

export const LINE_COLUMNS = [
  'l.id',
  'l.variant_id',
  'var.product_id',
  'p.title as product_title',
  'var.size',
  'p.size_format',
  'var.sku',
  'l.quantity_ordered',
  'l.quantity_received',
  'l.unit_cost_cents',
  'l.landed_unit_cost_cents',
] as const;

export const selectLines = (db: Kysely<DB>, orderId: string) =>
  db
    .selectFrom('purchase_order_lines as l')
    .innerJoin('variants as var', 'var.id', 'l.variant_id')
    .innerJoin('products as p', 'p.id', 'var.product_id')
    .select(LINE_COLUMNS)
    .where('l.purchase_order_id', '=', orderId)
    .orderBy('l.position')
    .orderBy('l.id');

export async function getPurchaseOrder(em: EntityManager, businessId: string, id: string): Promise<PurchaseOrder> {
  const db = tenantDb(em, businessId);
  const row = await selectOrders(db).where('po.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound('Purchase order not found');
  const lines: PurchaseOrderLine[] = (await selectLines(db, id).execute()).map(({ size, size_format, ...line }) => ({
    ...line,
    size_label: shownSizeLabel(size_format, size),
  }));
  const totals = await totalsOf(db, [id]);
  const payout = row.kind === 'in_store' ? await payoutOfOrder(em, businessId, id) : null;
  return { ...summary(row, totals.get(id)), note: row.note, landed_costs: landedOf(row), lines, payout };
}

export async function listPurchaseOrders(
  em: EntityManager,
  businessId: string,
  query: ListQuery,
): Promise<{ items: PurchaseOrderSummary[]; total: number }> {
  const db = tenantDb(em, businessId);
  let found = ordersWithSellers(db);
  if (query.status === 'open') found = found.where('po.status', 'in', ['ordered', 'partially_received']);
  else if (query.status !== 'all') found = found.where('po.status', '=', query.status);
  if (query.kind !== 'all') found = found.where('po.kind', '=', query.kind);
  if (query.vendor_id) found = found.where('po.vendor_id', '=', query.vendor_id);
  if (query.customer_id) found = found.where('po.customer_id', '=', query.customer_id);
  if (query.q) {
    const number = /^(?:po-?)?\s*(\d{1,9})$/i.exec(query.q)?.[1];
    const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    found = found.where((eb) =>
      eb.or([eb(sql`lower(${SELLER_NAME})`, 'like', like), ...(number !== undefined ? [eb('po.number', '=', Number(number))] : [])]),
    );
  }
  const [rows, counted] = await Promise.all([
    found
      .select([...ORDER_COLUMNS, SELLER_NAME.as('seller_name')])
      .$narrowType<Narrowed>()
      .orderBy('po.created_at', 'desc')
      .orderBy('po.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    found.select(sql<number>`count(*)::int`.as('total')).executeTakeFirst(),
  ]);
  const totals = await totalsOf(
    db,
    rows.map((row) => row.id),
  );
  return { items: rows.map((row) => summary(row, totals.get(row.id))), total: counted?.total ?? 0 };
}

/** The vendor must be this business's (404) and not archived (400 on the field). */
async function checkVendor(db: Kysely<DB>, vendorId: string): Promise<void> {
  const vendor = await db.selectFrom('vendors').select(['id', 'archived_at']).where('id', '=', vendorId).executeTakeFirst();
  if (!vendor) throw new NotFound('Vendor not found');
  if (vendor.archived_at !== null)
    throw new Invalid('This vendor is archived', [
      { field: 'vendor_id', message: 'This vendor is archived: unarchive it to order from it' },
    ]);
}

/** Each line with its landed unit cost, from the landed costs spread over all of them. */
function costedLines(lines: readonly LineInput[], landed: LandedCosts) {
  const { landedUnitCostCents } = spreadLandedCosts(
    lines.map((line) => ({ quantity: line.quantity, unitCostCents: line.unit_cost_cents })),
    landedTotal(landed),
    landed.spread,
  );
  return lines.map((line, position) => ({
    id: newId(),
    variant_id: line.variant_id,
    position,
    quantity_ordered: line.quantity,
    unit_cost_cents: line.unit_cost_cents,
    landed_unit_cost_cents: landedUnitCostCents[position] ?? line.unit_cost_cents,
  }));
}

const NO_LANDED_COSTS: LandedCosts = { shipping_cents: 0, duties_cents: 0, fees_cents: 0, spread: 'value' };

/** A draft with its number (from 1001 per business: the counter's row lock keeps numbers unique under concurrency). */
export async function createPurchaseOrder(
  em: EntityManager,
  businessId: string,
  userId: string,
  input: CreateBody,
): Promise<PurchaseOrder> {
  const id = newId();
  const landed = input.landed_costs ?? NO_LANDED_COSTS;
  await em.transactional(async (tx) => {
    const db = tenantDb(tx, businessId);
    await checkVendor(db, input.vendor_id);
    await checkLocation(tx, businessId, input.location_id);
    await assertOwned(
      tx,
      businessId,
      input.lines.map((line) => line.variant_id),
      [],
    );
    const counter = await db
      .insertInto('business_counters')
      .values({ name: 'purchase_order', value: 1001 })
      .onConflict((conflict) =>
        conflict.columns(['business_id', 'name']).doUpdateSet((eb) => ({ value: eb('business_counters.value', '+', 1) })),
      )
      .returning('value')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('purchase_orders')
      .values({
        id,
        number: counter.value,
        vendor_id: input.vendor_id,
        location_id: input.location_id,
        expected_on: input.expected_on ?? null,
        note: input.note ?? null,
        shipping_cents: landed.shipping_cents,
        duties_cents: landed.duties_cents,
        fees_cents: landed.fees_cents,
        landed_spread: landed.spread,
        created_by_id: userId,
      })
      .execute();
    await db
      .insertInto('purchase_order_lines')
      .values(costedLines(input.lines, landed).map((line) => ({ ...line, purchase_order_id: id })))
      .execute();
    await emit(tx, businessId, 'purchasing.changed', { purchase_order_id: id, vendor_id: input.vendor_id });
  });
  return getPurchaseOrder(em, businessId, id);
}

type LockedOrder = Selectable<DB['purchase_orders']> & Narrowed;

/** The order's row, locked until the transaction ends: every change of an order starts here. */
export async function lockOrder(tx: EntityManager, businessId: string, id: string): Promise<LockedOrder> {
  const row = await tenantDb(tx, businessId)
    .selectFrom('purchase_orders')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .$narrowType<Narrowed>()
    .executeTakeFirst();
  if (!row) throw new NotFound('Purchase order not found');
  return row;
}

const locked = (order: { number: number; status: PurchaseOrderStatus }, what: string) =>
  new Conflict(
    `${purchaseOrderLabel(order.number)} is ${purchaseOrderStatusLabels[order.status].toLowerCase()}: ${what}`,
    'PURCHASE_ORDER_LOCKED',
  );

/**
 * Lines, landed costs and the vendor change only on a draft (they are what the vendor was sent);
 * the location, expected date and note until the order is closed or cancelled. Changing lines or
 * landed costs recomputes every line's landed unit cost.
 */
export async function updatePurchaseOrder(em: EntityManager, businessId: string, id: string, body: UpdateBody): Promise<PurchaseOrder> {
  await em.transactional(async (tx) => {
    const order = await lockOrder(tx, businessId, id);
    const db = tenantDb(tx, businessId);
    if (order.kind === 'in_store')
      throw new Conflict(
        `${purchaseOrderLabel(order.number)} is an in-store purchase: it was received and paid at the counter and cannot be changed`,
        'PURCHASE_ORDER_LOCKED',
      );
    if (order.status === 'closed' || order.status === 'cancelled') throw locked(order, 'it can no longer be changed');
    const draftOnly = body.lines !== undefined || body.landed_costs !== undefined || body.vendor_id !== undefined;
    if (draftOnly && order.status !== 'draft') throw locked(order, 'its lines, landed costs and vendor change only while it is a draft');
    if (body.vendor_id !== undefined && body.vendor_id !== order.vendor_id) await checkVendor(db, body.vendor_id);
    if (body.location_id !== undefined && body.location_id !== order.location_id) await checkLocation(tx, businessId, body.location_id);
    await assertOwned(
      tx,
      businessId,
      (body.lines ?? []).map((line) => line.variant_id),
      [],
    );
    const landed = body.landed_costs ?? landedOf(order);
    await db
      .updateTable('purchase_orders')
      .set({
        ...(body.vendor_id !== undefined ? { vendor_id: body.vendor_id } : {}),
        ...(body.location_id !== undefined ? { location_id: body.location_id } : {}),
        ...(body.expected_on !== undefined ? { expected_on: body.expected_on } : {}),
        ...('note' in body ? { note: body.note ?? null } : {}),
        ...(body.landed_costs !== undefined
          ? {
              shipping_cents: landed.shipping_cents,
              duties_cents: landed.duties_cents,
              fees_cents: landed.fees_cents,
              landed_spread: landed.spread,
            }
          : {}),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
    if (body.lines !== undefined) {
      await db.deleteFrom('purchase_order_lines').where('purchase_order_id', '=', id).execute();
      await db
        .insertInto('purchase_order_lines')
        .values(costedLines(body.lines, landed).map((line) => ({ ...line, purchase_order_id: id })))
        .execute();
    } else if (body.landed_costs !== undefined) {
      const lines = await db
        .selectFrom('purchase_order_lines')
        .select(['id', 'variant_id', 'quantity_ordered', 'unit_cost_cents'])
        .where('purchase_order_id', '=', id)
        .orderBy('position')
        .orderBy('id')
        .execute();
      const costed = costedLines(
        lines.map((line) => ({ variant_id: line.variant_id, quantity: line.quantity_ordered, unit_cost_cents: line.unit_cost_cents })),
        landed,
      );
      for (const [i, line] of lines.entries()) {
        await db
          .updateTable('purchase_order_lines')
          .set({ landed_unit_cost_cents: costed[i]?.landed_unit_cost_cents ?? line.unit_cost_cents })
          .where('id', '=', line.id)
          .execute();
      }
    }
    await emit(tx, businessId, 'purchasing.changed', { purchase_order_id: id, vendor_id: body.vendor_id ?? order.vendor_id ?? undefined });
  });
  return getPurchaseOrder(em, businessId, id);
}

const wrongStatus = (order: { number: number; status: PurchaseOrderStatus }, message: string) =>
  new AppError(
    409,
    'PURCHASE_ORDER_STATE',
    `${purchaseOrderLabel(order.number)} is ${purchaseOrderStatusLabels[order.status].toLowerCase()}: ${message}`,
  );

type Transition = 'order' | 'cancel' | 'close';

/**
 * draft → ordered (sent to the vendor; its lines are fixed from now on); draft or ordered with
 * nothing received → cancelled; partially received or received → closed (stop waiting for the rest).
 */
export async function transitionPurchaseOrder(
  em: EntityManager,
  businessId: string,
  id: string,
  transition: Transition,
): Promise<PurchaseOrder> {
  await em.transactional(async (tx) => {
    const order = await lockOrder(tx, businessId, id);
    const db = tenantDb(tx, businessId);
    if (order.kind === 'in_store' && transition !== 'close')
      throw wrongStatus(
        order,
        `an in-store purchase is received at the counter: it cannot be ${transition === 'order' ? 'ordered' : 'cancelled'}`,
      );
    if (transition === 'order') {
      if (order.status !== 'draft') throw wrongStatus(order, 'only a draft can be marked as ordered');
      await db
        .updateTable('purchase_orders')
        .set({ status: 'ordered', ordered_at: sql`now()`, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    } else if (transition === 'cancel') {
      if (order.status !== 'draft' && order.status !== 'ordered')
        throw wrongStatus(order, 'only a draft or an ordered purchase order with nothing received can be cancelled; close it instead');
      await db
        .updateTable('purchase_orders')
        .set({ status: 'cancelled', cancelled_at: sql`now()`, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    } else {
      if (order.status !== 'partially_received' && order.status !== 'received')
        throw wrongStatus(order, 'only a purchase order that has received stock can be closed');
      await db
        .updateTable('purchase_orders')
        .set({ status: 'closed', closed_at: sql`now()`, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    }
    await emit(tx, businessId, 'purchasing.changed', { purchase_order_id: id, ...(order.vendor_id ? { vendor_id: order.vendor_id } : {}) });
  });
  return getPurchaseOrder(em, businessId, id);
}

export type PurchaseOrderLot = {
  lot_id: string;
  variant_id: string;
  product_title: string;
  size_label: string;
  location_id: string;
  quantity: number;
  remaining: number;
  unit_cost_cents: number;
  received_at: string;
};

/** The cost lots this order's receipts created (each receipt's ledger movement made one), oldest first. */
export async function purchaseOrderLots(em: EntityManager, businessId: string, id: string): Promise<{ items: PurchaseOrderLot[] }> {
  const rows = await tenantDb(em, businessId)
    .selectFrom('purchase_receipts as r')
    .innerJoin('cost_lots as lot', 'lot.movement_id', 'r.movement_id')
    .innerJoin('variants as var', 'var.id', 'lot.variant_id')
    .innerJoin('products as p', 'p.id', 'var.product_id')
    .select([
      'lot.id as lot_id',
      'lot.variant_id',
      'p.title as product_title',
      'var.size',
      'p.size_format',
      'r.location_id',
      'lot.quantity_received as quantity',
      'lot.quantity_remaining as remaining',
      'lot.unit_cost_cents',
      'lot.acquired_at as received_at',
    ])
    .where('r.purchase_order_id', '=', id)
    .orderBy('lot.acquired_at')
    .orderBy('lot.id')
    .execute();
  return {
    items: rows.map(({ size, size_format, ...row }) => ({
      ...row,
      size_label: shownSizeLabel(size_format, size),
      received_at: new Date(row.received_at).toISOString(),
    })),
  };
}
