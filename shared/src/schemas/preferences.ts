import { z } from 'zod';

export const themeChoiceSchema = z.enum(['light', 'dark']);
export type ThemeChoice = z.infer<typeof themeChoiceSchema>;

/** Stored per user; fontScale and densityScale limits are spec §5. */
export const uiPreferencesSchema = z.object({
  fontScale: z.number().min(0.7, { error: 'fontScale must be at least 0.7' }).max(1.3, { error: 'fontScale must be at most 1.3' }),
  densityScale: z.number().min(0.5, { error: 'densityScale must be at least 0.5' }).max(1.3, { error: 'densityScale must be at most 1.3' }),
  theme: themeChoiceSchema.nullable(),
});
export type UiPreferences = z.infer<typeof uiPreferencesSchema>;

export const viewKeyParamsSchema = z.object({
  viewKey: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9][a-z0-9._-]*$/, { error: 'viewKey may contain lowercase letters, numbers, dots, dashes and underscores' }),
});

/** Free-form settings of one view (columns, filters, sort); kept small. */
export const viewPreferencesSchema = z.record(z.string(), z.json()).refine((v) => JSON.stringify(v).length <= 20_000, {
  error: 'View preferences must be under 20,000 characters',
});

export const preferencesSchema = z.object({
  ui: uiPreferencesSchema,
  views: z.record(z.string(), z.record(z.string(), z.json())),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const updateUiPreferencesBodySchema = uiPreferencesSchema.partial().strict();
