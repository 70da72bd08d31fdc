import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Invalid, NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';

export { detailsOf } from './payout-details.ts';
export { checkPayoutChoice, insertPayout, type NewPayout } from './payouts.service.ts';

// The purchasing area's steps of the `purchase.in_store` workflow (api/src/workflows/purchase-in-store.ts):
// goods bought at the counter become a purchase order of kind `in_store`, received at once (receipts
// of method `counter`), with the stock posted through the ledger between these steps.

export type Seller = { customerId: string | null; vendorId: string | null; name: string };

/** A vendor selling at the counter: this business's (404 otherwise) and not archived (400). */
export async function vendorSeller(tx: EntityManager, businessId: string, vendorId: string): Promise<Seller> {
  const vendor = await tenantDb(tx, businessId)
    .selectFrom('vendors')
    .select(['id', 'name', 'archived_at'])
    .where('id', '=', vendorId)
    .executeTakeFirst();
  if (!vendor) throw new NotFound('Vendor not found');
  if (vendor.archived_at !== null)
    throw new Invalid('This vendor is archived', [{ field: 'vendor_id', message: 'This vendor is archived: unarchive it to buy from it' }]);
  return { customerId: null, vendorId: vendor.id, name: vendor.name };
}

/** An existing customer selling at the counter: this business's, else 404. */
export async function customerSeller(tx: EntityManager, businessId: string, customerId: string): Promise<Seller> {
  const customer = await tenantDb(tx, businessId)
    .selectFrom('customers')
    .select(['id', 'name'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!customer) throw new NotFound('Customer not found');
  return { customerId: customer.id, vendorId: null, name: customer.name };
}

export type CounterLine = { variantId: string; quantity: number; unitPriceCents: number };
export type CounterOrder = {
  id: string;
  number: number;
  lines: { id: string; variantId: string; quantity: number; unitCostCents: number }[];
};

/**
 * The purchase order of an in-store purchase, already received: its lines at the agreed price (no
 * landed costs: the landed unit cost is the price), every unit received. Numbered from the same
 * counter as vendor orders.
 */
export async function createCounterOrder(
  tx: EntityManager,
  businessId: string,
  userId: string | null,
  order: { seller: Seller; locationId: string; lines: CounterLine[]; tradeId: string | null; note: string | null },
): Promise<CounterOrder> {
  const db = tenantDb(tx, businessId);
  const id = newId();
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
      kind: 'in_store',
      vendor_id: order.seller.vendorId,
      customer_id: order.seller.customerId,
      trade_id: order.tradeId,
      location_id: order.locationId,
      status: 'received',
      note: order.note,
      created_by_id: userId,
      ordered_at: sql`now()`,
      received_at: sql`now()`,
    })
    .execute();
  const lines = order.lines.map((line, position) => ({
    id: newId(),
    purchase_order_id: id,
    variant_id: line.variantId,
    position,
    quantity_ordered: line.quantity,
    quantity_received: line.quantity,
    unit_cost_cents: line.unitPriceCents,
    landed_unit_cost_cents: line.unitPriceCents,
  }));
  await db.insertInto('purchase_order_lines').values(lines).execute();
  return {
    id,
    number: counter.value,
    lines: lines.map((line) => ({
      id: line.id,
      variantId: line.variant_id,
      quantity: line.quantity_received,
      unitCostCents: line.unit_cost_cents,
    })),
  };
}

/** Who took in what at the counter, and which ledger movement carried it. */
export async function recordCounterReceipts(
  tx: EntityManager,
  businessId: string,
  userId: string | null,
  order: CounterOrder,
  locationId: string,
  movementOf: (variantId: string) => string,
): Promise<void> {
  await tenantDb(tx, businessId)
    .insertInto('purchase_receipts')
    .values(
      order.lines.map((line) => ({
        id: newId(),
        purchase_order_id: order.id,
        line_id: line.id,
        location_id: locationId,
        quantity: line.quantity,
        unit_cost_cents: line.unitCostCents,
        method: 'counter',
        movement_id: movementOf(line.variantId),
        received_by_id: userId,
      })),
    )
    .execute();
}

export async function publishCounterPurchase(
  tx: EntityManager,
  businessId: string,
  facts: { purchaseOrderId: string; vendorId: string | null; payoutId: string | null; tradeId: string | null },
): Promise<void> {
  await emit(tx, businessId, 'purchasing.changed', {
    purchase_order_id: facts.purchaseOrderId,
    ...(facts.vendorId ? { vendor_id: facts.vendorId } : {}),
    ...(facts.payoutId ? { payout_id: facts.payoutId } : {}),
    ...(facts.tradeId ? { trade_id: facts.tradeId } : {}),
  });
}
