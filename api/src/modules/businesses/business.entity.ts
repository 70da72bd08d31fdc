import { defineEntity, p } from '@mikro-orm/core';
import { newId } from '../../db/ids.ts';

const BusinessSchema = defineEntity({
  name: 'Business',
  tableName: 'businesses',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    name: p.string(),
    currency: p.string().length(3).default('USD'),
    timezone: p.string().default('UTC'),
    shopifyEnabled: p.boolean().default(false),
    trialEndsAt: p.datetime(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Business extends BusinessSchema.class {}
BusinessSchema.setClass(Business);
