import type { EntityManager } from '@mikro-orm/postgresql';
import { derivePrice } from '@tradepost/shared/domain/pricing.ts';
import type { PriceRule, priceRuleInputSchema } from '@tradepost/shared/schemas/sales.ts';
import type { z } from 'zod';
import { newId } from '../../db/ids.ts';
import { emit } from '../../platform/domain-events.ts';
import { ensureChannels } from './channels.service.ts';

type Input = z.output<typeof priceRuleInputSchema>;

type RuleRow = {
  channel_id: string;
  kind: PriceRule['channel']['kind'];
  name: string;
  markup_percent: string | null;
  rounding: PriceRule['rounding'] | null;
  min_margin_percent: string | null;
  enabled: boolean | null;
  updated_at: Date | null;
};

/** Every channel with its rule; a channel without one sells at the base price (no markup, no rounding). */
export async function listPriceRules(em: EntityManager, businessId: string): Promise<PriceRule[]> {
  await ensureChannels(em, businessId);
  const rows = await em.execute<RuleRow[]>(
    `SELECT c.id AS channel_id, c.kind, c.name, r.markup_percent, r.rounding, r.min_margin_percent, r.enabled, r.updated_at
       FROM sales_channels c LEFT JOIN price_rules r ON r.channel_id = c.id
      WHERE c.business_id = ? ORDER BY c.created_at, c.kind`,
    [businessId],
  );
  return rows.map((row) => ({
    channel: { id: row.channel_id, kind: row.kind, name: row.name },
    markup_percent: Number(row.markup_percent ?? 0),
    rounding: row.rounding ?? 'none',
    min_margin_percent: row.min_margin_percent === null ? null : Number(row.min_margin_percent),
    enabled: row.enabled ?? false,
    updated_at: row.updated_at ? new Date(row.updated_at).toISOString() : null,
  }));
}

export async function savePriceRule(em: EntityManager, businessId: string, channelId: string, input: Input): Promise<PriceRule[]> {
  await em.execute(
    `INSERT INTO price_rules (id, business_id, channel_id, markup_percent, rounding, min_margin_percent, enabled)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (business_id, channel_id) DO UPDATE
       SET markup_percent = excluded.markup_percent, rounding = excluded.rounding, min_margin_percent = excluded.min_margin_percent,
           enabled = excluded.enabled, updated_at = now()`,
    [newId(), businessId, channelId, input.markup_percent, input.rounding, input.min_margin_percent, input.enabled],
  );
  await emit(em, businessId, 'price.changed', { channel_id: channelId });
  return listPriceRules(em, businessId);
}

/**
 * What a rule would do to real products before it is saved: the most recently changed priced
 * variants in stock, with base price, FIFO cost of the next unit, the channel price and its margin.
 */
export async function previewPriceRule(em: EntityManager, businessId: string, input: Input, limit = 12) {
  const rows = await em.execute<{ variant_id: string; title: string; size: string; base_price_cents: number; cost_cents: number | null }[]>(
    `SELECT v.id AS variant_id, p.title, v.size, coalesce(v.price_cents, p.retail_price_cents) AS base_price_cents,
            (SELECT unit_cost_cents FROM cost_lots c WHERE c.variant_id = v.id AND c.quantity_remaining > 0
              ORDER BY acquired_at, id LIMIT 1) AS cost_cents
       FROM variants v JOIN products p ON p.id = v.product_id
      WHERE v.business_id = ? AND p.status = 'active' AND coalesce(v.price_cents, p.retail_price_cents) IS NOT NULL
        AND EXISTS (SELECT 1 FROM stock_levels l WHERE l.variant_id = v.id AND l.on_hand > 0)
      ORDER BY p.updated_at DESC, v.size LIMIT ?`,
    [businessId, limit],
  );
  return {
    items: rows.map((row) => {
      const derived = derivePrice(row.base_price_cents, row.cost_cents, {
        markupPercent: input.markup_percent,
        rounding: input.rounding,
        minMarginPercent: input.min_margin_percent,
      });
      return {
        ...row,
        channel_price_cents: derived.priceCents,
        margin_percent: derived.marginPercent,
        raised_for_margin: derived.raisedForMargin,
      };
    }),
  };
}
