import { atomWithStorage } from 'jotai/utils';
import { z } from 'zod';
import { validatedLocalStorage } from '../storage/validated-local-storage.ts';

// Under the kept `tradepost.preferences` prefix: the counter's tax rate survives a new build's cache clear.
export const posTaxRateAtom = atomWithStorage<string>(
  'tradepost.preferences.pos-tax-rate.v1',
  '',
  validatedLocalStorage(z.string().max(12)),
  {
    getOnInit: true,
  },
);
posTaxRateAtom.debugLabel = 'posTaxRateAtom';
