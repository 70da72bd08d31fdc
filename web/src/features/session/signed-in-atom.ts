import { atom } from 'jotai';
import { sessionAtom } from './session-atom.ts';
import { isSessionActive } from './session-model.ts';

/**
 * True while a stored session has not expired. The clock is read when the session changes; the
 * expiry watcher clears the session when time runs out, which re-evaluates this atom.
 */
export const signedInAtom = atom((get) => isSessionActive(get(sessionAtom), Date.now()));
signedInAtom.debugLabel = 'signedInAtom';
