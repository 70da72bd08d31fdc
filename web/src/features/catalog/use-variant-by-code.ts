import { productListSchema } from '@tradepost/shared/schemas/catalog.ts';
import { useCallback } from 'react';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { type VariantInfo, variantWithCode } from './variant-info.ts';

/**
 * Finds the size a scanned or typed code belongs to through the catalog search (which matches SKUs
 * and barcodes). A miss is asked again without the cache: the product may be a minute old.
 */
export function useVariantByCode(scope: BusinessScope | undefined): (code: string) => Promise<VariantInfo | null> {
  return useCallback(
    async (code: string) => {
      if (scope === undefined || code.trim() === '') return null;
      const search = async (fresh: boolean) => {
        const list = await api.get(`${scope.basePath}/products`, {
          query: { q: code.trim(), limit: 20, status: 'all' },
          schema: productListSchema,
          fresh,
        });
        return variantWithCode(list.items, code);
      };
      return (await search(false)) ?? (await search(true));
    },
    [scope],
  );
}
