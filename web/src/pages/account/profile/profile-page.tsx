import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import { useCurrentUser } from '../../../features/session/use-current-user.ts';
import { PasswordSection } from './password-section.tsx';
import { ProfileDetailsSection } from './profile-details-section.tsx';

/** Signed-in page /profile: the user's own names, time zone and password. */
export function ProfilePage() {
  const { data: user } = useCurrentUser();
  if (user === undefined) return null;
  return (
    <AppPage title="Profile" description="Your own account. Business-wide options are in Settings.">
      <ProfileDetailsSection key={user.id} user={user} />
      <PasswordSection />
    </AppPage>
  );
}
