import type { EntityManager } from '@mikro-orm/postgresql';
import { shownSizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import type { LabelVariant } from '@tradepost/shared/schemas/catalog-io.ts';
import { sql } from 'kysely';
import { tenantDb } from '../../db/tenant-db.ts';
import { NotFound } from '../../errors.ts';
import { chooseSymbology, type LabelContent } from './label-layout.ts';

export type LabelVariantData = LabelVariant & { content: LabelContent };

/** Price as printed on a shelf label: '$129.99', '€89.00', '¥12,800'. */
export function labelPrice(cents: number | null, currency: string): string | null {
  if (cents === null) return null;
  try {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(cents / 10 ** digits);
  } catch {
    return (cents / 100).toFixed(2);
  }
}

/** The variants to print, with what goes on their labels. Any id that is not this business's → 404. */
export async function loadLabelVariants(
  em: EntityManager,
  businessId: string,
  currency: string,
  ids: readonly string[],
): Promise<LabelVariantData[]> {
  const unique = [...new Set(ids)];
  const rows = await tenantDb(em, businessId)
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .where('v.id', 'in', unique)
    .select((eb) => {
      const barcodes = eb
        .selectFrom('barcodes as b')
        .whereRef('b.variant_id', '=', 'v.id')
        .select(sql<string[] | null>`array_agg(b.code ORDER BY b.code)`.as('codes'));
      const onHand = eb.selectFrom('stock_levels as l').whereRef('l.variant_id', '=', 'v.id').select(sql`sum(l.on_hand)`.as('units'));
      return [
        'v.id',
        'v.size',
        'v.sku',
        'v.price_cents',
        'p.title',
        'p.size_format',
        'p.retail_price_cents',
        barcodes.as('barcodes'),
        sql<number>`coalesce(${onHand}, 0)::int`.as('on_hand'),
      ];
    })
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = unique.find((id) => !byId.has(id));
  if (missing !== undefined) throw new NotFound(`Variant ${missing} not found`);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (row === undefined) return [];
    const barcodes = row.barcodes ?? [];
    const priceCents = row.price_cents ?? row.retail_price_cents;
    const shownSize = shownSizeLabel(row.size_format, row.size);
    const symbology = chooseSymbology(barcodes, row.sku);
    return {
      variant_id: row.id,
      title: row.title,
      size: row.size,
      size_label: shownSize,
      sku: row.sku,
      barcode: symbology.text,
      price_cents: priceCents,
      on_hand: row.on_hand,
      content: { title: row.title, sizeLabel: shownSize, sku: row.sku, price: labelPrice(priceCents, currency), barcodes },
    };
  });
}
