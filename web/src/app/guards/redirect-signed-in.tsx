import { useAtomValue } from 'jotai';
import { Navigate, Outlet } from 'react-router-dom';
import { signedInAtom } from '../../features/session/signed-in-atom.ts';

/** For public-only routes such as `/`: signed-in users go straight to `to` (spec §2). */
export function RedirectSignedIn({ to }: { to: string }) {
  const signedIn = useAtomValue(signedInAtom);
  return signedIn ? <Navigate to={to} replace /> : <Outlet />;
}
