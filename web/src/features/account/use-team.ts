import { type UseMutationResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '@tradepost/shared/query/account.ts';
import {
  type CreateInvitationBody,
  type Invitation,
  invitationSchema,
  type TeamMember,
  teamMemberSchema,
} from '@tradepost/shared/schemas/users.ts';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import { useCan } from '../session/use-can.ts';

const businessPath = (businessId: string) => `/businesses/${encodeURIComponent(businessId)}`;

// The team publishes no domain event (no other area reacts to who is on it), so invitation writes
// refresh their list themselves.

/** What POST /invitations answers: the invitation and the path of its link (the token is only ever in this answer). */
export const createdInvitationSchema = z.object({ invitation: invitationSchema, accept_path: z.string() });
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

/** GET /businesses/{id}/users: team:manage, the owner's; never asked without it (a 403 ends the session). */
export function useTeamMembers(businessId: string): UseQueryResult<TeamMember[]> {
  const can = useCan();
  return useQuery({
    queryKey: accountKeys.teamMembers(businessId),
    queryFn: ({ signal }) => api.get(`${businessPath(businessId)}/users`, { schema: z.array(teamMemberSchema), signal }),
    enabled: can('team:manage'),
  });
}

/** GET /businesses/{id}/invitations, newest first: team:manage, like the members. */
export function useInvitations(businessId: string): UseQueryResult<Invitation[]> {
  const can = useCan();
  return useQuery({
    queryKey: accountKeys.invitations(businessId),
    queryFn: ({ signal }) => api.get(`${businessPath(businessId)}/invitations`, { schema: z.array(invitationSchema), signal }),
    enabled: can('team:manage'),
  });
}

/** POST /businesses/{id}/invitations: the server e-mails the link (or logs it when no mail is set up). */
export function useCreateInvitation(businessId: string): UseMutationResult<CreatedInvitation, Error, CreateInvitationBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvitationBody) =>
      api.post(`${businessPath(businessId)}/invitations`, { body, schema: createdInvitationSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.invitations(businessId) }),
    // A second try after a lost answer would be refused as "already pending" and hide the link.
    retry: false,
  });
}

/** DELETE /businesses/{id}/invitations/{invitationId}: the link stops working at once. */
export function useRevokeInvitation(businessId: string): UseMutationResult<void, Error, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invitationId: string) => {
      await api.delete(`${businessPath(businessId)}/invitations/${encodeURIComponent(invitationId)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.invitations(businessId) }),
  });
}
