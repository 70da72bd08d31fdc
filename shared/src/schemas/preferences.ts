// Written with zod/mini (./zod-mini.ts): the signed-in first screen reads the stored preferences.
import { z } from './zod-mini.ts';

export const themeChoiceSchema = z.enum(['light', 'dark']);
export type ThemeChoice = z.infer<typeof themeChoiceSchema>;

/** Stored per user; fontScale and densityScale limits are spec §5. */
export const uiPreferencesSchema = z.object({
  fontScale: z
    .number()
    .check(z.minimum(0.7, { error: 'fontScale must be at least 0.7' }), z.maximum(1.3, { error: 'fontScale must be at most 1.3' })),
  densityScale: z
    .number()
    .check(z.minimum(0.5, { error: 'densityScale must be at least 0.5' }), z.maximum(1.3, { error: 'densityScale must be at most 1.3' })),
  theme: z.nullable(themeChoiceSchema),
});
export type UiPreferences = z.infer<typeof uiPreferencesSchema>;

export const viewKeyParamsSchema = z.object({
  viewKey: z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(100),
      z.regex(/^[a-z0-9][a-z0-9._-]*$/, { error: 'viewKey may contain lowercase letters, numbers, dots, dashes and underscores' }),
    ),
});

/** Free-form settings of one view (columns, filters, sort); kept small. */
export const viewPreferencesSchema = z
  .record(z.string(), z.json())
  .check(z.refine((v) => JSON.stringify(v).length <= 20_000, { error: 'View preferences must be under 20,000 characters' }));

export const preferencesSchema = z.object({
  ui: uiPreferencesSchema,
  views: z.record(z.string(), z.record(z.string(), z.json())),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const updateUiPreferencesBodySchema = z.strictObject(z.partial(uiPreferencesSchema).shape);
