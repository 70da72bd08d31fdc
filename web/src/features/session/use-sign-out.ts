import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { useEndSession } from './use-end-session.ts';

/** POST /auth/logout revokes the token on the server; the local session ends whatever the answer. */
export function useSignOut(): UseMutationResult<void, Error, void> {
  const endSession = useEndSession();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.post('/auth/logout');
      } catch {
        // Offline or already revoked: the token is forgotten here either way.
      }
    },
    onSettled: () => endSession('signed-out'),
    retry: false,
  });
}
