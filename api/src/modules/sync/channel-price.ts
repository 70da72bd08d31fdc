import type { EntityManager } from '@mikro-orm/postgresql';
import { derivePrice, type Rounding } from '@tradepost/shared/domain/pricing.ts';
import type { PriceSource } from '@tradepost/shared/schemas/listings.ts';

type RuleRow = { channel_id: string; markup_percent: string; rounding: Rounding; min_margin_percent: string | null; enabled: boolean };
type BaseRow = { id: string; base_cents: number | null; cost_cents: number | null };

/** One size on one channel, with the overrides that may apply to it there. */
export type PriceTarget = {
  variantId: string;
  channelId: string;
  /** The size's own price on the listing; null when it has none (or it is being cleared). */
  sizeOverrideCents: number | null;
  /** The listing's price for all its sizes; null when it has none. */
  listingOverrideCents: number | null;
};

/** What a size sells at on a channel and why; both null when no price is known. */
export type ChannelPrice = { cents: number | null; source: PriceSource | null };

/**
 * The price each size sells at on a channel — the only place this order is written: the size's
 * own price on the listing, else the listing's override, else the channel's price rule (markup,
 * rounding, minimum margin over the next FIFO cost) applied to the variant's price (or the
 * product's retail price), else that base price. Answers one price per target, in order.
 */
export async function channelPrices(em: EntityManager, businessId: string, targets: PriceTarget[]): Promise<ChannelPrice[]> {
  const needBase = targets.filter((t) => t.sizeOverrideCents === null && t.listingOverrideCents === null);
  const rules = new Map<string, RuleRow>();
  const bases = new Map<string, BaseRow>();
  if (needBase.length > 0) {
    const rows = await em.execute<RuleRow[]>(
      `SELECT channel_id, markup_percent, rounding, min_margin_percent, enabled FROM price_rules
        WHERE business_id = ? AND channel_id = ANY(?::uuid[])`,
      [businessId, uuidArray(needBase.map((t) => t.channelId))],
    );
    for (const row of rows) rules.set(row.channel_id, row);
    const baseRows = await em.execute<BaseRow[]>(
      `SELECT v.id, coalesce(v.price_cents, p.retail_price_cents) AS base_cents,
              (SELECT unit_cost_cents FROM cost_lots c WHERE c.variant_id = v.id AND c.quantity_remaining > 0
                ORDER BY acquired_at, id LIMIT 1) AS cost_cents
         FROM variants v JOIN products p ON p.id = v.product_id
        WHERE v.business_id = ? AND v.id = ANY(?::uuid[])`,
      [businessId, uuidArray(needBase.map((t) => t.variantId))],
    );
    for (const row of baseRows) bases.set(row.id, row);
  }
  return targets.map((target): ChannelPrice => {
    if (target.sizeOverrideCents !== null) return { cents: target.sizeOverrideCents, source: 'size' };
    if (target.listingOverrideCents !== null) return { cents: target.listingOverrideCents, source: 'listing' };
    const base = bases.get(target.variantId);
    if (!base || base.base_cents === null) return { cents: null, source: null };
    const rule = rules.get(target.channelId);
    if (!rule?.enabled) return { cents: base.base_cents, source: 'product' };
    const derived = derivePrice(base.base_cents, base.cost_cents, {
      markupPercent: Number(rule.markup_percent),
      rounding: rule.rounding,
      minMarginPercent: rule.min_margin_percent === null ? null : Number(rule.min_margin_percent),
    });
    return { cents: derived.priceCents, source: 'rule' };
  });
}

const uuidArray = (ids: string[]) => `{${[...new Set(ids)].join(',')}}`;
