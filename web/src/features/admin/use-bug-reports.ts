import { type UseMutationResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys, type BugReportFilter } from '@tradepost/shared/query/admin.ts';
import { type BugReport, type BugReportStatus, bugReportListSchema, bugReportSchema } from '@tradepost/shared/schemas/bug-reports.ts';
import type { z } from 'zod';
import { api } from '../../app/api.ts';

export type BugReportList = z.infer<typeof bugReportListSchema>;

/** How many reports one list shows (the API's maximum is 200). */
export const BUG_REPORT_PAGE_SIZE = 100;

/** GET /admin/bug-reports?status=: newest first, with the count of every status. */
export function useBugReports(filter: BugReportFilter): UseQueryResult<BugReportList> {
  return useQuery({
    queryKey: adminKeys.bugReportList(filter),
    queryFn: ({ signal }) =>
      api.get('/admin/bug-reports', {
        query: { status: filter === 'all' ? undefined : filter, limit: BUG_REPORT_PAGE_SIZE },
        schema: bugReportListSchema,
        signal,
      }),
  });
}

/**
 * PATCH /admin/bug-reports/{id} { status }: every list and count is refreshed afterwards, by hand:
 * bug reports belong to no business, and domain events are a business's.
 */
export function useUpdateBugReportStatus(): UseMutationResult<BugReport, Error, { id: string; status: BugReportStatus }> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }) =>
      api.patch(`/admin/bug-reports/${encodeURIComponent(id)}`, { body: { status }, schema: bugReportSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.bugReportLists() }),
  });
}
