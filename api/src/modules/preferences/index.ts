import { defineModule } from '../../platform/module.ts';
import { preferencesRoutes } from './preferences.routes.ts';
import { UserPreference } from './user-preference.entity.ts';
import { ViewPreference } from './view-preference.entity.ts';

export const preferencesModule = defineModule({
  name: 'preferences',
  description: "Each user's interface and view preferences.",
  entities: [UserPreference, ViewPreference],
  apiRoutes: [preferencesRoutes],
});
