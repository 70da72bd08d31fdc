import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import { type LoginResponse, loginResponseSchema, type MobileLoginCode, mobileLoginCodeSchema } from '@tradepost/shared/schemas/auth.ts';
import { api } from '../../app/api.ts';
import { useApplySignIn } from '../session/use-apply-sign-in.ts';

/** Desktop side: POST /auth/mobile-login gives a short-lived one-time code and the path the phone opens. */
export function useCreateMobileLoginCode(): UseMutationResult<MobileLoginCode, Error, void> {
  return useMutation({
    mutationFn: () => api.post('/auth/mobile-login', { schema: mobileLoginCodeSchema }),
    // Each code is single-use: a retried call would only make a second one.
    retry: false,
  });
}

/** Phone side: trades the code for a session, stored exactly as a sign-in is. */
export function useMobileLoginExchange(): UseMutationResult<LoginResponse, Error, string> {
  const applySignIn = useApplySignIn();
  return useMutation({
    mutationFn: (code: string) => api.post('/auth/mobile-login/exchange', { body: { code: code.trim() }, schema: loginResponseSchema }),
    onSuccess: applySignIn,
    retry: false,
  });
}
