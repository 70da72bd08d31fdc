import { productListSchema } from '@tradepost/shared/schemas/catalog.ts';
import { useCallback } from 'react';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';
import type { CartItem } from './cart-model.ts';
import { itemForCode } from './pos-items.ts';

async function search(scope: BusinessScope, code: string, fresh: boolean): Promise<CartItem | null> {
  const list = await api.get(`${scope.basePath}/products`, { query: { q: code, limit: 20 }, schema: productListSchema, fresh });
  return itemForCode(list.items, code);
}

/**
 * The size a code belongs to, through the catalog search (it matches barcodes and SKUs exactly). A
 * miss is asked again past the cache: the product may have been created a moment ago elsewhere.
 */
export function useCodeLookup(scope: BusinessScope | undefined): (code: string) => Promise<CartItem | null> {
  return useCallback(
    async (code: string) => {
      const trimmed = code.trim();
      if (scope === undefined || trimmed === '') return null;
      return (await search(scope, trimmed, false)) ?? (await search(scope, trimmed, true));
    },
    [scope],
  );
}
