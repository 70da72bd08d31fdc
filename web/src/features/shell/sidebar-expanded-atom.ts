import { z } from '@tradepost/shared/schemas/zod-mini.ts';
import { atomWithStorage } from 'jotai/utils';
import { validatedLocalStorage } from '../storage/validated-local-storage.ts';

/** Spec §2, §4: the sidebar is open (220 px, labels) or collapsed (60 px, icons), remembered on this device. */
export const sidebarExpandedAtom = atomWithStorage<boolean>('tradepost.sidebar.expanded.v1', true, validatedLocalStorage(z.boolean()), {
  getOnInit: true,
});
sidebarExpandedAtom.debugLabel = 'sidebarExpandedAtom';
