import { useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '@tradepost/shared/query/session.ts';
import type { LoginResponse } from '@tradepost/shared/schemas/auth.ts';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { sessionAtom } from './session-atom.ts';
import { sessionFromLogin } from './session-model.ts';

/** Stores the new session and seeds the current-user query with the user the login answer carries. */
export function useApplySignIn(): (response: LoginResponse) => void {
  const setSession = useSetAtom(sessionAtom);
  const queryClient = useQueryClient();
  return useCallback(
    (response: LoginResponse) => {
      // Another account may have used this browser: start from an empty cache.
      queryClient.clear();
      setSession(sessionFromLogin(response, Date.now()));
      queryClient.setQueryData(sessionKeys.me(), response.user);
    },
    [setSession, queryClient],
  );
}
