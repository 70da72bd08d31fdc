import { defineModule } from '../../platform/module.ts';
import { BugReport } from './bug-report.entity.ts';
import { bugReportsRoutes } from './bug-reports.routes.ts';

export const bugReportsModule = defineModule({
  name: 'bug-reports',
  description: 'Bug reports from the app and their admin queue.',
  entities: [BugReport],
  apiRoutes: [bugReportsRoutes],
});
