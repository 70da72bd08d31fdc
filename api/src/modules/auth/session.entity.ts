import { defineEntity, p } from '@mikro-orm/core';
import { newId } from '../../db/ids.ts';
import { User } from './user.entity.ts';

/** A signed-in device. The bearer token names it; revoking or expiring it ends the session everywhere. */
const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    user: () => p.manyToOne(User),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    userAgent: p.string().nullable(),
  },
});

export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session);
