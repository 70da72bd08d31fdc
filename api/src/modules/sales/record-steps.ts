import type { EntityManager } from '@mikro-orm/postgresql';
import { normalizeAddress } from '@tradepost/shared/schemas/address.ts';
import { sql } from 'kysely';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Invalid } from '../../errors.ts';
import { type Allocation, AllocationFailure, allocate, lockAvailability, type PickPlan, pickPlan } from './allocation.ts';
import type { ChannelRef } from './channels.service.ts';
import { findOrCreateCustomer } from './customers.service.ts';
import type { SaleInput, SaleLineInput, SaleOptions } from './sale-input.ts';

// The sales area's part of recording a sale, one function per step of the `sale.record` workflow
// (api/src/workflows/record-sale.ts), which runs them in one transaction with the ledger's.

/** The sale already recorded for this channel order, if any: recording is idempotent on the order id. */
export async function findSaleByOrder(em: EntityManager, businessId: string, channelId: string, externalOrderId: string) {
  const row = await tenantDb(em, businessId)
    .selectFrom('sales')
    .select('id')
    .where('channel_id', '=', channelId)
    .where('external_order_id', '=', externalOrderId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** "Title size 10 (SKU)" per size: how a shortfall names what ran out. */
export async function sizeLabels(em: EntityManager, businessId: string, variantIds: string[]): Promise<Map<string, string>> {
  const rows = await tenantDb(em, businessId)
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', sql<string>`p.title || ' size ' || v.size || ' (' || v.sku || ')'`.as('label')])
    .where('v.id', 'in', variantIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r.label]));
}

function handAllocation(input: SaleInput, options: SaleOptions): Allocation[] | null {
  if (options.locationId)
    return input.lines.map((line, index) => ({ line: index, locationId: options.locationId ?? '', quantity: line.quantity }));
  if (options.lineLocations?.size) {
    return input.lines.map((line, index) => ({
      line: index,
      locationId: options.lineLocations?.get(index) ?? '',
      quantity: line.quantity,
    }));
  }
  return null;
}

/** The locations a hand allocation names (checked to be the business's own before anything is locked). */
export const handAllocatedLocations = (input: SaleInput, options: SaleOptions): string[] =>
  (handAllocation(input, options) ?? []).map((a) => a.locationId);

/**
 * Where each order line is taken from: by the pick rules, or by hand (one location, or one per line),
 * on stock levels locked until the transaction ends. A shortfall is an AllocationFailure naming the line.
 */
export async function allocateOrder(
  em: EntityManager,
  businessId: string,
  channel: ChannelRef,
  input: SaleInput,
  options: SaleOptions,
): Promise<Allocation[]> {
  const forced = handAllocation(input, options);
  const plan: PickPlan = forced
    ? { locationIds: [...new Set(forced.map((a) => a.locationId))], strategy: 'priority', allowSplit: true }
    : await pickPlan(em, businessId, channel.id);
  const variantIds = input.lines.map((l) => l.variantId);
  const labels = await sizeLabels(em, businessId, variantIds);
  const available = await lockAvailability(em, businessId, variantIds, plan.locationIds);
  const requests = input.lines.map((line) => ({
    variantId: line.variantId,
    quantity: line.quantity,
    label: labels.get(line.variantId) ?? line.variantId,
  }));
  if (!forced) return allocate(plan, requests, available);
  // Hand allocation still refuses what the chosen location does not have.
  const wanted = new Map<string, number>();
  for (const a of forced) {
    const key = `${input.lines[a.line]?.variantId ?? ''}:${a.locationId}`;
    wanted.set(key, (wanted.get(key) ?? 0) + a.quantity);
    const have = available.get(key) ?? 0;
    if ((wanted.get(key) ?? 0) > have) {
      throw new AllocationFailure('no_stock', `${requests[a.line]?.label}: ${have} available at the chosen location`, a.line, have);
    }
  }
  return forced;
}

export type SaleHeader = { saleId: string; channel: ChannelRef; input: SaleInput; immediate: boolean; userId: string | null };

/**
 * The sale itself: its customer (found or created), open, or fulfilled at once in store. Its number
 * comes last (`numberSale`); until then it holds a stand-in no other open transaction can hold
 * (minus its transaction id), never seen outside this transaction.
 */
export async function createSale(
  em: EntityManager,
  businessId: string,
  { saleId, channel, input, immediate, userId }: SaleHeader,
): Promise<{ customerId: string | null }> {
  const customerId = input.customerId ?? (input.customer ? await findOrCreateCustomer(em, businessId, input.customer) : null);
  await tenantDb(em, businessId)
    .insertInto('sales')
    .values((eb) => ({
      id: saleId,
      number: sql<number>`-1 - (pg_current_xact_id()::text::bigint % 2147483647)::int`,
      channel_id: channel.id,
      external_order_id: input.externalOrderId,
      customer_id: customerId,
      status: immediate ? 'fulfilled' : 'open',
      currency: eb.selectFrom('businesses').select('currency').where('id', '=', businessId),
      shipping_cents: input.shippingCents,
      note: input.note ?? null,
      shipping_address: storedAddress(input.shippingAddress),
      ...(input.orderedAt ? { ordered_at: input.orderedAt } : {}),
      created_by_id: userId,
    }))
    .execute();
  if (input.payment?.parts.length) {
    const { parts, cashTenderedCents } = input.payment;
    await tenantDb(em, businessId)
      .insertInto('sale_payments')
      .values(
        parts.map((part, position) => ({
          id: newId(),
          sale_id: saleId,
          position,
          method: part.method,
          amount_cents: part.amountCents,
          cash_tendered_cents: part.method === 'cash' && parts.length === 1 ? (cashTenderedCents ?? null) : null,
        })),
      )
      .execute();
  }
  return { customerId };
}

/** What the sale's `store_credit` parts take from its customer's balance. */
export const storeCreditPaid = (input: SaleInput): number =>
  (input.payment?.parts ?? []).filter((part) => part.method === 'store_credit').reduce((sum, part) => sum + part.amountCents, 0);

/** Store credit is spent from a customer's balance: a sale paid with it names its customer (before anything is written). */
export function checkStoreCreditPayer(input: SaleInput): void {
  if (storeCreditPaid(input) > 0 && input.customerId === undefined && input.customer === undefined) {
    const message = 'Store credit needs the customer whose balance pays';
    throw new Invalid(message, [{ field: 'customer_id', message }]);
  }
}

/** The address in our shape with its empty parts left out; null when nothing is left. */
function storedAddress(address: SaleInput['shippingAddress']): string | null {
  const normalized = normalizeAddress(address);
  if (normalized === null) return null;
  return JSON.stringify(Object.fromEntries(Object.entries(normalized).filter(([, value]) => value !== null)));
}

/**
 * The sale's number (#1001, #1002, …), the recording's last step: the business's counter row stays
 * locked until the commit, so concurrent sales queue on it only for that moment, not for the whole
 * recording, and numbers still follow commit order without gaps (a sale rolled back never took one).
 */
export async function numberSale(em: EntityManager, businessId: string, saleId: string): Promise<number> {
  const db = tenantDb(em, businessId);
  const counter = await db
    .insertInto('business_counters')
    .values({ name: 'sale', value: 1001 })
    .onConflict((conflict) =>
      conflict.columns(['business_id', 'name']).doUpdateSet((eb) => ({ value: eb('business_counters.value', '+', 1) })),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  await db.updateTable('sales').set({ number: counter.value }).where('id', '=', saleId).execute();
  return counter.value;
}

/**
 * What the next `quantity` units of a variant should cost, FIFO, after the units other open orders
 * have already claimed. An estimate until the units ship and consume their lots.
 */
async function expectedUnitCost(em: EntityManager, businessId: string, variantId: string, quantity: number): Promise<number> {
  const db = tenantDb(em, businessId);
  const claimed = await db
    .selectFrom('stock_levels')
    .select(sql<number>`coalesce(sum(committed), 0)::int`.as('claimed'))
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
  const lots = await db
    .selectFrom('cost_lots')
    .select(['quantity_remaining', 'unit_cost_cents'])
    .where('variant_id', '=', variantId)
    .where('quantity_remaining', '>', 0)
    .orderBy('acquired_at')
    .orderBy('id')
    .execute();
  let skip = Math.max(0, (claimed?.claimed ?? 0) - quantity);
  let need = quantity;
  let cost = 0;
  let last = 0;
  for (const lot of lots) {
    let units = lot.quantity_remaining;
    const skipped = Math.min(skip, units);
    skip -= skipped;
    units -= skipped;
    const take = Math.min(need, units);
    cost += take * lot.unit_cost_cents;
    need -= take;
    last = lot.unit_cost_cents;
    if (need === 0) break;
  }
  // Units beyond the known lots are assumed to cost what the newest lot did.
  cost += need * last;
  return quantity === 0 ? 0 : Math.round(cost / quantity);
}

/** The expected unit cost per size of an order that ships later (after its units were committed). */
export async function estimateUnitCosts(em: EntityManager, businessId: string, lines: SaleLineInput[]): Promise<Map<string, number>> {
  const estimates = new Map<string, number>();
  for (const line of lines) {
    if (!estimates.has(line.variantId))
      estimates.set(line.variantId, await expectedUnitCost(em, businessId, line.variantId, line.quantity));
  }
  return estimates;
}

/** FIFO cost actually taken by the given movements (units leaving the business), per movement. */
export async function consumedCost(em: EntityManager, businessId: string, movementIds: string[]): Promise<Map<string, number>> {
  const cost = new Map<string, number>();
  if (!movementIds.length) return cost;
  const rows = await tenantDb(em, businessId)
    .selectFrom('lot_consumptions')
    .select(['movement_id', sql<string>`sum(quantity::bigint * unit_cost_cents)`.as('cost')])
    .where('movement_id', 'in', movementIds)
    .groupBy('movement_id')
    .execute();
  // bigint, which pg gives as text: a line of 10,000 units at $3,000 is past an integer's $21.4M.
  for (const row of rows) cost.set(row.movement_id, Number(row.cost));
  return cost;
}

/** One sale line per order line and location: a line split over two locations becomes two. */
export type PlannedLine = { id: string; allocation: Allocation; line: SaleLineInput; fees: number; tax: number };

export const planLines = (input: SaleInput, allocations: Allocation[]): PlannedLine[] =>
  allocations.map((allocation) => {
    const line = input.lines[allocation.line] as SaleLineInput;
    const share = allocation.quantity / line.quantity;
    return { id: newId(), allocation, line, fees: Math.round(line.feesCents * share), tax: Math.round(line.taxCents * share) };
  });

/** The sale's lines: in store they have shipped (with the cost their units took), otherwise they wait with an estimate. */
export async function writeSaleLines(
  em: EntityManager,
  businessId: string,
  saleId: string,
  lines: PlannedLine[],
  costs: { shipped: (line: PlannedLine) => number | null; estimated: Map<string, number> },
): Promise<void> {
  if (lines.length === 0) return;
  await tenantDb(em, businessId)
    .insertInto('sale_lines')
    .values(
      lines.map((planned) => {
        const shipped = costs.shipped(planned);
        return {
          id: planned.id,
          sale_id: saleId,
          variant_id: planned.line.variantId,
          location_id: planned.allocation.locationId,
          quantity: planned.allocation.quantity,
          quantity_shipped: shipped === null ? 0 : planned.allocation.quantity,
          unit_price_cents: planned.line.unitPriceCents,
          fees_cents: planned.fees,
          tax_cents: planned.tax,
          shipped_cost_cents: String(shipped ?? 0),
          estimated_unit_cost_cents: costs.estimated.get(planned.line.variantId) ?? 0,
          external_sku: planned.line.externalSku ?? null,
        };
      }),
    )
    .execute();
}

/** One fulfillment per location the sale is picked from, with a line per sale line. */
export async function openFulfillments(em: EntityManager, businessId: string, saleId: string, lines: PlannedLine[]): Promise<void> {
  const fulfillmentByLocation = new Map<string, string>();
  for (const { allocation } of lines) {
    if (!fulfillmentByLocation.has(allocation.locationId)) fulfillmentByLocation.set(allocation.locationId, newId());
  }
  if (fulfillmentByLocation.size === 0) return;
  const db = tenantDb(em, businessId);
  await db
    .insertInto('fulfillments')
    .values([...fulfillmentByLocation].map(([locationId, id]) => ({ id, sale_id: saleId, location_id: locationId })))
    .execute();
  await db
    .insertInto('fulfillment_lines')
    .values(
      lines.map(({ id, line, allocation }) => ({
        id: newId(),
        fulfillment_id: fulfillmentByLocation.get(allocation.locationId) ?? '',
        sale_line_id: id,
        variant_id: line.variantId,
        quantity: allocation.quantity,
      })),
    )
    .execute();
}

/** An order that failed before and now went through closes its failed order. */
export async function resolveFailedOrder(
  em: EntityManager,
  businessId: string,
  saleId: string,
  channelId: string,
  externalOrderId: string,
) {
  await tenantDb(em, businessId)
    .updateTable('failed_orders')
    .set({ status: 'resolved', sale_id: saleId, updated_at: sql`now()` })
    .where('channel_id', '=', channelId)
    .where('external_order_id', '=', externalOrderId)
    .where('status', '<>', 'resolved')
    .execute();
}
