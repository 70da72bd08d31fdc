import type { EntityManager } from '@mikro-orm/postgresql';
import type { VariantSummary } from '@tradepost/shared/schemas/inventory.ts';

/** Who each variant is and where its stock sits, for screens that hold variant ids only. Unknown or foreign ids are left out. */
export async function variantSummaries(em: EntityManager, businessId: string, ids: string[]): Promise<VariantSummary[]> {
  return em.execute<VariantSummary[]>(
    `SELECT v.id AS variant_id, p.id AS product_id, p.title, v.size, p.size_format, v.sku,
            coalesce((SELECT array_agg(b.code ORDER BY b.code) FROM barcodes b WHERE b.variant_id = v.id), '{}') AS barcodes,
            coalesce(v.price_cents, p.retail_price_cents) AS price_cents,
            coalesce((SELECT json_agg(json_build_object('location_id', l.location_id, 'on_hand', l.on_hand,
                                                        'available', l.on_hand - l.reserved - l.committed) ORDER BY l.location_id)
                        FROM stock_levels l WHERE l.variant_id = v.id AND l.business_id = v.business_id), '[]') AS levels
       FROM variants v JOIN products p ON p.id = v.product_id
      WHERE v.business_id = ? AND v.id IN (${ids.map(() => '?').join(',')})
      ORDER BY p.title, v.size`,
    [businessId, ...ids],
  );
}
