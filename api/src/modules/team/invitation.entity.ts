import { defineEntity, p } from '@mikro-orm/core';
import type { Role } from '@tradepost/shared/schemas/auth.ts';
import { newId } from '../../db/ids.ts';
import { tenantFilter } from '../../db/tenant.ts';
import { User } from '../auth/public.ts';
import { Business } from '../businesses/public.ts';

/** An owner's invitation to join the business. Only the token's hash is stored. */
const InvitationSchema = defineEntity({
  name: 'Invitation',
  tableName: 'invitations',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    business: () => p.manyToOne(Business),
    email: p.string(),
    role: p.string().$type<Role>(),
    tokenHash: p.string().unique().hidden(),
    invitedBy: () => p.manyToOne(User),
    expiresAt: p.datetime(),
    acceptedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Invitation extends InvitationSchema.class {}
InvitationSchema.setClass(Invitation);
