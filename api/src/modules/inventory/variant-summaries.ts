import type { EntityManager } from '@mikro-orm/postgresql';
import type { VariantSummary } from '@tradepost/shared/schemas/inventory.ts';
import { sql } from 'kysely';
import { tenantDb } from '../../db/tenant-db.ts';

/** Who each variant is and where its stock sits, for screens that hold variant ids only. Unknown or foreign ids are left out. */
export async function variantSummaries(em: EntityManager, businessId: string, ids: string[]): Promise<VariantSummary[]> {
  if (ids.length === 0) return [];
  return tenantDb(em, businessId)
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select((eb) => {
      const barcodes = eb
        .selectFrom('barcodes as b')
        .whereRef('b.variant_id', '=', 'v.id')
        .select(sql`array_agg(b.code ORDER BY b.code)`.as('codes'));
      const levels = eb
        .selectFrom('stock_levels as l')
        .whereRef('l.variant_id', '=', 'v.id')
        .select(
          sql`json_agg(json_build_object('location_id', l.location_id, 'on_hand', l.on_hand,
                                         'available', l.on_hand - l.reserved - l.committed) ORDER BY l.location_id)`.as('levels'),
        );
      return [
        'v.id as variant_id',
        'p.id as product_id',
        'p.title',
        'v.size',
        'p.size_format',
        'v.sku',
        sql<string[]>`coalesce(${barcodes}, '{}')`.as('barcodes'),
        eb.fn.coalesce('v.price_cents', 'p.retail_price_cents').as('price_cents'),
        sql<VariantSummary['levels']>`coalesce(${levels}, '[]')`.as('levels'),
      ];
    })
    .where('v.id', 'in', ids)
    .orderBy('p.title')
    .orderBy('v.size')
    .execute();
}
