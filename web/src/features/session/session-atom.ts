import { z } from '@tradepost/shared/schemas/zod-mini.ts';
import { atomWithStorage } from 'jotai/utils';
import { validatedLocalStorage } from '../storage/validated-local-storage.ts';
import { SESSION_STORAGE_KEY, type StoredSession, storedSessionSchema } from './session-model.ts';

/** Token and expiry, persisted so a reload keeps the user signed in; null when signed out. */
export const sessionAtom = atomWithStorage<StoredSession | null>(
  SESSION_STORAGE_KEY,
  null,
  validatedLocalStorage(z.nullable(storedSessionSchema)),
  { getOnInit: true },
);
sessionAtom.debugLabel = 'sessionAtom';
