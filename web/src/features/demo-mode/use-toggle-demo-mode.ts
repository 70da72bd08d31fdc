import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '@tradepost/shared/query/session.ts';
import { type User, userSchema } from '@tradepost/shared/schemas/auth.ts';
import { api } from '../../app/api.ts';
import { useAppToast } from '../notifications/use-app-toast.tsx';

type Context = { previous: User | undefined };

/**
 * POST /auth/me/toggle-demo-mode (spec §7). The switch moves at once; the answer's user then replaces
 * the cached one, and a failure puts the old value back with the 'Toggle failed' toast (spec §8).
 */
export function useToggleDemoMode(): UseMutationResult<User, Error, void, Context> {
  const queryClient = useQueryClient();
  const toast = useAppToast();
  return useMutation({
    mutationFn: () => api.post('/auth/me/toggle-demo-mode', { schema: userSchema }),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: sessionKeys.me() });
      const previous = queryClient.getQueryData<User>(sessionKeys.me());
      if (previous !== undefined) queryClient.setQueryData<User>(sessionKeys.me(), { ...previous, demo_mode: !previous.demo_mode });
      return { previous };
    },
    onSuccess: (user) => queryClient.setQueryData(sessionKeys.me(), user),
    onError: (_error, _variables, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(sessionKeys.me(), context.previous);
      toast({ id: 'toggle-failed', intent: 'error', title: 'Toggle failed', body: 'Demo mode was not changed. Please try again.' });
    },
    // A toggle is not idempotent: sending it twice would undo it.
    retry: false,
  });
}
