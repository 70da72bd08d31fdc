import { defineEntity, p } from '@mikro-orm/core';
import type { ThemeChoice } from '@tradepost/shared/schemas/preferences.ts';
import { User } from '../auth/public.ts';

const UserPreferenceSchema = defineEntity({
  name: 'UserPreference',
  tableName: 'user_preferences',
  properties: {
    user: () => p.oneToOne(User).primary().owner(),
    fontScale: p.float().default(0.95),
    densityScale: p.float().default(1),
    theme: p.string().$type<ThemeChoice>().nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class UserPreference extends UserPreferenceSchema.class {}
UserPreferenceSchema.setClass(UserPreference);
