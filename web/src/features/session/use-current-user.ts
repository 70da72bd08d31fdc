import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { sessionKeys } from '@tradepost/shared/query/session.ts';
import { type User, userSchema } from '@tradepost/shared/schemas/auth.ts';
import { useAtomValue } from 'jotai';
import { api } from '../../app/api.ts';
import { signedInAtom } from './signed-in-atom.ts';

/**
 * GET /auth/me: called at start-up, on window focus and on refresh (spec §7). Validating the session
 * on every focus is the point, so this query is always stale and opts back into focus refetching; a
 * 401 then ends the session through the client's auth event (spec §4).
 */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: ({ signal }) => api.get('/auth/me', { schema: userSchema, signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useCurrentUser(): UseQueryResult<User> {
  const signedIn = useAtomValue(signedInAtom);
  return useQuery({ ...currentUserQuery(), enabled: signedIn });
}
