import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  type UseMutationResult,
  type UseQueryResult,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type BatchFilters, batchKeys } from '@tradepost/shared/query/batch-operations.ts';
import {
  type BatchDetail,
  type BatchItemDetail,
  type BatchItemStatus,
  type BatchList,
  type BatchOperation,
  batchDetailSchema,
  batchItemDetailSchema,
  batchListSchema,
  batchOperationSchema,
  type CreateBatchBody,
} from '@tradepost/shared/schemas/batch-operations.ts';
import { useEffect } from 'react';
import { api } from '../../app/api.ts';
import { useBatchUpdates } from '../realtime/use-batch-updates.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

const BATCH_PAGE_SIZE = 25;
export const ITEM_PAGE_SIZE = 200;

function requireScope(scope: BusinessScope | undefined): BusinessScope {
  if (scope === undefined) throw new Error('No business');
  return scope;
}

const isRunning = (batch: BatchOperation) => batch.status === 'queued' || batch.status === 'running';

/**
 * While something runs, read again now and then: the stream moves the bars, this keeps counts,
 * statuses and durations true (and covers a stream that could not connect).
 */
function useRefetchWhileRunning(): (running: boolean) => number | false {
  const { connection } = useBatchUpdates();
  return (running) => (running ? (connection === 'connected' ? 3_000 : 1_500) : false);
}

/** Batches newest first, 25 a page ("Load more"), with the list's filters. */
export function useBatchList(
  scope: BusinessScope | undefined,
  filters: BatchFilters,
): UseInfiniteQueryResult<InfiniteData<BatchList, string | null>> {
  const interval = useRefetchWhileRunning();
  return useInfiniteQuery({
    queryKey: batchKeys.list(scope?.businessId ?? '', filters),
    queryFn: ({ pageParam, signal }) =>
      api.get(`${requireScope(scope).basePath}/batch-operations`, {
        query: { ...filters, limit: BATCH_PAGE_SIZE, cursor: pageParam ?? undefined },
        schema: batchListSchema,
        signal,
        fresh: true,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: scope !== undefined,
    refetchInterval: (query) => interval((query.state.data?.pages ?? []).some((page) => page.batches.some(isRunning))),
  });
}

/** One batch with a page of its items (all, or one status), from `after` (the last seq of the previous page). */
export function useBatch(
  scope: BusinessScope | undefined,
  batchId: string | undefined,
  status: BatchItemStatus | 'all',
  after: string | null = null,
): UseQueryResult<BatchDetail> {
  const interval = useRefetchWhileRunning();
  return useQuery({
    queryKey: [...batchKeys.detail(scope?.businessId ?? '', batchId ?? '', status), after],
    queryFn: ({ signal }) =>
      api.get(`${requireScope(scope).basePath}/batch-operations/${encodeURIComponent(batchId ?? '')}`, {
        query: { limit: ITEM_PAGE_SIZE, status: status === 'all' ? undefined : status, cursor: after ?? undefined },
        schema: batchDetailSchema,
        signal,
        fresh: true,
      }),
    enabled: scope !== undefined && batchId !== undefined,
    refetchInterval: (query) => interval(query.state.data !== undefined && isRunning(query.state.data.batch)),
  });
}

/** The request and response of one item (the debug screen). */
export function useBatchItem(scope: BusinessScope | undefined, batchId: string, seq: number | null): UseQueryResult<BatchItemDetail> {
  return useQuery({
    queryKey: batchKeys.item(scope?.businessId ?? '', batchId, seq ?? 0),
    queryFn: ({ signal }) =>
      api.get(`${requireScope(scope).basePath}/batch-operations/${encodeURIComponent(batchId)}/items/${seq}`, {
        schema: batchItemDetailSchema,
        signal,
        fresh: true,
      }),
    enabled: scope !== undefined && seq !== null,
  });
}

/**
 * Starting a batch publishes no domain event (its items run later, in a job; their prices and
 * listings reach other screens through the stream), and the stream's batch events carry progress,
 * not lists: so the batch lists and marketplace pages are refreshed here.
 */
function useRefreshBatches(scope: BusinessScope | undefined) {
  const queryClient = useQueryClient();
  return () => {
    if (scope === undefined) return;
    api.invalidate(`${scope.basePath}/batch-operations`);
    api.invalidate(`${scope.basePath}/marketplaces`);
    void queryClient.invalidateQueries({ queryKey: batchKeys.all });
  };
}

/** Starts a batch; it runs in the background and reports on the stream. */
export function useCreateBatch(scope: BusinessScope | undefined): UseMutationResult<BatchOperation, Error, CreateBatchBody> {
  const refresh = useRefreshBatches(scope);
  return useMutation({
    mutationFn: (body) => api.post(`${requireScope(scope).basePath}/batch-operations`, { body, schema: batchOperationSchema }),
    meta: { quietErrors: true },
    onSuccess: refresh,
  });
}

/** Sends only the failed items of a batch again. */
export function useRetryFailedItems(scope: BusinessScope | undefined): UseMutationResult<BatchOperation, Error, string> {
  const refresh = useRefreshBatches(scope);
  return useMutation({
    mutationFn: (batchId) =>
      api.post(`${requireScope(scope).basePath}/batch-operations/${encodeURIComponent(batchId)}/retry`, { schema: batchOperationSchema }),
    meta: { quietErrors: true },
    onSuccess: refresh,
  });
}

/**
 * When the stream says a batch completed or failed (spec §4: marked for a completion view), the
 * batch lists, details and marketplace pages are read again; then the mark is cleared.
 */
export function useRefreshOnFinishedBatches(scope: BusinessScope | undefined): void {
  const { finishedBatchIds, dismissFinished } = useBatchUpdates();
  const refresh = useRefreshBatches(scope);
  useEffect(() => {
    if (finishedBatchIds.length === 0) return;
    refresh();
    for (const id of finishedBatchIds) dismissFinished(id);
  }, [finishedBatchIds, dismissFinished, refresh]);
}
