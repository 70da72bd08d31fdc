import type { EntityManager } from '@mikro-orm/postgresql';
import { derivePrice } from '@tradepost/shared/domain/pricing.ts';
import type { PriceRule, priceRuleInputSchema } from '@tradepost/shared/schemas/sales.ts';
import { sql } from 'kysely';
import type { z } from 'zod';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { emit } from '../../platform/domain-events.ts';
import { ensureChannels } from './channels.service.ts';

type Input = z.output<typeof priceRuleInputSchema>;

/** Every channel with its rule; a channel without one sells at the base price (no markup, no rounding). */
export async function listPriceRules(em: EntityManager, businessId: string): Promise<PriceRule[]> {
  await ensureChannels(em, businessId);
  const rows = await tenantDb(em, businessId)
    .selectFrom('sales_channels as c')
    .leftJoin('price_rules as r', 'r.channel_id', 'c.id')
    .select([
      'c.id as channel_id',
      'c.kind',
      'c.name',
      'r.markup_percent',
      'r.rounding',
      'r.min_margin_percent',
      'r.enabled',
      'r.updated_at',
    ])
    .orderBy('c.created_at')
    .orderBy('c.kind')
    .$narrowType<{ kind: PriceRule['channel']['kind']; rounding: PriceRule['rounding'] | null }>()
    .execute();
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
  await tenantDb(em, businessId)
    .insertInto('price_rules')
    // numeric columns take text, which is what pg sends for a number anyway.
    .values({
      id: newId(),
      channel_id: channelId,
      markup_percent: String(input.markup_percent),
      rounding: input.rounding,
      min_margin_percent: input.min_margin_percent === null ? null : String(input.min_margin_percent),
      enabled: input.enabled,
    })
    .onConflict((conflict) =>
      conflict.columns(['business_id', 'channel_id']).doUpdateSet((eb) => ({
        markup_percent: eb.ref('excluded.markup_percent'),
        rounding: eb.ref('excluded.rounding'),
        min_margin_percent: eb.ref('excluded.min_margin_percent'),
        enabled: eb.ref('excluded.enabled'),
        updated_at: sql<string>`now()`,
      })),
    )
    .execute();
  await emit(em, businessId, 'price.changed', { channel_id: channelId });
  return listPriceRules(em, businessId);
}

/**
 * What a rule would do to real products before it is saved: the most recently changed priced
 * variants in stock, with base price, FIFO cost of the next unit, the channel price and its margin.
 */
export async function previewPriceRule(em: EntityManager, businessId: string, input: Input, limit = 12) {
  const rows = await tenantDb(em, businessId)
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select((eb) => [
      'v.id as variant_id',
      'p.title',
      'v.size',
      eb.fn.coalesce('v.price_cents', 'p.retail_price_cents').as('base_price_cents'),
      eb
        .selectFrom('cost_lots as c')
        .select('c.unit_cost_cents')
        .whereRef('c.variant_id', '=', 'v.id')
        .where('c.quantity_remaining', '>', 0)
        .orderBy('c.acquired_at')
        .orderBy('c.id')
        .limit(1)
        .as('cost_cents'),
    ])
    .where('p.status', '=', 'active')
    .where((eb) => eb(eb.fn.coalesce('v.price_cents', 'p.retail_price_cents'), 'is not', null))
    .where((eb) =>
      eb.exists(
        eb.selectFrom('stock_levels as l').select(sql.lit(1).as('one')).whereRef('l.variant_id', '=', 'v.id').where('l.on_hand', '>', 0),
      ),
    )
    .orderBy('p.updated_at', 'desc')
    .orderBy('v.size')
    .limit(limit)
    .$narrowType<{ base_price_cents: number }>()
    .execute();
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
