import { Navigate, Outlet } from 'react-router-dom';
import { useCurrentUser } from '../../features/session/use-current-user.ts';
import type { AccessUser } from '../../features/shell/access.ts';
import { SessionLoading } from '../session-loading.tsx';

type RequireUserProps = {
  /** The rule from features/shell/access.ts that lets this user in. */
  allow: (user: AccessUser) => boolean;
  /** Where everyone else goes. */
  redirectTo: string;
};

/**
 * A guard on the signed-in user's role or flags (spec §2, §6): the owner-only Users page, the
 * Shopify-only screens, System Sales. It sits below RequireSession, so the user is loaded.
 */
export function RequireUser({ allow, redirectTo }: RequireUserProps) {
  const { data: user } = useCurrentUser();
  if (user === undefined) return <SessionLoading />;
  return allow(user) ? <Outlet /> : <Navigate to={redirectTo} replace />;
}
