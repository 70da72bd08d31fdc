import { z } from 'zod';
import { businessParamsSchema, centsSchema, uuidSchema } from './common.ts';
import { listingConnectionSchema, listingStatuses, priceSources } from './listings.ts';

// A product's settings on each connected marketplace (issue #17, products/{id}/configure): the
// title it is listed under, which sizes go on the channel and at what price, and for eBay the
// category, condition and item specifics. Saved settings reach a live listing at once.

/**
 * The item conditions a listing can carry, as eBay's ConditionEnum names them (the adapter sends
 * NEW, NEW_OTHER, USED_EXCELLENT …). Which ones a category accepts is eBay's call.
 */
export const ebayConditions = ['new', 'new_other', 'used_excellent', 'used_very_good', 'used_good', 'used_acceptable'] as const;
export type EbayCondition = (typeof ebayConditions)[number];

/**
 * eBay's names and condition ids for them ("Item condition ID and name values", eBay's Selling
 * Integration Guide: https://developer.ebay.com/api-docs/sell/static/metadata/condition-id-values.html).
 */
export const ebayConditionNames: Record<EbayCondition, string> = {
  new: 'New (1000)',
  new_other: 'New other, see details (1500)',
  used_excellent: 'Used / Pre-owned (3000)',
  used_very_good: 'Very Good (4000)',
  used_good: 'Good (5000)',
  used_acceptable: 'Acceptable (6000)',
};

/**
 * eBay's limits on item specifics (Trading API ItemSpecificDetails: MaxCharactersPerName,
 * MaxCharactersPerValue, MaxItemSpecificsPerItem, MaxValuesPerName on the US site).
 */
export const EBAY_ASPECT_LIMITS = { nameLength: 65, valueLength: 65, aspects: 45, values: 30 } as const;
/** eBay cuts titles at 80 characters; other marketplaces take the catalog's 255. */
export const EBAY_TITLE_LENGTH = 80;
export const TITLE_LENGTH = 255;

export const itemSpecificSchema = z.object({
  name: z
    .string({ error: 'Name must be text' })
    .trim()
    .min(1, { error: 'Name the item specific' })
    .max(EBAY_ASPECT_LIMITS.nameLength, { error: `Names are at most ${EBAY_ASPECT_LIMITS.nameLength} characters on eBay` }),
  values: z
    .array(
      z
        .string({ error: 'Value must be text' })
        .trim()
        .min(1, { error: 'A value may not be blank' })
        .max(EBAY_ASPECT_LIMITS.valueLength, { error: `Values are at most ${EBAY_ASPECT_LIMITS.valueLength} characters on eBay` }),
      { error: 'Values must be a list' },
    )
    .min(1, { error: 'Give at least one value' })
    .max(EBAY_ASPECT_LIMITS.values, { error: `At most ${EBAY_ASPECT_LIMITS.values} values per item specific on eBay` }),
});
export type ItemSpecific = z.infer<typeof itemSpecificSchema>;

export const channelSizeSettingSchema = z.object({
  variant_id: uuidSchema,
  size: z.string(),
  sku: z.string(),
  /** The seller wants this size on the channel (a size on the live listing always is). */
  listed: z.boolean(),
  /** The size is on the channel's listing now. */
  on_listing: z.boolean(),
  /** This size's own price on the channel; null: the default below. */
  price_override_cents: z.number().int().nullable(),
  /** What it sells at without its own price: the listing's price, the channel's rule or the catalog price. */
  default_price_cents: z.number().int().nullable(),
  default_price_source: z.enum(priceSources).nullable(),
});
export type ChannelSizeSetting = z.infer<typeof channelSizeSettingSchema>;

export const channelSettingsSchema = z.object({
  connection: listingConnectionSchema,
  /** The product's listing on this channel, if it was ever listed there. */
  listing: z
    .object({
      id: uuidSchema,
      status: z.enum(listingStatuses),
      last_error: z.string().nullable(),
      external_url: z.string().nullable(),
    })
    .nullable(),
  /** The listing's own title; null: the default title. */
  title: z.string().nullable(),
  default_title: z.string(),
  sizes: z.array(channelSizeSettingSchema),
  /** eBay's own settings; null on other marketplaces. */
  ebay: z
    .object({
      /** eBay leaf category id; null: the default (the channel's, else the product category's). */
      category_id: z.string().nullable(),
      default_category_id: z.string().nullable(),
      /** null: from the product's condition and grade. */
      condition: z.enum(ebayConditions).nullable(),
      default_condition: z.enum(ebayConditions),
      aspects: z.array(itemSpecificSchema),
    })
    .nullable(),
});
export type ChannelSettings = z.infer<typeof channelSettingsSchema>;

/** A save's answer: the channel as saved, and the marketplace's refusal of the listing's update, if any. */
export const channelSettingsSavedSchema = channelSettingsSchema.extend({
  /** Why the live listing could not be updated with the saved settings (kept on the listing too); null: it was, or needed no update. */
  update_error: z.string().nullable(),
});
export type ChannelSettingsSaved = z.infer<typeof channelSettingsSavedSchema>;

export const productChannelSettingsSchema = z.object({ channels: z.array(channelSettingsSchema) });
export type ProductChannelSettings = z.infer<typeof productChannelSettingsSchema>;

export const productChannelSettingsParamsSchema = businessParamsSchema.extend({ productId: uuidSchema });
export const channelSettingsParamsSchema = productChannelSettingsParamsSchema.extend({ connectionId: uuidSchema });

/** Blank text is "no own value": null. */
const blankToNull = (value: string | null) => (value === '' ? null : value);

export const saveChannelSettingsBodySchema = z.strictObject({
  /** null or blank: the default title. */
  title: z
    .string({ error: 'Title must be text' })
    .trim()
    .max(TITLE_LENGTH, { error: `Titles are at most ${TITLE_LENGTH} characters` })
    .nullable()
    .transform(blankToNull),
  /** The sizes named change; sizes left out keep their settings. */
  sizes: z
    .array(
      z.strictObject({
        variant_id: uuidSchema,
        listed: z.boolean({ error: 'Listed must be true or false' }),
        /** null: the default price. */
        price_cents: centsSchema('Price', { min: 1 }).nullable(),
      }),
      { error: 'Sizes must be a list' },
    )
    .max(200, { error: 'At most 200 sizes at once' })
    .default([]),
  /** Only for an eBay channel. */
  ebay: z
    .strictObject({
      category_id: z
        .string({ error: 'Category must be text' })
        .trim()
        .regex(/^([0-9]{1,10})?$/, { error: "The category is eBay's category number, e.g. 15709" })
        .nullable()
        .transform(blankToNull),
      condition: z.enum(ebayConditions, { error: `Condition must be one of ${ebayConditions.join(', ')}` }).nullable(),
      aspects: z
        .array(itemSpecificSchema, { error: 'Item specifics must be a list' })
        .max(EBAY_ASPECT_LIMITS.aspects, { error: `At most ${EBAY_ASPECT_LIMITS.aspects} item specifics on eBay` }),
    })
    .optional(),
});
export type SaveChannelSettingsBody = z.input<typeof saveChannelSettingsBodySchema>;
export type SaveChannelSettingsInput = z.output<typeof saveChannelSettingsBodySchema>;
