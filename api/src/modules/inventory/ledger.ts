import type { EntityManager } from '@mikro-orm/postgresql';
import type { Movement, StockLevel } from '@tradepost/shared/schemas/inventory.ts';
import { newId } from '../../db/ids.ts';
import { Conflict } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';

export type MovementReason =
  | 'adjustment'
  | 'transfer_out'
  | 'transfer_in'
  | 'count'
  | 'receipt'
  | 'sale'
  | 'sale_cancelled'
  | 'return'
  | 'reservation';

export type LotSource = 'purchase_order' | 'in_store_purchase' | 'trade' | 'consignment' | 'count_gain' | 'adjustment' | 'opening';

export type MovementLine = {
  variantId: string;
  locationId: string;
  onHand?: number;
  reserved?: number;
  committed?: number;
  reason: MovementReason;
  reasonCode?: string | null;
  /** Units added with a cost become a FIFO lot. */
  lot?: { unitCostCents: number; source: LotSource };
  /** Units leaving the business consume FIFO lots; moves between our own locations do not. */
  consumesLots?: boolean;
};

export type LedgerContext = {
  businessId: string;
  userId: string | null;
  reference?: { type: string; id: string };
  note?: string | null;
};

type LevelRow = { variant_id: string; location_id: string; on_hand: number; reserved: number; committed: number };
type MovementRow = Omit<Movement, 'created_at'> & { created_at: Date | string };

export const presentLevel = (row: LevelRow): StockLevel => ({
  variant_id: row.variant_id,
  location_id: row.location_id,
  on_hand: row.on_hand,
  reserved: row.reserved,
  committed: row.committed,
  available: row.on_hand - row.reserved - row.committed,
});

export const presentMovement = (row: MovementRow): Movement => ({
  ...row,
  created_at: new Date(row.created_at).toISOString(),
});

/**
 * The only way stock changes. In one transaction: lock and update each level (in a fixed order so
 * concurrent posts cannot deadlock), refuse any line that would make a quantity or the available
 * stock negative, append the movements, and create or consume FIFO cost lots. The caller supplies
 * the transaction (`em` inside `transactional`). A refused line throws 409 and nothing is written.
 */
export async function postMovements(
  em: EntityManager,
  context: LedgerContext,
  lines: MovementLine[],
): Promise<{ movements: Movement[]; levels: StockLevel[] }> {
  const ordered = [...lines].sort((a, b) => a.variantId.localeCompare(b.variantId) || a.locationId.localeCompare(b.locationId));
  const movements: Movement[] = [];
  const levels = new Map<string, StockLevel>();

  for (const line of ordered) {
    const onHand = line.onHand ?? 0;
    const reserved = line.reserved ?? 0;
    const committed = line.committed ?? 0;
    await em.execute('INSERT INTO stock_levels (business_id, variant_id, location_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [
      context.businessId,
      line.variantId,
      line.locationId,
    ]);
    // The UPDATE takes the row lock; its WHERE is re-checked against the latest committed row,
    // so under concurrency exactly as many requests succeed as there is stock.
    const updated = await em.execute<LevelRow[]>(
      `UPDATE stock_levels
          SET on_hand = on_hand + ?, reserved = reserved + ?, committed = committed + ?, updated_at = now()
        WHERE business_id = ? AND variant_id = ? AND location_id = ?
          AND on_hand + ? >= 0 AND reserved + ? >= 0 AND committed + ? >= 0
          AND (on_hand + ?) - (reserved + ?) - (committed + ?) >= 0
        RETURNING variant_id, location_id, on_hand, reserved, committed`,
      [
        onHand,
        reserved,
        committed,
        context.businessId,
        line.variantId,
        line.locationId,
        onHand,
        reserved,
        committed,
        onHand,
        reserved,
        committed,
      ],
    );
    const level = updated[0];
    if (!level) {
      const [current] = await em.execute<LevelRow[]>(
        'SELECT variant_id, location_id, on_hand, reserved, committed FROM stock_levels WHERE business_id = ? AND variant_id = ? AND location_id = ?',
        [context.businessId, line.variantId, line.locationId],
      );
      const available = current ? current.on_hand - current.reserved - current.committed : 0;
      throw new Conflict(`Not enough stock: ${available} available`, 'INSUFFICIENT_STOCK', [
        { field: `variant:${line.variantId}`, message: `Only ${available} available at this location` },
      ]);
    }
    levels.set(`${level.variant_id}:${level.location_id}`, presentLevel(level));

    const movementId = newId();
    const [movement] = await em.execute<MovementRow[]>(
      `INSERT INTO stock_movements (id, business_id, variant_id, location_id, on_hand_delta, reserved_delta, committed_delta,
                                    reason, reason_code, reference_type, reference_id, note, user_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       RETURNING id, variant_id, location_id, on_hand_delta, reserved_delta, committed_delta, reason, reason_code,
                 reference_type, reference_id::text, note, user_id::text, created_at`,
      [
        movementId,
        context.businessId,
        line.variantId,
        line.locationId,
        onHand,
        reserved,
        committed,
        line.reason,
        line.reasonCode ?? null,
        context.reference?.type ?? null,
        context.reference?.id ?? null,
        context.note ?? null,
        context.userId,
      ],
    );
    if (movement) movements.push(presentMovement(movement));

    if (onHand > 0 && line.lot) {
      await em.execute(
        `INSERT INTO cost_lots (id, business_id, variant_id, source, quantity_received, quantity_remaining, unit_cost_cents, movement_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [newId(), context.businessId, line.variantId, line.lot.source, onHand, onHand, line.lot.unitCostCents, movementId],
      );
    }
    if (onHand < 0 && line.consumesLots) await consumeLots(em, context.businessId, line.variantId, movementId, -onHand);
  }
  await addToProductStock(em, context.businessId, ordered);
  // Subscribers (the sync engine's pushes among them) hear of it after this commit.
  if (ordered.length > 0)
    await emit(em, context.businessId, 'stock.moved', { variant_ids: [...new Set(ordered.map((line) => line.variantId))] });
  return { movements, levels: [...levels.values()] };
}

/**
 * Keeps `product_stock` (the products page's sort by stock) equal to the sum of the levels, in the
 * same transaction. The rows are locked in product order after every level row of this posting, so
 * two postings that touch the same products cannot wait on each other in a circle.
 */
async function addToProductStock(em: EntityManager, businessId: string, lines: MovementLine[]): Promise<void> {
  const deltas = lines.filter((line) => (line.onHand ?? 0) !== 0).map((line) => ({ variant_id: line.variantId, delta: line.onHand }));
  if (deltas.length === 0) return;
  await em.execute(
    `WITH d AS (
       SELECT v.product_id, sum(x.delta)::int AS delta
         FROM jsonb_to_recordset(?::jsonb) AS x(variant_id uuid, delta int)
         JOIN variants v ON v.id = x.variant_id AND v.business_id = ?
        GROUP BY v.product_id),
     locked AS (SELECT ps.product_id FROM product_stock ps WHERE ps.product_id IN (SELECT product_id FROM d) ORDER BY ps.product_id FOR UPDATE)
     UPDATE product_stock ps SET on_hand = ps.on_hand + d.delta FROM d, locked WHERE ps.product_id = d.product_id AND locked.product_id = d.product_id`,
    [JSON.stringify(deltas), businessId],
  );
}

/** Takes units from the oldest lots first; units beyond the recorded lots have no known cost. */
export async function consumeLots(
  em: EntityManager,
  businessId: string,
  variantId: string,
  movementId: string,
  quantity: number,
): Promise<{ costCents: number; unitsWithoutCost: number }> {
  const lots = await em.execute<{ id: string; quantity_remaining: number; unit_cost_cents: number }[]>(
    `SELECT id, quantity_remaining, unit_cost_cents FROM cost_lots
      WHERE business_id = ? AND variant_id = ? AND quantity_remaining > 0
      ORDER BY acquired_at, id
      FOR UPDATE`,
    [businessId, variantId],
  );
  let left = quantity;
  let costCents = 0;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(left, lot.quantity_remaining);
    await em.execute('UPDATE cost_lots SET quantity_remaining = quantity_remaining - ? WHERE id = ?', [take, lot.id]);
    await em.execute(
      'INSERT INTO lot_consumptions (id, business_id, lot_id, movement_id, quantity, unit_cost_cents) VALUES (?, ?, ?, ?, ?, ?)',
      [newId(), businessId, lot.id, movementId, take, lot.unit_cost_cents],
    );
    costCents += take * lot.unit_cost_cents;
    left -= take;
  }
  return { costCents, unitsWithoutCost: left };
}

/** Per variant and location: the level beside the sum of the movements. They must always match. */
export async function reconcile(em: EntityManager, businessId: string, variantId?: string) {
  return em.execute<
    {
      variant_id: string;
      location_id: string;
      on_hand: number;
      reserved: number;
      committed: number;
      l_on_hand: number;
      l_reserved: number;
      l_committed: number;
    }[]
  >(
    `SELECT l.variant_id, l.location_id, l.on_hand, l.reserved, l.committed,
            coalesce(m.on_hand, 0)::int AS l_on_hand, coalesce(m.reserved, 0)::int AS l_reserved, coalesce(m.committed, 0)::int AS l_committed
       FROM stock_levels l
       LEFT JOIN (
         SELECT variant_id, location_id, sum(on_hand_delta) AS on_hand, sum(reserved_delta) AS reserved, sum(committed_delta) AS committed
           FROM stock_movements WHERE business_id = ? ${variantId ? 'AND variant_id = ?' : ''}
          GROUP BY variant_id, location_id
       ) m ON m.variant_id = l.variant_id AND m.location_id = l.location_id
      WHERE l.business_id = ? ${variantId ? 'AND l.variant_id = ?' : ''}
      ORDER BY l.variant_id, l.location_id`,
    variantId ? [businessId, variantId, businessId, variantId] : [businessId, businessId],
  );
}
