import { useCallback } from 'react';
import { api } from '../../app/api.ts';
import { useEndSession } from './use-end-session.ts';

/**
 * Signs out at once. POST /auth/logout revokes the token on the server, but this device does not
 * wait for its answer: a slow or unreachable server must never keep someone signed in on a shared
 * counter laptop. The client reads the token as the request starts, so the revoke still carries it
 * after the local session has ended; its failure (offline, already revoked) changes nothing here.
 */
export function useSignOut(): () => void {
  const endSession = useEndSession();
  return useCallback(() => {
    api.post('/auth/logout').catch(() => undefined);
    endSession('signed-out');
  }, [endSession]);
}
