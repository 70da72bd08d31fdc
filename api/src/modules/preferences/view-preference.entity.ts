import { defineEntity, p } from '@mikro-orm/core';
import { newId } from '../../db/ids.ts';
import { User } from '../auth/public.ts';

/** Free-form settings of one screen (columns, filters, sort) for one user. */
const ViewPreferenceSchema = defineEntity({
  name: 'ViewPreference',
  tableName: 'view_preferences',
  uniques: [{ properties: ['user', 'viewKey'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    user: () => p.manyToOne(User),
    viewKey: p.string(),
    settings: p.json<Record<string, unknown>>(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class ViewPreference extends ViewPreferenceSchema.class {}
ViewPreferenceSchema.setClass(ViewPreference);
