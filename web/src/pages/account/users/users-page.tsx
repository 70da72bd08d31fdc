import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import { useCurrentUser } from '../../../features/session/use-current-user.ts';
import { InvitationsSection } from './invitations-section.tsx';
import { InviteSection } from './invite-section.tsx';
import { TeamSection } from './team-section.tsx';

/** Signed-in page /users (owner only, guarded by the router): the team and its invitations. */
export function UsersPage() {
  const { data: user } = useCurrentUser();
  if (user === undefined) return null;
  const businessId = user.business.id;
  return (
    <AppPage title="Users" description={`Everyone who works in ${user.business.business_name}, and the invitations you have sent.`}>
      <InviteSection businessId={businessId} />
      <TeamSection businessId={businessId} currentUserId={user.id} />
      <InvitationsSection businessId={businessId} />
    </AppPage>
  );
}
