import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '@tradepost/shared/query/session.ts';
import { type BusinessSummary, businessSummarySchema, type User } from '@tradepost/shared/schemas/auth.ts';
import type { UpdateBusinessBody } from '@tradepost/shared/schemas/business.ts';
import { api } from '../../app/api.ts';

/** PUT /businesses/{id} (owner only): the business profile; the current user's copy follows at once. */
export function useUpdateBusiness(businessId: string): UseMutationResult<BusinessSummary, Error, UpdateBusinessBody> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBusinessBody) =>
      api.put(`/businesses/${encodeURIComponent(businessId)}`, { body, schema: businessSummarySchema }),
    onSuccess: (business) => {
      queryClient.setQueryData<User>(sessionKeys.me(), (user) => (user === undefined ? user : { ...user, business }));
      // The profile is no domain event (no area reacts to the business's name or address): refreshed here.
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
    },
  });
}
