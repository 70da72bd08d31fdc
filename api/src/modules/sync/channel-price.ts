import type { EntityManager } from '@mikro-orm/postgresql';
import { derivePrice, type Rounding } from '@tradepost/shared/domain/pricing.ts';
import type { PriceSource } from '@tradepost/shared/schemas/listings.ts';
import { tenantDb } from '../../db/tenant-db.ts';

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
    for (const row of await priceRules(em, businessId, needBase)) rules.set(row.channel_id, row);
    for (const row of await basePrices(em, businessId, needBase)) bases.set(row.id, row);
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

type RuleRow = Awaited<ReturnType<typeof priceRules>>[number];
type BaseRow = Awaited<ReturnType<typeof basePrices>>[number];

/** The price rules of the targets' channels (numeric columns as PostgreSQL's text). */
function priceRules(em: EntityManager, businessId: string, targets: PriceTarget[]) {
  return (
    tenantDb(em, businessId)
      .selectFrom('price_rules')
      .where('channel_id', 'in', [...new Set(targets.map((t) => t.channelId))])
      .select(['channel_id', 'markup_percent', 'rounding', 'min_margin_percent', 'enabled'])
      // A CHECK constraint holds rounding to the Rounding values.
      .$narrowType<{ rounding: Rounding }>()
      .execute()
  );
}

/** Per variant: its price, else its product's retail price, and the unit cost of its next FIFO lot. */
function basePrices(em: EntityManager, businessId: string, targets: PriceTarget[]) {
  return tenantDb(em, businessId)
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .where('v.id', 'in', [...new Set(targets.map((t) => t.variantId))])
    .select((eb) => [
      'v.id',
      eb.fn.coalesce('v.price_cents', 'p.retail_price_cents').as('base_cents'),
      eb
        .selectFrom('cost_lots as c')
        .whereRef('c.variant_id', '=', 'v.id')
        .where('c.quantity_remaining', '>', 0)
        .orderBy('c.acquired_at')
        .orderBy('c.id')
        .limit(1)
        .select('c.unit_cost_cents')
        .as('cost_cents'),
    ])
    .execute();
}
