import { useStore } from 'jotai';
import { useEffect } from 'react';
import { refreshAfterDomainEvents } from '../../app/api.ts';
import { sessionTokenAtom } from '../runtime/session-token-atom.ts';
import { connectRealtime } from './realtime-connection.ts';

/**
 * Runs the real-time stream while the app is open (mounted once, by AppRuntime): batch progress,
 * and the business's domain events, which refresh what they made stale in this tab (a sale made on
 * another device shows here without reloading), the same way this tab's own writes do.
 */
export function useBatchEventStream(): void {
  const store = useStore();
  useEffect(
    () =>
      connectRealtime({
        store,
        tokenAtom: sessionTokenAtom,
        onDomainEvents: (events) => refreshAfterDomainEvents(events.map((event) => event.type)),
      }),
    [store],
  );
}
