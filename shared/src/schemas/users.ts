import { z } from 'zod';
import { loginResponseSchema, roleSchema, strongPasswordSchema } from './auth.ts';
import { timestampSchema, uuidSchema } from './common.ts';

export const teamMemberSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  username: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role: roleSchema,
  created_at: timestampSchema,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const invitationStatuses = ['pending', 'accepted', 'revoked', 'expired'] as const;

export const invitationSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  role: roleSchema,
  status: z.enum(invitationStatuses),
  expires_at: timestampSchema,
  created_at: timestampSchema,
  invited_by: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const createInvitationBodySchema = z.object({
  email: z
    .email({ error: 'Enter a valid e-mail address' })
    .max(254)
    .transform((v) => v.trim().toLowerCase()),
  role: roleSchema,
});
export type CreateInvitationBody = z.input<typeof createInvitationBodySchema>;

/** What the accept-invitation page shows before the invitee sets a password. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: roleSchema,
  business_name: z.string(),
  invited_by: z.string(),
  expires_at: timestampSchema,
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptInvitationBodySchema = z.object({
  password: strongPasswordSchema,
  first_name: z.string().trim().min(1).max(80).optional(),
  last_name: z.string().trim().min(1).max(80).optional(),
});
export type AcceptInvitationBody = z.input<typeof acceptInvitationBodySchema>;
export const acceptInvitationResponseSchema = loginResponseSchema;

export const invitationTokenParamsSchema = z.object({ token: z.string().min(20).max(200) });
export const invitationParamsSchema = z.object({ invitationId: uuidSchema });
