import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { tenantDb } from '../../db/tenant-db.ts';

export type AllocationRequest = { variantId: string; quantity: number; label: string };
export type Allocation = { line: number; locationId: string; quantity: number };

export type AllocationFailureCode = 'no_stock' | 'split_not_allowed';

/** An order the pick rules cannot fill; imports turn it into a failed order, direct sales into a 409. */
export class AllocationFailure extends Error {
  readonly code: AllocationFailureCode;
  /** The order line (index) that could not be filled, when one line is to blame. */
  readonly line: number | null;
  readonly available: number;

  constructor(code: AllocationFailureCode, message: string, line: number | null, available: number) {
    super(message);
    this.code = code;
    this.line = line;
    this.available = available;
  }
}

export type PickPlan = { locationIds: string[]; strategy: 'priority' | 'most_available'; allowSplit: boolean };

/**
 * The first enabled pick rule (by position) for the channel or for every channel decides where an
 * order is picked. Without rules: the default location first, then the others by name, splitting allowed.
 */
export async function pickPlan(em: EntityManager, businessId: string, channelId: string): Promise<PickPlan> {
  const db = tenantDb(em, businessId);
  const rule = await db
    .selectFrom('pick_rules')
    // uuid[] arrives as text unless cast: pg parses text[] into an array.
    .select([sql<string[]>`location_ids::text[]`.as('location_ids'), 'strategy', 'allow_split'])
    .where('enabled', '=', true)
    .where((eb) => eb.or([eb('channel_id', 'is', null), eb('channel_id', '=', channelId)]))
    .orderBy('position')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  const locations = await db
    .selectFrom('locations')
    .select('id')
    .where('archived_at', 'is', null)
    .orderBy('is_default', 'desc')
    .orderBy(sql`lower(name)`)
    .execute();
  const active = new Set(locations.map((l) => l.id));
  if (!rule) return { locationIds: locations.map((l) => l.id), strategy: 'priority', allowSplit: true };
  return {
    locationIds: rule.location_ids.filter((id) => active.has(id)),
    strategy: rule.strategy as PickPlan['strategy'],
    allowSplit: rule.allow_split,
  };
}

/**
 * Locks the stock levels the order could draw on (sorted like postMovements, so no deadlock) and
 * reads what is available. Inside the caller's transaction: the answer holds until it commits.
 */
export async function lockAvailability(
  em: EntityManager,
  businessId: string,
  variantIds: string[],
  locationIds: string[],
): Promise<Map<string, number>> {
  const available = new Map<string, number>();
  const variants = [...new Set(variantIds)];
  if (!variants.length || !locationIds.length) return available;
  const rows = await tenantDb(em, businessId)
    .selectFrom('stock_levels')
    .select(['variant_id', 'location_id', sql<number>`on_hand - reserved - committed`.as('available')])
    .where('variant_id', 'in', variants)
    .where('location_id', 'in', locationIds)
    .orderBy('variant_id')
    .orderBy('location_id')
    .forUpdate()
    .execute();
  for (const row of rows) available.set(`${row.variant_id}:${row.location_id}`, row.available);
  return available;
}

/**
 * Decides which location fills each order line, given what is available. Pure: the caller locks and
 * reads availability first. Lines may split across locations only when the plan allows it;
 * otherwise the whole order must come from one location.
 */
export function allocate(plan: PickPlan, lines: AllocationRequest[], available: Map<string, number>): Allocation[] {
  const left = new Map(available);
  const at = (variantId: string, locationId: string) => left.get(`${variantId}:${locationId}`) ?? 0;
  const totalFor = (variantId: string) => plan.locationIds.reduce((sum, id) => sum + at(variantId, id), 0);
  const ordered = (variantId: string) =>
    plan.strategy === 'most_available' ? [...plan.locationIds].sort((a, b) => at(variantId, b) - at(variantId, a)) : plan.locationIds;

  // Units wanted per variant (a variant may appear on several lines).
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.variantId, (wanted.get(line.variantId) ?? 0) + line.quantity);
  for (const [index, line] of lines.entries()) {
    const total = totalFor(line.variantId);
    if (total < (wanted.get(line.variantId) ?? 0)) {
      throw new AllocationFailure('no_stock', `${line.label}: ${total} available, ${wanted.get(line.variantId)} ordered`, index, total);
    }
  }

  if (!plan.allowSplit) {
    const byLocation =
      plan.strategy === 'most_available'
        ? [...plan.locationIds].sort(
            (a, b) => lines.reduce((s, l) => s + at(l.variantId, b), 0) - lines.reduce((s, l) => s + at(l.variantId, a), 0),
          )
        : plan.locationIds;
    const whole = byLocation.find((locationId) => [...wanted].every(([variantId, quantity]) => at(variantId, locationId) >= quantity));
    if (!whole) {
      throw new AllocationFailure(
        'split_not_allowed',
        'No single location has the whole order and the pick rule does not allow splitting',
        null,
        0,
      );
    }
    return lines.map((line, index) => ({ line: index, locationId: whole, quantity: line.quantity }));
  }

  const allocations: Allocation[] = [];
  for (const [index, line] of lines.entries()) {
    let need = line.quantity;
    for (const locationId of ordered(line.variantId)) {
      if (need === 0) break;
      const take = Math.min(need, at(line.variantId, locationId));
      if (take <= 0) continue;
      allocations.push({ line: index, locationId, quantity: take });
      left.set(`${line.variantId}:${locationId}`, at(line.variantId, locationId) - take);
      need -= take;
    }
  }
  return allocations;
}
