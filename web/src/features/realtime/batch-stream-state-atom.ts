import type { EventStreamState } from '@tradepost/shared/client/event-stream.ts';
import { atom } from 'jotai';

/** Spec §4: disconnected, connecting, connected or error (after 5 failed reconnects it stays at error). */
export const batchStreamStateAtom = atom<EventStreamState>('disconnected');
batchStreamStateAtom.debugLabel = 'batchStreamStateAtom';
