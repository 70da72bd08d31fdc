import { createApiClient } from '@tradepost/shared/client/api-client.ts';
import { staleKeysOf } from '@tradepost/shared/query/stale-keys.ts';
import type { DomainEventType } from '@tradepost/shared/schemas/events.ts';
import { sessionAtom } from '../features/session/session-atom.ts';
import { activeToken } from '../features/session/session-model.ts';
import { queryClient } from './query-client.ts';
import { appStore } from './store.ts';

/**
 * Refreshes what facts of these types made stale in this tab, in both caches it keeps: the API
 * client's answers (all of the business's, first, so the refetches below are answered afresh) and
 * the queries each area's factory says the facts touch (shared/src/query/stale-keys.ts). The one
 * way a write reaches the screens: this tab's own, from its answer's `x-domain-events`, and any
 * other device's, from the real-time stream (features/realtime).
 */
export function refreshAfterDomainEvents(types: Iterable<DomainEventType>): void {
  api.invalidate('/businesses');
  for (const queryKey of staleKeysOf(types)) void queryClient.invalidateQueries({ queryKey });
}

/** The single API client of the web app. '' = same origin: the API serves the app in production, Vite proxies in dev. */
export const api = createApiClient({
  baseUrl: '',
  getToken: () => activeToken(appStore.get(sessionAtom), Date.now()),
  onDomainEvents: refreshAfterDomainEvents,
});
