import { z } from 'zod';
import { customSizeKey, isCustomSizeFormatId } from '../domain/sizes/resolved-size-format.ts';
import { canonicalSize, getSizeFormat, isSizeFormatId, sizeFormatIdSchema } from '../domain/sizes/size-formats.ts';
import { sizeRulePattern } from '../domain/sizes/size-rule.ts';
import { productCategories } from './catalog.ts';
import { timestampSchema, uuidSchema } from './common.ts';

/** A built-in id ('us-men') or a business's own ('custom:<uuid>'). */
export const anySizeFormatIdSchema = z
  .string()
  .trim()
  .max(60)
  .refine((id) => isSizeFormatId(id) || isCustomSizeFormatId(id), { error: 'Unknown size format' });

export const sizeFormatParamsSchema = z.object({ businessId: uuidSchema, formatId: anySizeFormatIdSchema });

const sizeValue = z
  .string({ error: 'Size is required' })
  .transform((size) => size.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, { error: 'Size is required' }).max(40, { error: 'Keep a size under 40 characters' }));

/**
 * One size of a custom run. `converts_to` is its equivalent in the conversion format; `previous` is
 * the size's stored spelling before an edit, so renaming keeps the products that use it.
 */
export const customSizeInputSchema = z.object({
  value: sizeValue,
  converts_to: z.string().trim().max(40).nullish(),
  previous: z.string().trim().max(40).optional(),
});

export const customSizeFormatBodySchema = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, { error: 'Name is required' })
      .max(60, { error: 'Keep the name under 60 characters' }),
    category: z.enum(productCategories, { error: 'Category must be sneakers, apparel, accessories, collectibles or other' }).nullish(),
    conversion_format: sizeFormatIdSchema.nullish(),
    sizes: z
      .array(customSizeInputSchema, { error: 'Add at least one size' })
      .min(1, { error: 'Add at least one size' })
      .max(200, { error: 'At most 200 sizes in a run' }),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Map<string, number>();
    body.sizes.forEach((size, i) => {
      const key = customSizeKey(size.value);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['sizes', i, 'value'], message: `Size ${size.value} is listed twice` });
      else seen.set(key, i);
      const target = size.converts_to?.trim();
      if (!target) return;
      if (!body.conversion_format) {
        ctx.addIssue({ code: 'custom', path: ['conversion_format'], message: 'Choose the size format the conversions are in' });
      } else if (canonicalSize(body.conversion_format, target) === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['sizes', i, 'converts_to'],
          message: `${target} is not in the ${getSizeFormat(body.conversion_format).name} size run`,
        });
      }
    });
    const previous = new Set<string>();
    body.sizes.forEach((size, i) => {
      if (size.previous === undefined) return;
      const key = customSizeKey(size.previous);
      if (previous.has(key))
        ctx.addIssue({ code: 'custom', path: ['sizes', i, 'previous'], message: `Size ${size.previous} is renamed twice` });
      previous.add(key);
    });
  });
export type CustomSizeFormatBody = z.input<typeof customSizeFormatBodySchema>;

export const sizeConversionSchema = z.object({
  format_id: z.string(),
  format_name: z.string(),
  /** Aligned with the format's sizes; null where a size has no equivalent. */
  values: z.array(z.string().nullable()),
});

export const sizeFormatSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_custom: z.boolean(),
  category: z.enum(productCategories).nullable(),
  sizes: z.array(z.string()),
  /** Display labels aligned with sizes ('US M 10.5'); custom sizes are their own label. */
  labels: z.array(z.string()),
  conversions: z.array(sizeConversionSchema),
  /** The custom run's conversion target (built-ins: null). */
  conversion_format: z.string().nullable(),
  products_count: z.number().int(),
  created_at: timestampSchema.nullable(),
  updated_at: timestampSchema.nullable(),
});
export type SizeFormatDto = z.infer<typeof sizeFormatSchema>;

export const sizeFormatListSchema = z.object({ built_in: z.array(sizeFormatSchema), custom: z.array(sizeFormatSchema) });
export type SizeFormatList = z.infer<typeof sizeFormatListSchema>;

/** Where a size string came from; the admin queue shows it so a person knows the marketplace's habits. */
export const sizeSources = ['ebay', 'shopify', 'stockx', 'goat', 'whatnot', 'csv_import', 'manual', 'extension'] as const;
export type SizeSource = (typeof sizeSources)[number];

export const normaliseSizeBodySchema = z
  .object({
    raw: z
      .string({ error: 'Size text is required' })
      .max(200, { error: 'Keep the size text under 200 characters' })
      .refine((raw) => raw.trim() !== '', { error: 'Size text is required' })
      // Lower case can be longer ("İ" is two units as "i̇"), and an unread string is queued in that form, at most 200.
      .refine((raw) => sizeRulePattern(raw).length <= 200, { error: 'Keep the size text under 200 characters' }),
    format_hint: anySizeFormatIdSchema.optional(),
    category: z.enum(productCategories).optional(),
    source: z.enum(sizeSources, { error: `Source must be one of ${sizeSources.join(', ')}` }),
  })
  .strict();
export type NormaliseSizeBody = z.input<typeof normaliseSizeBodySchema>;

export const sizeMatchSchema = z.object({
  format: z.string(),
  format_name: z.string(),
  size: z.string(),
  label: z.string(),
  via: z.enum(['built_in', 'custom', 'rule']),
  confidence: z.enum(['exact', 'converted']),
});
export type SizeMatchDto = z.infer<typeof sizeMatchSchema>;

export const normaliseSizeResultSchema = z.object({
  match: sizeMatchSchema.nullable(),
  /** True when the string went to (or was counted again in) the admin matching queue. */
  queued: z.boolean(),
});
export type NormaliseSizeResult = z.infer<typeof normaliseSizeResultSchema>;

// ——— admin: the matching queue and the rules it makes ———

export const sizeQueueStatuses = ['open', 'matched', 'dismissed'] as const;
export type SizeQueueStatus = (typeof sizeQueueStatuses)[number];

export const sizeQueueListQuerySchema = z.object({
  status: z.enum(sizeQueueStatuses).default('open'),
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const sizeSuggestionSchema = z.object({ format_id: z.string(), size: z.string(), label: z.string() });

export const sizeChoiceFormatSchema = z.object({
  id: z.string(),
  name: z.string(),
  sizes: z.array(z.string()),
  labels: z.array(z.string()),
  /** The business whose custom format this is; null for built-ins. A match into it makes a rule for that business only. */
  business: z.object({ id: uuidSchema, name: z.string() }).nullable(),
});
export type SizeChoiceFormat = z.infer<typeof sizeChoiceFormatSchema>;

export const sizeQueueEntrySchema = z.object({
  id: uuidSchema,
  raw: z.string(),
  pattern: z.string(),
  format_hint: z.string().nullable(),
  format_hint_name: z.string().nullable(),
  sources: z.array(z.string()),
  seen_count: z.number().int(),
  businesses: z.array(z.object({ id: uuidSchema, name: z.string() })),
  status: z.enum(sizeQueueStatuses),
  first_seen_at: timestampSchema,
  last_seen_at: timestampSchema,
  resolved_at: timestampSchema.nullable(),
  suggestions: z.array(sizeSuggestionSchema),
  /** Custom formats of the businesses that sent the string, besides the built-ins every entry can use. */
  custom_formats: z.array(sizeChoiceFormatSchema),
  rule: sizeSuggestionSchema.nullable(),
});
export type SizeQueueEntry = z.infer<typeof sizeQueueEntrySchema>;

export const sizeQueueListSchema = z.object({
  items: z.array(sizeQueueEntrySchema),
  total: z.number().int(),
  counts: z.record(z.enum(sizeQueueStatuses), z.number().int()),
  /** The built-in formats, for the picker. */
  built_in_formats: z.array(sizeChoiceFormatSchema),
});
export type SizeQueueList = z.infer<typeof sizeQueueListSchema>;

export const sizeQueueParamsSchema = z.object({ entryId: uuidSchema });

export const matchSizeBodySchema = z
  .object({
    format_id: anySizeFormatIdSchema,
    size: z.string({ error: 'Choose a size' }).trim().min(1, { error: 'Choose a size' }).max(40),
  })
  .strict();
export type MatchSizeBody = z.input<typeof matchSizeBodySchema>;

export const sizeRuleDtoSchema = z.object({
  id: uuidSchema,
  pattern: z.string(),
  format_id: z.string(),
  format_name: z.string(),
  size: z.string(),
  label: z.string(),
  business: z.object({ id: uuidSchema, name: z.string() }).nullable(),
  created_by: z.string().nullable(),
  created_at: timestampSchema,
});
export type SizeRuleDto = z.infer<typeof sizeRuleDtoSchema>;

export const matchSizeResultSchema = z.object({ rule: sizeRuleDtoSchema, matched_entries: z.number().int() });

export const sizeRuleListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const sizeRuleListSchema = z.object({ items: z.array(sizeRuleDtoSchema), total: z.number().int() });
export type SizeRuleList = z.infer<typeof sizeRuleListSchema>;
export const sizeRuleParamsSchema = z.object({ ruleId: uuidSchema });
