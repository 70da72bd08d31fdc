import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type MessageOf, type SessionState, sendMessage } from '../lib/messages.ts';
import { sessionItem } from '../lib/storage.ts';

/** Every query of the extension's pages starts with this; a session change refreshes them all. */
export const extensionQueryKey = ['extension'] as const;
export const sessionQueryKey = [...extensionQueryKey, 'session'] as const;

/** The session as the background worker sees it; refetched whenever the worker changes it. */
export function useSession() {
  const queryClient = useQueryClient();
  useEffect(
    // The worker may end the session on its own (a 401 while refreshing the user, another
    // surface signing out); the storage change is the signal to ask it again, and everything
    // read with the old session (stock, searches) with it.
    () => sessionItem.watch(() => void queryClient.invalidateQueries({ queryKey: extensionQueryKey })),
    [queryClient],
  );
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: () => sendMessage({ type: 'get-session' }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Omit<MessageOf<'sign-in'>, 'type'>) => sendMessage({ type: 'sign-in', ...credentials }),
    onSuccess: (session: SessionState) => queryClient.setQueryData(sessionQueryKey, session),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendMessage({ type: 'sign-out' }),
    onSuccess: (session: SessionState) => queryClient.setQueryData(sessionQueryKey, session),
  });
}
