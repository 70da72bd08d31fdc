import { z } from 'zod';

export const updateBusinessBodySchema = z
  .object({
    business_name: z.string().trim().min(2, { error: 'Business name must be at least 2 characters' }).max(120),
    currency: z.string().regex(/^[A-Z]{3}$/, { error: 'Currency must be a three-letter ISO code such as USD' }),
    timezone: z.string().refine((tz) => tz === 'UTC' || Intl.supportedValuesOf('timeZone').includes(tz), { error: 'Unknown time zone' }),
    shopify_enabled: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateBusinessBody = z.infer<typeof updateBusinessBodySchema>;
