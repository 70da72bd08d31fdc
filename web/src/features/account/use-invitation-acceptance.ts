import { type UseMutationResult, type UseQueryResult, useMutation, useQuery } from '@tanstack/react-query';
import { accountKeys } from '@tradepost/shared/query/account.ts';
import { errorStatus } from '@tradepost/shared/query/policy.ts';
import type { LoginResponse } from '@tradepost/shared/schemas/auth.ts';
import {
  type AcceptInvitationBody,
  acceptInvitationResponseSchema,
  type InvitationPreview,
  invitationPreviewSchema,
} from '@tradepost/shared/schemas/users.ts';
import { api } from '../../app/api.ts';
import { useApplySignIn } from '../session/use-apply-sign-in.ts';

const invitationPath = (token: string) => `/invitations/${encodeURIComponent(token)}`;

/** GET /invitations/{token}: who invites whom to which business. A 404 means invalid or expired. */
export function useInvitationPreview(token: string): UseQueryResult<InvitationPreview> {
  return useQuery({
    queryKey: accountKeys.invitationPreview(token),
    // Always asked fresh: an invitation can be revoked or accepted elsewhere at any moment.
    queryFn: ({ signal }) => api.get(invitationPath(token), { schema: invitationPreviewSchema, signal, fresh: true }),
    retry: (failureCount, error) => errorStatus(error) !== 404 && failureCount < 2,
    staleTime: 0,
  });
}

/** POST /invitations/{token}/accept creates the account and answers like a sign-in; the session is stored. */
export function useAcceptInvitation(token: string): UseMutationResult<LoginResponse, Error, AcceptInvitationBody> {
  const applySignIn = useApplySignIn();
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) =>
      api.post(`${invitationPath(token)}/accept`, { body, schema: acceptInvitationResponseSchema }),
    onSuccess: applySignIn,
    retry: false,
  });
}
