import type { EntityManager } from '@mikro-orm/postgresql';
import { barcodeCodeSchema } from '@tradepost/shared/schemas/catalog.ts';
import { purchaseOrderLabel, purchaseOrderStatusLabels, type ReceiptResult } from '@tradepost/shared/schemas/purchasing.ts';
import { sql } from 'kysely';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { AppError, Conflict, Invalid, NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import { addBarcodeToSize } from '../catalog/public.ts';
import { assertActiveLocation as checkLocation } from '../inventory/public.ts';
import { lockOrder } from './purchase-orders.service.ts';

export { checkLocation };

// The purchasing area's steps of the `purchase.receive` workflow (api/src/workflows/receive-purchase.ts),
// which posts the stock through the ledger between them, and the scanning desk's look-ups.

export type ReceiveRequest = {
  purchaseOrderId: string;
  locationId: string;
  lines: { lineId: string; quantity: number }[];
  confirmOverReceipt: boolean;
  method: 'manual' | 'scan';
};

export type LockedLine = {
  id: string;
  variant_id: string;
  quantity_ordered: number;
  quantity_received: number;
  landed_unit_cost_cents: number;
  label: string;
};

/** The order and its lines, locked (the order's row first, then the lines by id) so concurrent receipts queue. */
export async function lockForReceipt(tx: EntityManager, businessId: string, purchaseOrderId: string) {
  const order = await lockOrder(tx, businessId, purchaseOrderId);
  const rows = await tenantDb(tx, businessId)
    .selectFrom('purchase_order_lines as l')
    .innerJoin('variants as var', 'var.id', 'l.variant_id')
    .innerJoin('products as p', 'p.id', 'var.product_id')
    .select(['l.id', 'l.variant_id', 'l.quantity_ordered', 'l.quantity_received', 'l.landed_unit_cost_cents', 'p.title', 'var.size'])
    .where('l.purchase_order_id', '=', purchaseOrderId)
    .orderBy('l.id')
    .forUpdate('l')
    .execute();
  const lines: LockedLine[] = rows.map(({ title, size, ...line }) => ({ ...line, label: `${title} size ${size}` }));
  return { order, lines };
}

export type PlannedReceipt = { line: LockedLine; quantity: number; unitCostCents: number }[];

/**
 * What this receipt takes in, checked against the locked order: only an ordered or partly received
 * order receives; every line must be the order's, once; more than ordered needs the confirmation
 * (409 OVER_RECEIPT naming the size and the excess).
 */
export function planReceipt(
  order: { number: number; status: keyof typeof purchaseOrderStatusLabels },
  lines: LockedLine[],
  request: ReceiveRequest,
): PlannedReceipt {
  if (order.status === 'draft') throw new Conflict('Mark the order as ordered before receiving', 'PURCHASE_ORDER_STATE');
  if (order.status !== 'ordered' && order.status !== 'partially_received')
    throw new Conflict(
      `${purchaseOrderLabel(order.number)} is ${purchaseOrderStatusLabels[order.status].toLowerCase()}: it receives no more stock`,
      'PURCHASE_ORDER_STATE',
    );
  const byId = new Map(lines.map((line) => [line.id, line]));
  const seen = new Set<string>();
  const errors = request.lines.flatMap((entry, i) => {
    const problem = !byId.has(entry.lineId)
      ? `This line is not on ${purchaseOrderLabel(order.number)}`
      : seen.has(entry.lineId)
        ? 'This line is listed twice'
        : null;
    seen.add(entry.lineId);
    return problem ? [{ field: `lines.${i}.line_id`, message: problem }] : [];
  });
  if (errors.length) throw new Invalid(errors.map((e) => e.message).join('; '), errors);
  const planned = request.lines.map((entry) => {
    const line = byId.get(entry.lineId) as LockedLine;
    return { line, quantity: entry.quantity, unitCostCents: line.landed_unit_cost_cents };
  });
  if (!request.confirmOverReceipt) {
    const over = planned.flatMap(({ line, quantity }, i) => {
      const excess = line.quantity_received + quantity - line.quantity_ordered;
      return excess > 0
        ? [
            {
              field: request.method === 'scan' ? 'barcode' : `lines.${i}.quantity`,
              message: `${line.label}: ${excess} more than the ${line.quantity_ordered} ordered (${line.quantity_received} received so far)`,
            },
          ]
        : [];
    });
    if (over.length) throw new AppError(409, 'OVER_RECEIPT', `Over-receipt: ${over.map((o) => o.message).join('; ')}`, over);
  }
  return planned;
}

/** Adds the units to the lines and writes who received what, where, and which ledger movement carried it. */
export async function recordReceipt(
  tx: EntityManager,
  businessId: string,
  userId: string | null,
  request: ReceiveRequest,
  planned: PlannedReceipt,
  movementOf: (variantId: string) => string,
): Promise<void> {
  const db = tenantDb(tx, businessId);
  for (const { line, quantity } of planned) {
    await db
      .updateTable('purchase_order_lines')
      .set((eb) => ({ quantity_received: eb('quantity_received', '+', quantity) }))
      .where('id', '=', line.id)
      .execute();
  }
  await db
    .insertInto('purchase_receipts')
    .values(
      planned.map(({ line, quantity, unitCostCents }) => ({
        id: newId(),
        purchase_order_id: request.purchaseOrderId,
        line_id: line.id,
        location_id: request.locationId,
        quantity,
        unit_cost_cents: unitCostCents,
        method: request.method,
        movement_id: movementOf(line.variant_id),
        received_by_id: userId,
      })),
    )
    .execute();
}

/** Received once every line has all it ordered, else partially received. */
export async function settleStatus(tx: EntityManager, businessId: string, purchaseOrderId: string): Promise<void> {
  const db = tenantDb(tx, businessId);
  const open = await db
    .selectFrom('purchase_order_lines')
    .select('id')
    .where('purchase_order_id', '=', purchaseOrderId)
    .whereRef('quantity_received', '<', 'quantity_ordered')
    .limit(1)
    .executeTakeFirst();
  await db
    .updateTable('purchase_orders')
    .set(
      open
        ? { status: 'partially_received', updated_at: sql`now()` }
        : { status: 'received', received_at: sql`now()`, updated_at: sql`now()` },
    )
    .where('id', '=', purchaseOrderId)
    .execute();
}

export async function publishReceipt(
  tx: EntityManager,
  businessId: string,
  purchaseOrderId: string,
  vendorId: string | null,
): Promise<void> {
  await emit(tx, businessId, 'purchasing.changed', { purchase_order_id: purchaseOrderId, ...(vendorId ? { vendor_id: vendorId } : {}) });
}

export type ReceivedLines = ReceiptResult['received'];

// ---------------------------------------------------------------------------------------------
// Scanning

/**
 * The size a scanned code names: a barcode of the business (exactly, else in any case when only one
 * matches: scanners and keyboards differ in case for custom codes), else a size's SKU.
 */
export async function findSizeByCode(
  em: EntityManager,
  businessId: string,
  code: string,
): Promise<{ variantId: string; label: string } | null> {
  const db = tenantDb(em, businessId);
  const sizes = db
    .selectFrom('variants as var')
    .innerJoin('products as p', 'p.id', 'var.product_id')
    .select(['var.id', 'p.title', 'var.size']);
  const exact = await sizes
    .where('var.id', 'in', (eb) => eb.selectFrom('barcodes').select('variant_id').where('code', '=', code))
    .executeTakeFirst();
  const loose = exact
    ? []
    : await sizes
        .where('var.id', 'in', (eb) =>
          eb
            .selectFrom('barcodes')
            .select('variant_id')
            .where((w) => w(w.fn('lower', ['code']), '=', code.toLowerCase())),
        )
        .limit(2)
        .execute();
  const found =
    exact ??
    (loose.length === 1
      ? loose[0]
      : await sizes.where((eb) => eb(eb.fn('lower', ['var.sku']), '=', code.toLowerCase())).executeTakeFirst());
  return found ? { variantId: found.id, label: `${found.title} size ${found.size}` } : null;
}

/** The order's line of the size a scan names: 404 UNKNOWN_BARCODE when no size has it, 409 NOT_ON_ORDER when the order lacks it. */
export async function lineForScan(em: EntityManager, businessId: string, purchaseOrderId: string, code: string): Promise<string> {
  const size = await findSizeByCode(em, businessId, code);
  if (!size)
    throw new AppError(404, 'UNKNOWN_BARCODE', `No size has the barcode ${code}`, [
      { field: 'barcode', message: `No size has the barcode ${code}: map it to a size` },
    ]);
  const db = tenantDb(em, businessId);
  const order = await db.selectFrom('purchase_orders').select('number').where('id', '=', purchaseOrderId).executeTakeFirst();
  if (!order) throw new NotFound('Purchase order not found');
  const line = await db
    .selectFrom('purchase_order_lines')
    .select('id')
    .where('purchase_order_id', '=', purchaseOrderId)
    .where('variant_id', '=', size.variantId)
    .executeTakeFirst();
  if (!line) {
    const message = `${size.label} is not on ${purchaseOrderLabel(order.number)}`;
    throw new Conflict(message, 'NOT_ON_ORDER', [{ field: 'barcode', message }]);
  }
  return line.id;
}

/**
 * An unknown barcode mapped to a size at the receiving desk: it becomes one of the size's barcodes in
 * the catalog, so every scanner of the product finds it from now on. Mapping it again to the same
 * size changes nothing; a barcode already on another size is refused (409).
 */
export async function mapBarcode(
  em: EntityManager,
  businessId: string,
  purchaseOrderId: string,
  barcode: string,
  variantId: string,
): Promise<{ barcode: string; variant_id: string }> {
  const checked = barcodeCodeSchema.safeParse(barcode);
  if (!checked.success)
    throw new Invalid('Invalid barcode', [{ field: 'barcode', message: checked.error.issues[0]?.message ?? 'Invalid barcode' }]);
  const code = checked.data;
  const db = tenantDb(em, businessId);
  const size = await db.selectFrom('variants').select('id').where('id', '=', variantId).executeTakeFirst();
  if (!size) throw new NotFound('Size not found');
  const holder = await db
    .selectFrom('barcodes as b')
    .innerJoin('variants as var', 'var.id', 'b.variant_id')
    .innerJoin('products as p', 'p.id', 'var.product_id')
    .select(['b.variant_id', 'p.title', 'var.size'])
    .where('b.code', '=', code)
    .executeTakeFirst();
  if (holder?.variant_id === variantId) return { barcode: code, variant_id: variantId };
  if (holder) {
    const message = `Barcode ${code} is already on ${holder.title} size ${holder.size}`;
    throw new Conflict(message, 'BARCODE_TAKEN', [{ field: 'barcode', message }]);
  }
  try {
    await em.transactional(async (tx) => {
      await addBarcodeToSize(tx, businessId, variantId, code);
      await emit(tx, businessId, 'purchasing.changed', { purchase_order_id: purchaseOrderId });
    });
  } catch (error) {
    // The catalog names its own field (`code`); here the body calls it `barcode`.
    if (error instanceof AppError && error.details)
      throw new AppError(
        error.statusCode,
        error.code,
        error.message,
        error.details.map((detail) => ({ ...detail, field: detail.field === 'code' ? 'barcode' : detail.field })),
      );
    throw error;
  }
  return { barcode: code, variant_id: variantId };
}
