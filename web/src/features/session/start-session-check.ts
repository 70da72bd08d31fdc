import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@tradepost/shared/schemas/auth.ts';
import type { createStore } from 'jotai';
import { signedInAtom } from './signed-in-atom.ts';
import { currentUserQuery } from './use-current-user.ts';

/**
 * Sends the page load's one session check (GET /auth/me) at once, before React renders: the guards
 * would otherwise ask only after the first render, and everything a screen loads waits for the
 * business id this answer carries. The guards, the layout and the screens then read the same query.
 * Resolves to the user, or to undefined without a session or when the check failed (the guard shows
 * that failure; a 401 or 403 ends the session).
 *
 * A 401 or 403 may come back before the auth handler listens; `useAuthErrorHandling` looks at this
 * query when it starts, so the session still ends with the spec's toast.
 */
export function startSessionCheck(queryClient: QueryClient, store: ReturnType<typeof createStore>): Promise<User | undefined> {
  if (!store.get(signedInAtom)) return Promise.resolve(undefined);
  return queryClient.fetchQuery(currentUserQuery()).catch(() => undefined);
}
