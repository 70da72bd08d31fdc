import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router-dom';
import { signedInAtom } from '../../features/session/signed-in-atom.ts';

/** Spec §2: any unknown path goes to /dashboard when signed in, else to /. */
export function UnknownRoute() {
  const signedIn = useAtomValue(signedInAtom);
  return <Navigate to={signedIn ? '/dashboard' : '/'} replace />;
}
