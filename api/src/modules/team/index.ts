import { defineModule } from '../../platform/module.ts';
import { Invitation } from './invitation.entity.ts';
import { invitationRoutes, teamRoutes } from './team.routes.ts';

export const teamModule = defineModule({
  name: 'team',
  description: 'Team members and invitations (owner only).',
  entities: [Invitation],
  apiRoutes: [invitationRoutes],
  businessRoutes: [teamRoutes],
  ownedIds: { invitationId: { table: 'invitations', notFound: 'Invitation not found' } },
  permissions: ['team:manage'],
});
