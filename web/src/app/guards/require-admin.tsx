import { useAtomValue } from 'jotai';
import { Navigate, Outlet } from 'react-router-dom';
import { SessionLoading } from '../../features/session/session-loading.tsx';
import { signedInAtom } from '../../features/session/signed-in-atom.ts';
import { useCurrentUser } from '../../features/session/use-current-user.ts';
import { canOpenAdmin } from '../../features/shell/access.ts';
import { AccessDenied } from './access-denied.tsx';

/**
 * Admin guard (spec §2, §6): not signed in → /auth; signed in without super-admin rights (decided by
 * e-mail on the server) → the Access Denied message with the current e-mail, inside the main layout.
 */
export function RequireAdmin() {
  const signedIn = useAtomValue(signedInAtom);
  const { data: user } = useCurrentUser();
  if (!signedIn) return <Navigate to="/auth" replace />;
  if (user === undefined) return <SessionLoading />;
  return canOpenAdmin(user) ? <Outlet /> : <AccessDenied email={user.email} />;
}
