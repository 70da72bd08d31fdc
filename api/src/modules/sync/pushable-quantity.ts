import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { tenantDb } from '../../db/tenant-db.ts';

export type PushableInput = {
  /** Available (on hand − reserved − committed) at the locations the channel sells from. */
  available: number;
  /** Units held back: the listing's buffer, else the channel's. */
  buffer: number;
  /** At most this many are offered; null: no cap. */
  cap: number | null;
};

/**
 * What a marketplace may offer of one size: the available stock less the buffer, never more than
 * the cap, never below zero (zero takes the size off sale).
 */
export function pushableQuantity({ available, buffer, cap }: PushableInput): number {
  const afterBuffer = available - Math.max(0, buffer);
  return Math.max(0, Math.min(cap ?? Number.POSITIVE_INFINITY, afterBuffer));
}

/** A connection's location_ids setting as a list; empty means every location. */
export function sellingLocations(settings: { location_ids?: string[] | null } | null | undefined): string[] {
  return Array.isArray(settings?.location_ids) ? settings.location_ids.filter((id) => typeof id === 'string') : [];
}

/**
 * Available units per variant at the given locations (all locations when the list is empty).
 * Variants without a level answer 0.
 */
export async function availableAt(
  em: EntityManager,
  businessId: string,
  variantIds: string[],
  locationIds: string[],
): Promise<Map<string, number>> {
  const result = new Map<string, number>(variantIds.map((id) => [id, 0]));
  if (variantIds.length === 0) return result;
  const rows = await tenantDb(em, businessId)
    .selectFrom('stock_levels')
    .where('variant_id', 'in', variantIds)
    .$if(locationIds.length > 0, (query) => query.where('location_id', 'in', locationIds))
    .groupBy('variant_id')
    .select(['variant_id', sql<number>`coalesce(sum(on_hand - reserved - committed), 0)::int`.as('available')])
    .execute();
  for (const row of rows) result.set(row.variant_id, row.available);
  return result;
}
