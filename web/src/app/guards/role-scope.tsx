import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { SessionLoading } from '../../features/session/session-loading.tsx';
import { useCurrentUser } from '../../features/session/use-current-user.ts';
import { scopeRedirect } from '../../features/shell/access.ts';

/**
 * Spec §2, §6: every main-layout screen needs its permissions from the role table
 * (features/shell/access.ts); a screen the role cannot use sends the user home before it mounts, so
 * it never calls the API for them. The fulfillment role lands on /fulfillments (its dashboard
 * redirects there), staff who open /users on the dashboard.
 */
export function RoleScope() {
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  if (user === undefined) return <SessionLoading />;
  const redirect = scopeRedirect(pathname, user);
  return redirect === null ? <Outlet /> : <Navigate to={redirect} replace />;
}
