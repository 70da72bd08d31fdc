import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogKeys } from '@tradepost/shared/query/catalog.ts';
import { type ImportPreview, type ImportResult, importPreviewSchema, importResultSchema } from '@tradepost/shared/schemas/catalog-io.ts';
import { api } from '../../app/api.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

/** The file goes out as it is: a Blob body keeps its own Content-Type (text/csv) through the API client. */
const csvBody = (text: string) => new Blob([text], { type: 'text/csv' });

/** POST /catalog/import/preview: what the file would do, every bad row with its reasons. Writes nothing. */
export function useImportPreview(scope: BusinessScope | undefined): UseMutationResult<ImportPreview, Error, string> {
  return useMutation({
    mutationFn: (csv: string) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${scope.basePath}/catalog/import/preview`, { body: csvBody(csv), schema: importPreviewSchema });
    },
    // The dialog shows what went wrong in place.
    meta: { quietErrors: true },
  });
}

export type CommitInput = { csv: string; importId: string };

/**
 * POST /catalog/import with the file's import id: if the answer is lost and the client retries, the
 * server refuses to add the same stock twice (409 IMPORT_ALREADY_COMMITTED) instead of doubling it.
 */
export function useImportCommit(scope: BusinessScope | undefined): UseMutationResult<ImportResult, Error, CommitInput> {
  const queryClient = useQueryClient();
  const refresh = () => {
    if (scope === undefined) return;
    // Opening stock publishes `stock.moved`, which refreshes the stock screens from the answer's
    // header (app/api.ts); new and changed products publish no event, so the catalog refreshes here.
    api.invalidate(`${scope.basePath}/products`);
    void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
  };
  return useMutation({
    mutationFn: ({ csv, importId }: CommitInput) => {
      if (scope === undefined) throw new Error('No business');
      return api.post(`${scope.basePath}/catalog/import`, {
        body: csvBody(csv),
        query: { import_id: importId },
        schema: importResultSchema,
      });
    },
    meta: { quietErrors: true },
    // Even a refused commit may follow another tab's change; refetching is cheap.
    onSettled: refresh,
  });
}
