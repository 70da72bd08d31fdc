import { type UseMutationResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sizeKeys } from '@tradepost/shared/query/sizes.ts';
import {
  type MatchSizeBody,
  matchSizeResultSchema,
  type SizeQueueEntry,
  type SizeQueueList,
  type SizeQueueStatus,
  type SizeRuleList,
  sizeQueueEntrySchema,
  sizeQueueListSchema,
  sizeRuleListSchema,
} from '@tradepost/shared/schemas/sizes.ts';
import type { z } from 'zod';
import { api } from '../../app/api.ts';

/** One page of the queue: the most-seen strings first, so matching the top of it helps the most listings. */
export const SIZE_QUEUE_PAGE_SIZE = 200;

export function useSizeQueue(status: SizeQueueStatus, q: string): UseQueryResult<SizeQueueList> {
  return useQuery({
    queryKey: sizeKeys.queue(status, q),
    queryFn: ({ signal }) =>
      api.get('/admin/size-matching/queue', {
        query: { status, q: q.trim() === '' ? undefined : q.trim(), limit: SIZE_QUEUE_PAGE_SIZE },
        schema: sizeQueueListSchema,
        signal,
      }),
  });
}

export function useSizeRules(q: string): UseQueryResult<SizeRuleList> {
  return useQuery({
    queryKey: sizeKeys.ruleList(q),
    queryFn: ({ signal }) =>
      api.get('/admin/size-matching/rules', {
        query: { q: q.trim() === '' ? undefined : q.trim(), limit: 500 },
        schema: sizeRuleListSchema,
        signal,
      }),
  });
}

type MatchResult = z.infer<typeof matchSizeResultSchema>;

// The matching queue and rules are the admin's, across businesses, and publish no domain event:
// each write refreshes them itself.

/**
 * Matching hundreds of strings in a row must not wait on the network: the entry (and its twins with
 * the same string) leave the open list at once, and the lists are refreshed when the server answers.
 */
export function useMatchSizeEntry(): UseMutationResult<MatchResult, Error, { entry: SizeQueueEntry; body: MatchSizeBody }> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, body }) =>
      api.post(`/admin/size-matching/queue/${encodeURIComponent(entry.id)}/match`, { body, schema: matchSizeResultSchema }),
    onMutate: ({ entry }) => {
      queryClient.setQueriesData<SizeQueueList>({ queryKey: sizeKeys.queues() }, (list) =>
        list === undefined
          ? list
          : { ...list, items: list.items.filter((item) => item.status !== 'open' || item.pattern !== entry.pattern) },
      );
    },
    meta: { quietErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sizeKeys.matching() }),
  });
}

export function useDismissSizeEntry(): UseMutationResult<SizeQueueEntry, Error, SizeQueueEntry> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry) => api.post(`/admin/size-matching/queue/${encodeURIComponent(entry.id)}/dismiss`, { schema: sizeQueueEntrySchema }),
    onMutate: (entry) => {
      queryClient.setQueriesData<SizeQueueList>({ queryKey: sizeKeys.queues() }, (list) =>
        list === undefined ? list : { ...list, items: list.items.filter((item) => item.status !== 'open' || item.id !== entry.id) },
      );
    },
    meta: { quietErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sizeKeys.matching() }),
  });
}

export function useDeleteSizeRule(): UseMutationResult<void, Error, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ruleId) => {
      await api.delete(`/admin/size-matching/rules/${encodeURIComponent(ruleId)}`);
    },
    meta: { quietErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sizeKeys.matching() }),
  });
}
