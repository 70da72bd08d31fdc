import { atom } from 'jotai';
import { sessionAtom } from '../session/session-atom.ts';
import { activeToken } from '../session/session-model.ts';

/** The token the stream connects with: null when signed out or expired. */
export const sessionTokenAtom = atom((get) => activeToken(get(sessionAtom), Date.now()));
sessionTokenAtom.debugLabel = 'sessionTokenAtom';
