import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { subscriptionKeys } from '@tradepost/shared/query/subscription.ts';
import { type TrialStatus, trialStatusSchema } from '@tradepost/shared/schemas/auth-answers.ts';
import { useAtomValue } from 'jotai';
import { api } from '../../app/api.ts';
import { signedInAtom } from '../session/signed-in-atom.ts';

/** Spec §7: the trial status is cached for 5 minutes. */
const TRIAL_STATUS_STALE_MS = 5 * 60_000;

export function useTrialStatus(): UseQueryResult<TrialStatus> {
  const signedIn = useAtomValue(signedInAtom);
  return useQuery({
    queryKey: subscriptionKeys.trialStatus(),
    queryFn: ({ signal }) => api.get('/subscriptions/trial/status', { schema: trialStatusSchema, signal }),
    staleTime: TRIAL_STATUS_STALE_MS,
    enabled: signedIn,
  });
}
