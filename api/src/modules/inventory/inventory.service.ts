import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreateAdjustmentBody, InventorySummary, Location as LocationDto } from '@tradepost/shared/schemas/inventory.ts';
import { type Kysely, sql } from 'kysely';
import { newId } from '../../db/ids.ts';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { tenantStatement } from '../../db/tenant-statement.ts';
import { Conflict } from '../../errors.ts';
import { MOVEMENT_COLUMNS, type MovementLine, postMovements, presentLevel, presentMovement, reconcile } from './ledger.ts';
import { Location } from './location.entity.ts';
import { assertOwned } from './ownership.ts';

export const presentLocation = (location: Location): LocationDto => ({
  id: location.id,
  name: location.name,
  kind: location.kind,
  is_default: location.isDefault,
  archived: Boolean(location.archivedAt),
});

export async function listLocations(em: EntityManager): Promise<LocationDto[]> {
  const locations = await em.find(Location, {}, { orderBy: { isDefault: 'desc', name: 'asc' } });
  return locations.map(presentLocation);
}

export async function createLocation(
  em: EntityManager,
  businessId: string,
  input: { name: string; kind: LocationDto['kind']; is_default?: boolean | undefined },
): Promise<LocationDto> {
  const taken = await tenantDb(em, businessId)
    .selectFrom('locations')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(input.name)])))
    .execute();
  if (taken.length)
    throw new Conflict('A location with this name exists', 'DUPLICATE', [{ field: 'name', message: 'A location with this name exists' }]);
  return em.transactional(async (tx) => {
    const first = (await tx.count(Location, {})) === 0;
    const makeDefault = input.is_default === true || first;
    if (makeDefault) await tx.nativeUpdate(Location, { isDefault: true }, { isDefault: false });
    const location = tx.create(Location, { business: businessId, name: input.name, kind: input.kind, isDefault: makeDefault });
    await tx.flush();
    return presentLocation(location);
  });
}

export async function postAdjustment(em: EntityManager, businessId: string, userId: string, input: CreateAdjustmentBody) {
  await assertOwned(
    em,
    businessId,
    input.lines.map((l) => l.variant_id),
    [input.location_id],
  );
  const adjustmentId = newId();
  const lines: MovementLine[] = input.lines.map((line) => ({
    variantId: line.variant_id,
    locationId: input.location_id,
    onHand: line.quantity,
    reason: 'adjustment',
    reasonCode: line.reason,
    ...(line.quantity > 0 && line.unit_cost_cents !== undefined
      ? { lot: { unitCostCents: line.unit_cost_cents, source: 'adjustment' as const } }
      : {}),
    // Stock written off (damaged, lost, returned) leaves at its FIFO cost.
    consumesLots: line.quantity < 0,
  }));
  const result = await em.transactional((tx) =>
    postMovements(tx, { businessId, userId, reference: { type: 'adjustment', id: adjustmentId }, note: input.note ?? null }, lines),
  );
  return { adjustment_id: adjustmentId, ...result };
}

// A variant's ledger screen asks for these on every visit: built once (`tenantStatement`).
const latestMovements = tenantStatement(['variantId'], (db, v: { variantId: string }) =>
  db
    .selectFrom('stock_movements')
    .select(MOVEMENT_COLUMNS)
    .where('variant_id', '=', sql<string>`${v.variantId}::uuid`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500),
);
const lotsOf = tenantStatement(['variantId'], (db, v: { variantId: string }) =>
  db
    .selectFrom('cost_lots')
    .select(['id', 'source', 'quantity_received', 'quantity_remaining', 'unit_cost_cents', 'acquired_at'])
    .where('variant_id', '=', sql<string>`${v.variantId}::uuid`)
    .orderBy('acquired_at')
    .orderBy('id'),
);

/** The route's `ownedIds` hook has answered 404 for a variant that is not the business's own. */
export async function variantLedger(em: EntityManager, businessId: string, variantId: string) {
  const [movements, rows, lots] = await Promise.all([
    latestMovements(em, businessId, { variantId }),
    reconcile(em, businessId, variantId),
    lotsOf(em, businessId, { variantId }),
  ]);
  return {
    variant_id: variantId,
    movements: movements.map(presentMovement),
    reconciliation: rows.map((row) => ({
      location_id: row.location_id,
      level: presentLevel(row),
      ledger: { on_hand: row.l_on_hand, reserved: row.l_reserved, committed: row.l_committed },
      matches: row.on_hand === row.l_on_hand && row.reserved === row.l_reserved && row.committed === row.l_committed,
    })),
    lots: lots.map((lot) => ({ ...lot, acquired_at: new Date(lot.acquired_at).toISOString() })),
  };
}

/**
 * The business's stock as a whole, from the per-product figures the ledger and the catalog's triggers
 * keep in `product_stock` (migration 0021): one pass over one narrow row per product, where summing
 * every level, lot and price took a second and a half at 100,000 products. `products` counts the
 * active ones; units without a cost are those on hand beyond the remaining lots. Sums are bigint,
 * which pg returns as text.
 */
export function inventorySummaryQuery(db: Kysely<DB>) {
  // The business's totals per product status (migration 0038), kept from the per-product figures:
  // a row per status instead of a row per product.
  return db
    .selectFrom('stock_totals as st')
    .select((eb) => [
      sql<string>`coalesce(sum(st.on_hand), 0)`.as('units_on_hand'),
      sql<string>`coalesce(sum(st.available), 0)`.as('units_available'),
      sql<string>`coalesce(sum(st.sizes_in_stock), 0)`.as('variants_in_stock'),
      sql<string>`coalesce(sum(st.products) FILTER (WHERE st.status = 'active'), 0)`.as('products'),
      sql<string>`coalesce(sum(st.value_at_cost_cents), 0)`.as('value_at_cost_cents'),
      sql<string>`coalesce(sum(st.value_at_price_cents), 0)`.as('value_at_price_cents'),
      sql<string>`greatest(coalesce(sum(st.on_hand), 0) - coalesce(sum(st.lot_units), 0), 0)`.as('units_without_cost'),
      eb.selectFrom('locations').where('archived_at', 'is', null).select(sql<string>`count(*)`.as('locations')).as('locations'),
    ]);
}

export async function inventorySummary(em: EntityManager, businessId: string): Promise<InventorySummary> {
  const row = await inventorySummaryQuery(tenantDb(em, businessId)).executeTakeFirst();
  const n = (key: keyof InventorySummary) => Number(row?.[key] ?? 0);
  return {
    units_on_hand: n('units_on_hand'),
    units_available: n('units_available'),
    variants_in_stock: n('variants_in_stock'),
    products: n('products'),
    value_at_cost_cents: n('value_at_cost_cents'),
    value_at_price_cents: n('value_at_price_cents'),
    units_without_cost: n('units_without_cost'),
    locations: n('locations'),
  };
}
