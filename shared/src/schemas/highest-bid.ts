import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';
import { payoutOptionsBodySchema, payoutOptionsSchema } from './payouts.ts';

// The highest-bid report (issue #18, quick actions `#highest-bid`): what to pay a seller per size so
// the resale keeps the business's target margin, from our own sales history and prices. Market
// prices have no source yet: the field is there, always null, so the screens can say so.

/** The target margin a business starts with, until it saves its own. */
export const DEFAULT_TARGET_MARGIN_PERCENT = 30;
/** A margin above this would offer next to nothing; 0 means paying what we expect to sell at. */
export const MAX_TARGET_MARGIN_PERCENT = 90;

const marginPercentSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number of percent` })
    .min(0, { error: `${label} must be between 0 and ${MAX_TARGET_MARGIN_PERCENT}%` })
    .max(MAX_TARGET_MARGIN_PERCENT, { error: `${label} must be between 0 and ${MAX_TARGET_MARGIN_PERCENT}%` });

/** GET /purchasing/settings (defaults when none are saved): the target margin and the payout options; PUT answers the same. */
export const purchasingSettingsSchema = z.object({ target_margin_percent: z.number().int(), ...payoutOptionsSchema.shape });
export type PurchasingSettings = z.infer<typeof purchasingSettingsSchema>;

/**
 * PUT /purchasing/settings: any of the fields; those left out keep their value. The default payout
 * method must be one of the offered methods (400 field `default_payout_method` otherwise, checked
 * against the saved methods when only one of the two is sent).
 */
export const purchasingSettingsBodySchema = z.object({
  target_margin_percent: marginPercentSchema('Target margin').optional(),
  ...payoutOptionsBodySchema.shape,
});
export type PurchasingSettingsBody = z.input<typeof purchasingSettingsBodySchema>;

/** GET /reports/highest-bid: the filter (the CSV takes the same without offset and limit). */
export const highestBidQuerySchema = z.object({
  /** Product title, style code or SKU. */
  q: z.string().trim().max(120).optional(),
  brand: z.string().trim().max(120).optional(),
  /** A margin to try instead of the saved target, in whole percent. */
  /** Only these sizes (comma-separated ids, at most 200): the in-store purchase's guidance for the sizes on the counter. */
  variant_ids: z
    .string()
    .trim()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(
      z
        .array(z.uuid({ error: 'Each variant id must be a UUID' }))
        .max(200, { error: 'At most 200 sizes at once' })
        .optional(),
    ),
  margin: z.coerce
    .number({ error: 'Margin must be a number' })
    .int({ error: 'Margin must be a whole number of percent' })
    .min(0, { error: `Margin must be between 0 and ${MAX_TARGET_MARGIN_PERCENT}%` })
    .max(MAX_TARGET_MARGIN_PERCENT, { error: `Margin must be between 0 and ${MAX_TARGET_MARGIN_PERCENT}%` })
    .optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type HighestBidQuery = z.input<typeof highestBidQuerySchema>;

/** What the bid starts from: the average of the size's last sales, else its current price. */
export const highestBidBasisSchema = z.enum(['recent_sales', 'our_price']);
export type HighestBidBasis = z.infer<typeof highestBidBasisSchema>;
/** The basis as the panel and the CSV say it. */
export const highestBidBasisLabels: Readonly<Record<HighestBidBasis, string>> = {
  recent_sales: 'recent sales',
  our_price: 'our price',
};

/** How many of a size's latest sales the expected price averages. */
export const RECENT_SALES_AVERAGED = 5;
/** The window of `sales_90d`, in days. */
export const RECENT_SALES_DAYS = 90;

export const highestBidRowSchema = z.object({
  variant_id: uuidSchema,
  product_id: uuidSchema,
  product_title: z.string(),
  brand: z.string().nullable(),
  style_code: z.string().nullable(),
  sku: z.string(),
  /** The size as stored, and as people read it ("US M 10"). */
  size: z.string(),
  size_label: z.string(),
  /** Units on hand over every location. */
  on_hand: z.number().int(),
  /** The size's own price, else the product's retail price; null when neither is set. */
  price_cents: z.number().int().nullable(),
  /** The unit price of the size's latest sale that was not cancelled. */
  last_sale_cents: z.number().int().nullable(),
  last_sold_at: timestampSchema.nullable(),
  /** The average unit price of the size's last (up to) five sales, in whole cents. */
  recent_average_cents: z.number().int().nullable(),
  /** How many sales that average is over (0–5). */
  recent_sales_count: z.number().int(),
  /** Units sold in the last 90 days (cancelled units left out). */
  sales_90d: z.number().int(),
  /** No market data source yet: always null. */
  market_price_cents: z.null(),
  /** What to pay at most: the expected price × (1 − margin), rounded down to the dollar; null with no price and no sales. */
  highest_bid_cents: z.number().int().nullable(),
  basis: highestBidBasisSchema.nullable(),
});
export type HighestBidRow = z.infer<typeof highestBidRowSchema>;

export const highestBidReportSchema = z.object({
  items: z.array(highestBidRowSchema),
  /** Sizes matching the filter (rows over every page). */
  total: z.number().int(),
  /** The margin the bids keep: the query's, else the saved target. */
  margin_percent: z.number().int(),
  target_margin_percent: z.number().int(),
});
export type HighestBidReport = z.infer<typeof highestBidReportSchema>;

/** The CSV's header row (`GET /reports/highest-bid.csv`), one line per size as the report's rows. */
export const HIGHEST_BID_CSV_HEADER = [
  'product',
  'style_code',
  'size',
  'sku',
  'on_hand',
  'price_cents',
  'last_sale_cents',
  'recent_average_cents',
  'sales_90d',
  'market_price_cents',
  'highest_bid_cents',
  'basis',
  'margin_percent',
] as const;
