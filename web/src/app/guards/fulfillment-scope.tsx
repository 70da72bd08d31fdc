import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../../features/session/use-current-user.ts';
import { fulfillmentRedirect } from '../../features/shell/access.ts';
import { SessionLoading } from '../session-loading.tsx';

/**
 * Spec §2, §6: the fulfillment role sees only Fulfillments and Settings, so the dashboard and every
 * other main-layout route send it to /fulfillments. Other roles pass through.
 */
export function FulfillmentScope() {
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  if (user === undefined) return <SessionLoading />;
  const redirect = fulfillmentRedirect(pathname, user);
  return redirect === null ? <Outlet /> : <Navigate to={redirect} replace />;
}
