import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '@tradepost/shared/query/session.ts';
import { type ChangePasswordBody, type UpdateMeBody, type User, userSchema } from '@tradepost/shared/schemas/auth.ts';
import { messageSchema } from '@tradepost/shared/schemas/common.ts';
import { api } from '../../app/api.ts';

/** PUT /auth/me: the answer is the updated user, which becomes the current user at once. */
export function useUpdateProfile(): UseMutationResult<User, Error, UpdateMeBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMeBody) => api.put('/auth/me', { body, schema: userSchema }),
    onSuccess: (user) => {
      queryClient.setQueryData(sessionKeys.me(), user);
      // A user's own profile is no business fact, so no domain event: refreshed here.
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
    },
  });
}

/** POST /auth/change-password; the server signs out every other session of the user on success. */
export function useChangePassword(): UseMutationResult<{ message: string }, Error, ChangePasswordBody> {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post('/auth/change-password', { body, schema: messageSchema }),
    // Never sent twice: a lost answer followed by a retry would report the (now changed) current password as wrong.
    retry: false,
  });
}
