import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../app/api.ts';
import { useAppToast } from '../notifications/use-app-toast.tsx';
import { sessionAtom } from './session-atom.ts';

export type SessionEndReason = 'signed-out' | 'expired' | 'forbidden';

/**
 * Ends the session on this device: forgets the token, drops every cached answer (the next user of
 * this browser must not see the last one's data), tells the user why when it was not their choice,
 * and goes to the root page (spec §4, §8).
 */
export function useEndSession(): (reason: SessionEndReason) => void {
  const setSession = useSetAtom(sessionAtom);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useAppToast();

  return useCallback(
    (reason: SessionEndReason) => {
      setSession(null);
      navigate('/', { replace: true });
      queryClient.clear();
      api.invalidate();
      if (reason === 'expired') {
        toast({
          id: 'session-expired',
          intent: 'warning',
          title: 'Session Expired',
          body: 'Your session has expired. Please log in again.',
        });
      } else if (reason === 'forbidden') {
        toast({
          id: 'access-denied',
          intent: 'error',
          title: 'Access Denied',
          body: 'You do not have permission to access this resource.',
        });
      }
    },
    [setSession, navigate, queryClient, toast],
  );
}
