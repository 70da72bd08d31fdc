import { Navigate, Outlet } from 'react-router-dom';
import { SessionLoading } from '../../features/session/session-loading.tsx';
import { useCurrentUser } from '../../features/session/use-current-user.ts';
import type { AccessUser } from '../../features/shell/access.ts';

type RequireUserProps = {
  /** The rule from features/shell/access.ts that lets this user in. */
  allow: (user: AccessUser) => boolean;
  /** Where everyone else goes. */
  redirectTo: string;
};

/**
 * A guard on the account's flags (spec §2, §6): the Shopify-only screens, System Sales. What the role
 * may open is RoleScope's. It sits below RequireSession, so the user is loaded.
 */
export function RequireUser({ allow, redirectTo }: RequireUserProps) {
  const { data: user } = useCurrentUser();
  if (user === undefined) return <SessionLoading />;
  return allow(user) ? <Outlet /> : <Navigate to={redirectTo} replace />;
}
