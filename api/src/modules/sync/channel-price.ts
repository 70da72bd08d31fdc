import type { EntityManager } from '@mikro-orm/postgresql';
import { derivePrice, type Rounding } from '@tradepost/shared/domain/pricing.ts';

type RuleRow = { markup_percent: string; rounding: Rounding; min_margin_percent: string | null; enabled: boolean };

/**
 * The price each variant sells at on a channel: the listing's override when set, else the
 * channel's price rule (markup, rounding, minimum margin over the next FIFO cost) applied to the
 * variant's price (or the product's retail price), else that base price. Null: no price known.
 */
export async function channelPrices(
  em: EntityManager,
  input: { businessId: string; channelId: string; overrideCents: number | null; variantIds: string[] },
): Promise<Map<string, number | null>> {
  const prices = new Map<string, number | null>();
  if (input.variantIds.length === 0) return prices;
  if (input.overrideCents !== null) {
    for (const id of input.variantIds) prices.set(id, input.overrideCents);
    return prices;
  }
  const [rule] = await em.execute<RuleRow[]>(
    'SELECT markup_percent, rounding, min_margin_percent, enabled FROM price_rules WHERE business_id = ? AND channel_id = ?',
    [input.businessId, input.channelId],
  );
  const rows = await em.execute<{ id: string; base_cents: number | null; cost_cents: number | null }[]>(
    `SELECT v.id, coalesce(v.price_cents, p.retail_price_cents) AS base_cents,
            (SELECT unit_cost_cents FROM cost_lots c WHERE c.variant_id = v.id AND c.quantity_remaining > 0
              ORDER BY acquired_at, id LIMIT 1) AS cost_cents
       FROM variants v JOIN products p ON p.id = v.product_id
      WHERE v.business_id = ? AND v.id = ANY(?::uuid[])`,
    [input.businessId, `{${input.variantIds.join(',')}}`],
  );
  for (const row of rows) {
    if (row.base_cents === null) {
      prices.set(row.id, null);
      continue;
    }
    prices.set(
      row.id,
      rule?.enabled
        ? derivePrice(row.base_cents, row.cost_cents, {
            markupPercent: Number(rule.markup_percent),
            rounding: rule.rounding,
            minMarginPercent: rule.min_margin_percent === null ? null : Number(rule.min_margin_percent),
          }).priceCents
        : row.base_cents,
    );
  }
  return prices;
}
