import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import { type LoginResponse, type RegisterBody, registerResponseSchema } from '@tradepost/shared/schemas/auth.ts';
import { api } from '../../app/api.ts';
import { requestSignIn } from './sign-in-request.ts';
import { useApplySignIn } from './use-apply-sign-in.ts';

/** Registers, then signs in with the same e-mail and password (spec §7). */
export function useRegister(): UseMutationResult<LoginResponse, Error, RegisterBody> {
  const applySignIn = useApplySignIn();
  return useMutation({
    mutationFn: async (body: RegisterBody) => {
      await api.post('/auth/register', { body, schema: registerResponseSchema });
      return requestSignIn({ email: body.email, password: body.password });
    },
    onSuccess: applySignIn,
    // Creating an account is not idempotent: a retry after a lost answer would report the e-mail as taken.
    retry: false,
  });
}
