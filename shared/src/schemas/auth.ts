import { z } from 'zod';
import { userSchema } from './auth-answers.ts';
import { timestampSchema } from './common.ts';

export {
  type BusinessSummary,
  businessSummarySchema,
  type Role,
  roleSchema,
  roles,
  type TrialStatus,
  trialStatusSchema,
  type User,
  userSchema,
  type VersionManifest,
  versionManifestSchema,
} from './auth-answers.ts';

const email = z
  .email({ error: 'Enter a valid e-mail address' })
  .max(254)
  .transform((v) => v.trim().toLowerCase());

/**
 * Spec §5's letter rule behind its "not strong enough" wording, as the forms check it while the
 * user types. A new password must also not be guessable: domain/password-strength.ts, which the
 * server applies (its dictionaries are too large for the forms' bundle).
 */
export const strongPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(8, { error: 'Password must be at least 8 characters' })
  .max(200, { error: 'Password must be at most 200 characters' })
  .regex(/[a-z]/, { error: 'Password must contain a lowercase letter' })
  .regex(/[A-Z]/, { error: 'Password must contain an uppercase letter' })
  .regex(/[0-9]/, { error: 'Password must contain a number' });

export const loginBodySchema = z.object({
  email,
  password: z.string().min(1, { error: 'Password is required' }).max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResponseSchema = z.object({
  user: userSchema,
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_at: timestampSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

const timezone = z
  .string()
  .min(1)
  .max(64)
  .refine((tz) => Intl.supportedValuesOf('timeZone').includes(tz) || tz === 'UTC', {
    error: 'Unknown time zone',
  });

const name = z.string().trim().min(1, { error: 'Must not be empty' }).max(80);

export const registerBodySchema = z.object({
  email,
  password: strongPasswordSchema,
  business_name: z.string().trim().min(2, { error: 'Business name must be at least 2 characters' }).max(120),
  first_name: name.optional(),
  last_name: name.optional(),
  username: z
    .string()
    .trim()
    .min(3, { error: 'Username must be at least 3 characters' })
    .max(40)
    .regex(/^[a-zA-Z0-9._-]+$/, { error: 'Username may contain letters, numbers, dots, dashes and underscores' })
    .optional(),
  timezone: timezone.optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const registerResponseSchema = z.object({ message: z.string() });

export const updateMeBodySchema = z
  .object({
    first_name: name.nullable().optional(),
    last_name: name.nullable().optional(),
    username: registerBodySchema.shape.username,
    timezone: timezone.optional(),
  })
  .strict();
export type UpdateMeBody = z.input<typeof updateMeBodySchema>;

export const changePasswordBodySchema = z.object({
  current_password: z.string().min(1, { error: 'Current password is required' }).max(200),
  new_password: z.string().min(1, { error: 'New password is required' }).max(200),
  confirm_password: z.string().min(1, { error: 'Confirm the new password' }).max(200),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
});

/** Mobile login: a signed-in desktop shows a short-lived one-time code as a QR code. */
export const mobileLoginCodeSchema = z.object({
  code: z.string(),
  expires_at: timestampSchema,
  /** Path the phone opens, e.g. /mobile-login?code=… (the client prefixes its own origin). */
  path: z.string(),
});
export type MobileLoginCode = z.infer<typeof mobileLoginCodeSchema>;

export const mobileLoginExchangeBodySchema = z.object({
  code: z.string().trim().min(6, { error: 'Enter the code shown on the desktop' }).max(64),
});
