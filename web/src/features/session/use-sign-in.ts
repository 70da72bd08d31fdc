import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@tradepost/shared/schemas/auth.ts';
import { requestSignIn } from './sign-in-request.ts';
import { useApplySignIn } from './use-apply-sign-in.ts';

export function useSignIn(): UseMutationResult<LoginResponse, Error, LoginBody> {
  const applySignIn = useApplySignIn();
  return useMutation({ mutationFn: requestSignIn, onSuccess: applySignIn });
}
