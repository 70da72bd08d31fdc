import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { sessionKeys } from '@tradepost/shared/query/session.ts';
import { type User, userSchema } from '@tradepost/shared/schemas/auth-answers.ts';
import { useAtomValue } from 'jotai';
import { api } from '../../app/api.ts';
import { signedInAtom } from './signed-in-atom.ts';

/**
 * GET /auth/me: called at start-up, on window focus and on refresh (spec §7), and at no other time.
 * It is the one session query of the app: the guards, the layout, the business scope and `useCan`
 * all read this key, and the check is started before React renders (`startSessionCheck`).
 *
 * So the answer never goes stale by itself: a guard or screen mounting later reads it and does not
 * ask again (four checks per load used to hold the page's own calls back). Window focus and
 * reconnect always validate the session again, and a 401 then ends it through the client's auth
 * event (spec §4). The user's own writes (profile, business, demo mode) put their answer here, or
 * invalidate the key, which refetches it.
 */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: ({ signal }) => api.get('/auth/me', { schema: userSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  });

export function useCurrentUser(): UseQueryResult<User> {
  const signedIn = useAtomValue(signedInAtom);
  return useQuery({ ...currentUserQuery(), enabled: signedIn });
}
