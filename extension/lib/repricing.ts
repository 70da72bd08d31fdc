import { derivePrice, marginPercent, type PriceRule } from '@tradepost/shared/domain/pricing.ts';
import type { PriceRule as ChannelPriceRuleDto } from '@tradepost/shared/schemas/sales.ts';

/** The business's price rule for the marketplace on screen, as the repricing panel uses it. */
export type ChannelPriceRule = {
  channel_name: string;
  markup_percent: number;
  rounding: PriceRule['rounding'];
  min_margin_percent: number | null;
};

export function channelPriceRule(rule: ChannelPriceRuleDto): ChannelPriceRule {
  return {
    channel_name: rule.channel.name,
    markup_percent: rule.markup_percent,
    rounding: rule.rounding,
    min_margin_percent: rule.min_margin_percent,
  };
}

export type RepricingInput = {
  /** What the marketplace page asks. */
  page_price_cents: number | null;
  /** Our average cost of the units on hand. */
  cost_cents: number | null;
  /** Our own price for the size (or the product's retail price): what a channel price starts from. */
  base_price_cents: number | null;
  rule: ChannelPriceRule | null;
};

export type Repricing = {
  page_price_cents: number | null;
  cost_cents: number | null;
  /** Margin and profit at the page's price. */
  margin_percent: number | null;
  profit_cents: number | null;
  /** The lowest price that keeps the rule's minimum margin, or breaks even when the rule sets none. */
  floor_cents: number | null;
  floor_basis: 'min-margin' | 'cost' | null;
  below_floor: boolean;
  /** The channel price the business's rule gives (our own price when there is no rule). */
  suggested: { price_cents: number; margin_percent: number | null; raised_for_margin: boolean; basis: 'rule' | 'own-price' } | null;
};

const toDomainRule = (rule: ChannelPriceRule): PriceRule => ({
  markupPercent: rule.markup_percent,
  rounding: rule.rounding,
  minMarginPercent: rule.min_margin_percent,
});

/** Page price against our cost, floor and the rule's suggestion, all from the shared pricing rules. */
export function repricing({ page_price_cents, cost_cents, base_price_cents, rule }: RepricingInput): Repricing {
  const minMargin = rule?.min_margin_percent ?? null;
  let floor: number | null = null;
  let floorBasis: Repricing['floor_basis'] = null;
  if (cost_cents !== null && cost_cents > 0) {
    if (minMargin !== null) {
      // The rule's own floor: a zero price raised to the minimum margin, without markup or rounding.
      floor = derivePrice(0, cost_cents, { markupPercent: 0, rounding: 'none', minMarginPercent: minMargin }).priceCents;
      floorBasis = 'min-margin';
    } else {
      floor = cost_cents;
      floorBasis = 'cost';
    }
  }
  let suggested: Repricing['suggested'] = null;
  if (base_price_cents !== null && rule !== null) {
    const derived = derivePrice(base_price_cents, cost_cents, toDomainRule(rule));
    suggested = {
      price_cents: derived.priceCents,
      margin_percent: derived.marginPercent,
      raised_for_margin: derived.raisedForMargin,
      basis: 'rule',
    };
  } else if (base_price_cents !== null) {
    suggested = {
      price_cents: base_price_cents,
      margin_percent: marginPercent(base_price_cents, cost_cents),
      raised_for_margin: false,
      basis: 'own-price',
    };
  }
  return {
    page_price_cents,
    cost_cents,
    margin_percent: page_price_cents === null ? null : marginPercent(page_price_cents, cost_cents),
    profit_cents: page_price_cents === null || cost_cents === null ? null : page_price_cents - cost_cents,
    floor_cents: floor,
    floor_basis: floorBasis,
    below_floor: page_price_cents !== null && floor !== null && page_price_cents < floor,
    suggested,
  };
}
