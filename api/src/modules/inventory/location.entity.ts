import { defineEntity, p } from '@mikro-orm/core';
import { newId } from '../../db/ids.ts';
import { tenantFilter } from '../../db/tenant.ts';
import { Business } from '../businesses/public.ts';

const LocationSchema = defineEntity({
  name: 'Location',
  tableName: 'locations',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    business: () => p.manyToOne(Business),
    name: p.string(),
    kind: p.string().$type<'warehouse' | 'store' | 'virtual'>(),
    isDefault: p.boolean().default(false),
    archivedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Location extends LocationSchema.class {}
LocationSchema.setClass(Location);
