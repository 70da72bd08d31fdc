import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreateAdjustmentBody, InventorySummary, Location as LocationDto } from '@tradepost/shared/schemas/inventory.ts';
import { newId } from '../../db/ids.ts';
import { Conflict } from '../../errors.ts';
import { type MovementLine, postMovements, presentLevel, presentMovement, reconcile } from './ledger.ts';
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
  const taken = await em.execute('SELECT 1 FROM locations WHERE business_id = ? AND lower(name) = lower(?)', [businessId, input.name]);
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

export async function variantLedger(em: EntityManager, businessId: string, variantId: string) {
  await assertOwned(em, businessId, [variantId], []);
  const [movements, rows, lots] = await Promise.all([
    em.execute<Parameters<typeof presentMovement>[0][]>(
      `SELECT id, variant_id, location_id, on_hand_delta, reserved_delta, committed_delta, reason, reason_code, reference_type,
              reference_id::text, note, user_id::text, created_at
         FROM stock_movements WHERE business_id = ? AND variant_id = ? ORDER BY created_at DESC, id DESC LIMIT 500`,
      [businessId, variantId],
    ),
    reconcile(em, businessId, variantId),
    em.execute<
      { id: string; source: string; quantity_received: number; quantity_remaining: number; unit_cost_cents: number; acquired_at: Date }[]
    >(
      `SELECT id, source, quantity_received, quantity_remaining, unit_cost_cents, acquired_at FROM cost_lots
        WHERE business_id = ? AND variant_id = ? ORDER BY acquired_at, id`,
      [businessId, variantId],
    ),
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

export async function inventorySummary(em: EntityManager, businessId: string): Promise<InventorySummary> {
  const [row] = await em.execute<Record<keyof InventorySummary, string | number | null>[]>(
    `SELECT
       (SELECT coalesce(sum(on_hand), 0) FROM stock_levels WHERE business_id = ?) AS units_on_hand,
       (SELECT coalesce(sum(on_hand - reserved - committed), 0) FROM stock_levels WHERE business_id = ?) AS units_available,
       (SELECT count(DISTINCT variant_id) FROM stock_levels WHERE business_id = ? AND on_hand > 0) AS variants_in_stock,
       (SELECT count(*) FROM products WHERE business_id = ? AND status = 'active') AS products,
       (SELECT coalesce(sum(quantity_remaining::bigint * unit_cost_cents), 0) FROM cost_lots WHERE business_id = ?) AS value_at_cost_cents,
       (SELECT coalesce(sum(l.on_hand::bigint * coalesce(v.price_cents, p.retail_price_cents, 0)), 0)
          FROM stock_levels l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
         WHERE l.business_id = ?) AS value_at_price_cents,
       (SELECT greatest(coalesce((SELECT sum(on_hand) FROM stock_levels WHERE business_id = ?), 0)
                      - coalesce((SELECT sum(quantity_remaining) FROM cost_lots WHERE business_id = ?), 0), 0)) AS units_without_cost,
       (SELECT count(*) FROM locations WHERE business_id = ? AND archived_at IS NULL) AS locations`,
    Array(9).fill(businessId),
  );
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
