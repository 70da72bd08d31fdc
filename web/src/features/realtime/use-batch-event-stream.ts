import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useEffect } from 'react';
import { api } from '../../app/api.ts';
import { sessionTokenAtom } from '../runtime/session-token-atom.ts';
import { staleKeysOf } from './domain-event-keys.ts';
import { connectRealtime } from './realtime-connection.ts';

/**
 * Runs the real-time stream while the app is open (mounted once, by AppRuntime): batch progress,
 * and the business's domain events, which refresh what they made stale in this tab (a sale made on
 * another device shows here without reloading).
 */
export function useBatchEventStream(): void {
  const store = useStore();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      connectRealtime({
        store,
        tokenAtom: sessionTokenAtom,
        onDomainEvents: (events) => {
          // The API client's own response cache first, so the refetches below are answered afresh.
          api.invalidate('/businesses');
          for (const queryKey of staleKeysOf(events)) void queryClient.invalidateQueries({ queryKey });
        },
      }),
    [store, queryClient],
  );
}
