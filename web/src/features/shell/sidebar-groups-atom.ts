import { z } from '@tradepost/shared/schemas/zod-mini.ts';
import { atomWithStorage } from 'jotai/utils';
import { validatedLocalStorage } from '../storage/validated-local-storage.ts';

/** Spec §4: each sidebar group's open or closed state, by group id, remembered on this device. Absent = never toggled. */
export const sidebarGroupsAtom = atomWithStorage<Record<string, boolean>>(
  'tradepost.sidebar.groups.v1',
  {},
  validatedLocalStorage(z.record(z.string(), z.boolean())),
  { getOnInit: true },
);
sidebarGroupsAtom.debugLabel = 'sidebarGroupsAtom';
