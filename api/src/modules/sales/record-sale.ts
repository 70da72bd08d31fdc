import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerInput, ExternalOrder, RecordOutcome } from '@tradepost/shared/schemas/sales.ts';
import { newId } from '../../db/ids.ts';
import { Conflict } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import { assertOwned, type MovementLine, postMovements } from '../inventory/public.ts';
import { type Allocation, AllocationFailure, allocate, lockAvailability, type PickPlan, pickPlan } from './allocation.ts';
import type { ChannelRef } from './channels.service.ts';
import { findOrCreateCustomer } from './customers.service.ts';
import { getSale } from './sales.service.ts';

export type SaleLineInput = {
  variantId: string;
  quantity: number;
  unitPriceCents: number;
  feesCents: number;
  taxCents: number;
  externalSku?: string | null;
};

export type SaleInput = {
  externalOrderId: string;
  orderedAt?: string | undefined;
  customerId?: string | undefined;
  customer?: CustomerInput | undefined;
  shippingCents: number;
  shippingAddress?: Record<string, string> | undefined;
  note?: string | undefined;
  lines: SaleLineInput[];
};

export type SaleOptions = {
  /** In-store: the units leave at once (consumed FIFO) and the sale is fulfilled. */
  immediate: boolean;
  /** Take every line from this location instead of following the pick rules. */
  locationId?: string | undefined;
  /** Hand allocation: the location per order line (index). */
  lineLocations?: Map<number, string>;
};

type Context = { businessId: string; userId: string | null };

const UNIQUE_VIOLATION = '23505';
const isDuplicateOrder = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  (error as { code?: string }).code === UNIQUE_VIOLATION &&
  String((error as { constraint?: string; message?: string }).constraint ?? (error as { message?: string }).message).includes(
    'sales_business_id_channel_id_external_order_id',
  );

async function existingSaleId(em: EntityManager, businessId: string, channelId: string, externalOrderId: string): Promise<string | null> {
  const [row] = await em.execute<{ id: string }[]>(
    'SELECT id FROM sales WHERE business_id = ? AND channel_id = ? AND external_order_id = ?',
    [businessId, channelId, externalOrderId],
  );
  return row?.id ?? null;
}

async function nextNumber(em: EntityManager, businessId: string, name: string, start: number): Promise<number> {
  const [row] = await em.execute<{ value: number }[]>(
    `INSERT INTO business_counters (business_id, name, value) VALUES (?, ?, ?)
     ON CONFLICT (business_id, name) DO UPDATE SET value = business_counters.value + 1
     RETURNING value`,
    [businessId, name, start],
  );
  return row?.value ?? start;
}

/**
 * What the next `quantity` units of a variant should cost, FIFO, after the units other open orders
 * have already claimed. An estimate until the units ship and consume their lots.
 */
async function expectedUnitCost(em: EntityManager, businessId: string, variantId: string, quantity: number): Promise<number> {
  const [row] = await em.execute<{ claimed: number }[]>(
    'SELECT coalesce(sum(committed), 0)::int AS claimed FROM stock_levels WHERE business_id = ? AND variant_id = ?',
    [businessId, variantId],
  );
  const lots = await em.execute<{ quantity_remaining: number; unit_cost_cents: number }[]>(
    `SELECT quantity_remaining, unit_cost_cents FROM cost_lots
      WHERE business_id = ? AND variant_id = ? AND quantity_remaining > 0 ORDER BY acquired_at, id`,
    [businessId, variantId],
  );
  let skip = Math.max(0, (row?.claimed ?? 0) - quantity);
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

/** FIFO cost actually taken by the given movements (units leaving the business). */
export async function consumedCost(em: EntityManager, movementIds: string[]): Promise<Map<string, number>> {
  const cost = new Map<string, number>();
  if (!movementIds.length) return cost;
  const rows = await em.execute<{ movement_id: string; cost: number }[]>(
    `SELECT movement_id, sum(quantity::bigint * unit_cost_cents)::int AS cost FROM lot_consumptions
      WHERE movement_id IN (${movementIds.map(() => '?').join(',')}) GROUP BY movement_id`,
    movementIds,
  );
  for (const row of rows) cost.set(row.movement_id, row.cost);
  return cost;
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

async function labels(em: EntityManager, businessId: string, variantIds: string[]): Promise<Map<string, string>> {
  const rows = await em.execute<{ id: string; label: string }[]>(
    `SELECT v.id, p.title || ' size ' || v.size || ' (' || v.sku || ')' AS label
       FROM variants v JOIN products p ON p.id = v.product_id
      WHERE v.business_id = ? AND v.id IN (${variantIds.map(() => '?').join(',')})`,
    [businessId, ...variantIds],
  );
  return new Map(rows.map((r) => [r.id, r.label]));
}

/**
 * The one way a sale is recorded, from any channel. In one transaction: idempotency on the channel's
 * order id, allocation by the pick rules on locked stock levels, the sale and its lines, the ledger
 * movements (committed on order, or consumed at once in store), fulfillments per location, and the
 * expected cost. Anything refused rolls the whole sale back; the caller decides whether a shortfall
 * is a 409 (typed in Tradepost) or a failed order (imported from a channel).
 */
export async function recordSale(
  em: EntityManager,
  context: Context,
  channel: ChannelRef,
  input: SaleInput,
  options: SaleOptions,
): Promise<{ outcome: 'recorded' | 'duplicate'; saleId: string }> {
  const { businessId } = context;
  const before = await existingSaleId(em, businessId, channel.id, input.externalOrderId);
  if (before) return { outcome: 'duplicate', saleId: before };

  const variantIds = input.lines.map((l) => l.variantId);
  const forced = handAllocation(input, options);
  await assertOwned(
    em,
    businessId,
    variantIds,
    (forced ?? []).map((a) => a.locationId),
  );
  const names = await labels(em, businessId, variantIds);

  try {
    const saleId = await em.transactional(async (tx) => {
      const plan: PickPlan = forced
        ? { locationIds: [...new Set(forced.map((a) => a.locationId))], strategy: 'priority', allowSplit: true }
        : await pickPlan(tx, businessId, channel.id);
      const available = await lockAvailability(tx, businessId, variantIds, plan.locationIds);
      const requests = input.lines.map((line) => ({
        variantId: line.variantId,
        quantity: line.quantity,
        label: names.get(line.variantId) ?? line.variantId,
      }));
      let allocations: Allocation[];
      if (forced) {
        // Hand allocation still refuses what the chosen location does not have.
        allocations = forced;
        const wanted = new Map<string, number>();
        for (const a of forced) {
          const variantId = input.lines[a.line]?.variantId ?? '';
          const key = `${variantId}:${a.locationId}`;
          wanted.set(key, (wanted.get(key) ?? 0) + a.quantity);
          const have = available.get(key) ?? 0;
          if ((wanted.get(key) ?? 0) > have) {
            throw new AllocationFailure('no_stock', `${requests[a.line]?.label}: ${have} available at the chosen location`, a.line, have);
          }
        }
      } else {
        allocations = allocate(plan, requests, available);
      }

      const saleId = newId();
      const number = await nextNumber(tx, businessId, 'sale', 1001);
      const customerId = input.customerId ?? (input.customer ? await findOrCreateCustomer(tx, businessId, input.customer) : null);
      await tx.execute(
        `INSERT INTO sales (id, business_id, number, channel_id, external_order_id, customer_id, status, currency, shipping_cents, note,
                            shipping_address, ordered_at, created_by_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, (SELECT currency FROM businesses WHERE id = ?), ?, ?, ?, coalesce(?::timestamptz, now()), ?)`,
        [
          saleId,
          businessId,
          number,
          channel.id,
          input.externalOrderId,
          customerId,
          options.immediate ? 'fulfilled' : 'open',
          businessId,
          input.shippingCents,
          input.note ?? null,
          input.shippingAddress ? JSON.stringify(input.shippingAddress) : null,
          input.orderedAt ?? null,
          context.userId,
        ],
      );

      // One sale line per order line and location (a split line becomes two).
      const saleLines = allocations.map((allocation) => {
        const line = input.lines[allocation.line] as SaleLineInput;
        const share = allocation.quantity / line.quantity;
        return {
          id: newId(),
          allocation,
          line,
          fees: Math.round(line.feesCents * share),
          tax: Math.round(line.taxCents * share),
        };
      });
      const movements: MovementLine[] = saleLines.map(({ allocation, line }) =>
        options.immediate
          ? {
              variantId: line.variantId,
              locationId: allocation.locationId,
              onHand: -allocation.quantity,
              reason: 'sale',
              consumesLots: true,
            }
          : { variantId: line.variantId, locationId: allocation.locationId, committed: allocation.quantity, reason: 'sale' },
      );
      const estimates = new Map<string, number>();
      if (!options.immediate) {
        for (const { line } of saleLines) {
          if (!estimates.has(line.variantId)) {
            estimates.set(line.variantId, await expectedUnitCost(tx, businessId, line.variantId, line.quantity));
          }
        }
      }
      const posted = await postMovements(tx, { businessId, userId: context.userId, reference: { type: 'sale', id: saleId } }, movements);
      const costs = options.immediate
        ? await consumedCost(
            tx,
            posted.movements.map((m) => m.id),
          )
        : new Map<string, number>();
      const movementFor = (variantId: string, locationId: string) =>
        posted.movements.find((m) => m.variant_id === variantId && m.location_id === locationId)?.id ?? '';

      for (const { id, allocation, line, fees, tax } of saleLines) {
        const shippedCost = options.immediate ? (costs.get(movementFor(line.variantId, allocation.locationId)) ?? 0) : 0;
        await tx.execute(
          `INSERT INTO sale_lines (id, business_id, sale_id, variant_id, location_id, quantity, quantity_shipped, unit_price_cents,
                                   fees_cents, tax_cents, shipped_cost_cents, estimated_unit_cost_cents, external_sku)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            id,
            businessId,
            saleId,
            line.variantId,
            allocation.locationId,
            allocation.quantity,
            options.immediate ? allocation.quantity : 0,
            line.unitPriceCents,
            fees,
            tax,
            shippedCost,
            estimates.get(line.variantId) ?? 0,
            line.externalSku ?? null,
          ],
        );
      }

      if (!options.immediate) {
        const byLocation = new Map<string, typeof saleLines>();
        for (const saleLine of saleLines) {
          byLocation.set(saleLine.allocation.locationId, [...(byLocation.get(saleLine.allocation.locationId) ?? []), saleLine]);
        }
        for (const [locationId, lines] of byLocation) {
          const fulfillmentId = newId();
          await tx.execute('INSERT INTO fulfillments (id, business_id, sale_id, location_id) VALUES (?, ?, ?, ?)', [
            fulfillmentId,
            businessId,
            saleId,
            locationId,
          ]);
          for (const { id, line, allocation } of lines) {
            await tx.execute(
              'INSERT INTO fulfillment_lines (id, business_id, fulfillment_id, sale_line_id, variant_id, quantity) VALUES (?, ?, ?, ?, ?, ?)',
              [newId(), businessId, fulfillmentId, id, line.variantId, allocation.quantity],
            );
          }
        }
      }

      // An order that failed before and now went through closes its failed order.
      await tx.execute(
        `UPDATE failed_orders SET status = 'resolved', sale_id = ?, updated_at = now()
          WHERE business_id = ? AND channel_id = ? AND external_order_id = ? AND status <> 'resolved'`,
        [saleId, businessId, channel.id, input.externalOrderId],
      );
      await emit(tx, businessId, 'sale.recorded', { sale_id: saleId });
      return saleId;
    });
    return { outcome: 'recorded', saleId };
  } catch (error) {
    if (isDuplicateOrder(error)) {
      const saleId = await existingSaleId(em, businessId, channel.id, input.externalOrderId);
      if (saleId) return { outcome: 'duplicate', saleId };
    }
    // Another sale took the units between our read and our write (postMovements re-checks).
    if (error instanceof Conflict && error.code === 'INSUFFICIENT_STOCK') {
      throw new AllocationFailure('no_stock', error.message, null, 0);
    }
    throw error;
  }
}

/** A channel's order by its SKUs: resolved through SKU mappings, our SKUs, then barcodes. */
export async function resolveOrderSkus(
  em: EntityManager,
  businessId: string,
  channelId: string,
  order: ExternalOrder,
): Promise<{ lines: SaleLineInput[]; unknown: string[] }> {
  const skus = [...new Set(order.lines.map((l) => l.sku.toLowerCase()))];
  const marks = skus.map(() => '?').join(',');
  const rows = await em.execute<{ sku: string; variant_id: string; rank: number }[]>(
    `SELECT lower(external_sku) AS sku, variant_id, 1 AS rank FROM sku_mappings
      WHERE business_id = ? AND channel_id = ? AND lower(external_sku) IN (${marks})
     UNION ALL
     SELECT lower(sku), id, 2 FROM variants WHERE business_id = ? AND lower(sku) IN (${marks})
     UNION ALL
     SELECT lower(code), variant_id, 3 FROM barcodes WHERE business_id = ? AND lower(code) IN (${marks})`,
    [businessId, channelId, ...skus, businessId, ...skus, businessId, ...skus],
  );
  const best = new Map<string, { variant_id: string; rank: number }>();
  for (const row of rows) {
    const seen = best.get(row.sku);
    if (!seen || row.rank < seen.rank) best.set(row.sku, row);
  }
  const unknown = order.lines.filter((l) => !best.has(l.sku.toLowerCase())).map((l) => l.sku);
  const lines = order.lines.flatMap((l) => {
    const match = best.get(l.sku.toLowerCase());
    return match
      ? [
          {
            variantId: match.variant_id,
            quantity: l.quantity,
            unitPriceCents: l.unit_price_cents,
            feesCents: l.fees_cents,
            taxCents: l.tax_cents,
            externalSku: l.sku,
          },
        ]
      : [];
  });
  return { lines, unknown };
}

async function recordFailure(
  em: EntityManager,
  businessId: string,
  channelId: string,
  order: ExternalOrder,
  reasonCode: 'unknown_sku' | 'no_stock' | 'split_not_allowed',
  reason: string,
): Promise<string> {
  const [row] = await em.execute<{ id: string }[]>(
    `INSERT INTO failed_orders (id, business_id, channel_id, external_order_id, payload, reason_code, reason)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (business_id, channel_id, external_order_id) DO UPDATE
       SET payload = excluded.payload, reason_code = excluded.reason_code, reason = excluded.reason, status = 'open',
           attempts = failed_orders.attempts + 1, updated_at = now()
     RETURNING id`,
    [newId(), businessId, channelId, order.external_order_id, JSON.stringify(order), reasonCode, reason],
  );
  return row?.id ?? '';
}

/**
 * The entry point for orders from a channel (marketplace webhooks and polls, imports): idempotent on
 * the channel's order id; an order that cannot be matched or allocated becomes a failed order with
 * its reason instead of an error, and nothing else is written.
 */
export async function importChannelOrder(
  em: EntityManager,
  context: Context,
  channel: ChannelRef,
  order: ExternalOrder,
  lineLocations?: Map<number, string>,
): Promise<RecordOutcome> {
  const before = await existingSaleId(em, context.businessId, channel.id, order.external_order_id);
  if (before) return { outcome: 'duplicate', sale: await getSale(em, context.businessId, before) };
  const { lines, unknown } = await resolveOrderSkus(em, context.businessId, channel.id, order);
  if (unknown.length) {
    const reason = `Unknown SKU${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`;
    const id = await recordFailure(em, context.businessId, channel.id, order, 'unknown_sku', reason);
    return { outcome: 'failed', failed_order_id: id, reason_code: 'unknown_sku', reason };
  }
  try {
    const result = await recordSale(
      em,
      context,
      channel,
      {
        externalOrderId: order.external_order_id,
        orderedAt: order.ordered_at,
        customer: order.customer,
        shippingCents: order.shipping_cents,
        shippingAddress: order.shipping_address,
        lines,
      },
      { immediate: false, ...(lineLocations ? { lineLocations } : {}) },
    );
    return { outcome: result.outcome, sale: await getSale(em, context.businessId, result.saleId) };
  } catch (error) {
    if (!(error instanceof AllocationFailure)) throw error;
    const id = await recordFailure(em, context.businessId, channel.id, order, error.code, error.message);
    return { outcome: 'failed', failed_order_id: id, reason_code: error.code, reason: error.message };
  }
}
