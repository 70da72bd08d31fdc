import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { inventoryKeys, type StockGridParams } from '@tradepost/shared/query/inventory.ts';
import { STOCK_GRID_PAGE_SIZE, type StockGrid, type StockGridFilter, stockGridSchema } from '@tradepost/shared/schemas/inventory-grid.ts';
import { api } from '../../../app/api.ts';
import { saveFile, today } from '../../../features/catalog-io/save-file.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';

/** The filter as the API reads it: blanks left out, the flag as text. */
export function stockGridQuery(filter: StockGridFilter): Record<string, string | undefined> {
  const q = filter.q?.trim() ?? '';
  return {
    q: q === '' ? undefined : q,
    brand: filter.brand,
    location_id: filter.location_id,
    in_stock: filter.in_stock === true ? 'true' : undefined,
  };
}

/** One page of stock by location; the previous page stays on screen while the next loads. */
export function useStockGrid(scope: BusinessScope | undefined, params: StockGridParams): UseQueryResult<StockGrid> {
  return useQuery({
    queryKey: inventoryKeys.stockGrid(scope?.businessId ?? '', params),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/inventory/stock-by-location`, {
        query: { ...stockGridQuery(params), limit: STOCK_GRID_PAGE_SIZE, offset: params.offset === 0 ? undefined : params.offset },
        schema: stockGridSchema,
        signal,
      });
    },
    enabled: scope !== undefined,
    placeholderData: keepPreviousData,
  });
}

/**
 * GET …/stock-by-location.csv for the same filter (every row, not the page) through the API client,
 * which carries the token, and saves it. The client answers text for text/csv.
 */
export async function downloadStockGridCsv(scope: BusinessScope, filter: StockGridFilter): Promise<void> {
  const answer: unknown = await api.get(`${scope.basePath}/inventory/stock-by-location.csv`, {
    query: stockGridQuery(filter),
    fresh: true,
    headers: { Accept: 'text/csv' },
  });
  // The byte-order mark tells spreadsheet programs the file is UTF-8 (text decoding drops it).
  const text = typeof answer === 'string' ? answer.replace(/^\uFEFF/, '') : '';
  const blob = answer instanceof Blob ? answer : new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  saveFile(blob, `stock-by-location-${today()}.csv`);
}
