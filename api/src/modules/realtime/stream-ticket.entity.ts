import { defineEntity, p } from '@mikro-orm/core';
import { newId } from '../../db/ids.ts';
import { tenantFilter } from '../../db/tenant.ts';
import { Session, User } from '../auth/public.ts';
import { Business } from '../businesses/public.ts';

/**
 * A ticket that opens the real-time stream once, within a minute, for one session of one user of one
 * business (stream-tickets.ts). Only the SHA-256 of the ticket is stored.
 */
const StreamTicketSchema = defineEntity({
  name: 'StreamTicket',
  tableName: 'stream_tickets',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    business: () => p.manyToOne(Business),
    user: () => p.manyToOne(User),
    session: () => p.manyToOne(Session),
    tokenHash: p.string().unique().hidden(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class StreamTicket extends StreamTicketSchema.class {}
StreamTicketSchema.setClass(StreamTicket);
