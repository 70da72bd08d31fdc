// Written with zod/mini (./zod-mini.ts): the signed-in first screen reads these (the session's
// /auth/me, the trial banner, the version check). auth.ts re-exports them.
import { answerTimestampSchema as timestamp } from './common-answers.ts';
import { z } from './zod-mini.ts';

export const roles = ['owner', 'staff', 'fulfillment'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const businessSummarySchema = z.object({
  id: z.uuid(),
  business_name: z.string(),
  currency: z.string(),
  timezone: z.string(),
  shopify_enabled: z.boolean(),
  trial_ends_at: timestamp,
});
export type BusinessSummary = z.infer<typeof businessSummarySchema>;

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  username: z.string(),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  role: roleSchema,
  timezone: z.string(),
  demo_mode: z.boolean(),
  /** Decided on the server by e-mail only (spec §5, §6): ADMIN_EMAILS. */
  is_super_admin: z.boolean(),
  /** The one account that sees System Sales (SYSTEM_SALES_EMAIL); its menu hides several groups. */
  is_system_sales: z.boolean(),
  business: businessSummarySchema,
});
export type User = z.infer<typeof userSchema>;

export const trialStatusSchema = z.object({
  trial_days_remaining: z.number().check(z.int(), z.minimum(0)),
  trial_ends_at: timestamp,
  status: z.enum(['trialing', 'expired']),
});
export type TrialStatus = z.infer<typeof trialStatusSchema>;

export const versionManifestSchema = z.object({
  version: z.string(),
  build: z.string(),
  generatedAt: timestamp,
});
export type VersionManifest = z.infer<typeof versionManifestSchema>;
