import { useStore } from 'jotai';
import { useEffect } from 'react';
import { sessionTokenAtom } from '../runtime/session-token-atom.ts';
import { connectRealtime } from './realtime-connection.ts';

/** Runs the batch-operations stream while the app is open (mounted once, by AppRuntime). */
export function useBatchEventStream(): void {
  const store = useStore();
  useEffect(() => connectRealtime({ store, tokenAtom: sessionTokenAtom }), [store]);
}
