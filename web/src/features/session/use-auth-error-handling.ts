import { useQueryClient } from '@tanstack/react-query';
import { isAuthError } from '@tradepost/shared/client/api-error.ts';
import { sessionKeys } from '@tradepost/shared/query/session.ts';
import { useStore } from 'jotai';
import { useEffect } from 'react';
import { api } from '../../app/api.ts';
import { sessionAtom } from './session-atom.ts';
import { isSessionActive } from './session-model.ts';
import { useEndSession } from './use-end-session.ts';

/**
 * Calls whose 401 is not news: signing in again while a session exists (a wrong password belongs to
 * the form) and signing out with a token the server already revoked (the session is ending anyway).
 */
const IGNORED_PATHS = ['/auth/login', '/auth/logout'];

/** Listens to the API client's auth events: a 401 or 403 from any call ends the session (spec §4, §8). */
export function useAuthErrorHandling(): void {
  const store = useStore();
  const queryClient = useQueryClient();
  const endSession = useEndSession();
  useEffect(() => {
    const end = (status: number) => {
      // Signed out already (a call that raced the sign-out): nothing to end, nothing to announce.
      if (!isSessionActive(store.get(sessionAtom), Date.now())) return;
      endSession(status === 401 ? 'expired' : 'forbidden');
    };
    const stop = api.onAuthError((event) => {
      if (IGNORED_PATHS.some((path) => event.path.startsWith(path))) return;
      end(event.status);
    });
    // The session check starts before React renders (startSessionCheck): its refusal may have come
    // back before this listener, and would then leave the guard on Loading for good.
    const early = queryClient.getQueryState(sessionKeys.me())?.error;
    if (isAuthError(early)) end(early.status);
    return stop;
  }, [store, queryClient, endSession]);
}
