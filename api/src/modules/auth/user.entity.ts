import { defineEntity, p } from '@mikro-orm/core';
import type { Role } from '@tradepost/shared/schemas/auth.ts';
import { newId } from '../../db/ids.ts';
import { Business } from '../businesses/public.ts';

const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    business: () => p.manyToOne(Business),
    /** Stored lower-case; unique across all businesses because it signs the user in. */
    email: p.string().unique(),
    username: p.string().unique(),
    firstName: p.string().nullable(),
    lastName: p.string().nullable(),
    role: p.string().$type<Role>(),
    timezone: p.string().default('UTC'),
    demoMode: p.boolean().default(false),
    passwordHash: p.string().lazy().hidden(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
