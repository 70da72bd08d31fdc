import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { queryClientDefaults } from '@tradepost/shared/query/policy.ts';
import { describeThrown, recordClientError } from '../features/bug-report/client-error-log.ts';
import { reportPossibleCacheTrouble } from '../features/errors/cache-trouble-offer.ts';
import { mutationErrorToast, queryErrorToast, shouldLogQueryError } from '../features/errors/query-error-policy.ts';
import { notify } from '../features/notifications/app-notices.ts';

/** A query or mutation with `meta: { quietErrors: true }` shows no error toast (its screen says enough). */
function isQuiet(meta: Record<string, unknown> | undefined): boolean {
  return meta?.quietErrors === true;
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Server state lives only here. Spec §9's retry, freshness and refetch rules come from the shared
 * policy; spec §8's error toasts are decided in features/errors/query-error-policy.ts. These handlers
 * run once per failed query or mutation, after its retries.
 */
export const queryClient: QueryClient = new QueryClient({
  defaultOptions: {
    ...queryClientDefaults,
    // TanStack would hold a mutation made offline and send it whenever the connection returns (a demo
    // mode toggle, a sale, minutes later). Spec §8 wants the user told instead: it runs, fails, and the
    // Network Error toast says why. Queries keep pausing offline and refetch on reconnect.
    mutations: { ...queryClientDefaults.mutations, networkMode: 'always' },
  },
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (shouldLogQueryError(error)) recordClientError(`Query ${JSON.stringify(query.queryKey)} failed: ${describeThrown(error)}`);
      reportPossibleCacheTrouble(error, queryClient);
      const toast = queryErrorToast(error);
      if (toast !== null && !isQuiet(query.meta)) notify(toast);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      const online = isOnline();
      if (shouldLogQueryError(error)) recordClientError(`Mutation failed${online ? '' : ' (offline)'}: ${describeThrown(error)}`);
      reportPossibleCacheTrouble(error, queryClient);
      const toast = mutationErrorToast(error, online);
      if (toast !== null && !isQuiet(mutation.meta)) notify(toast);
    },
  }),
});
