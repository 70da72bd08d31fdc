import type { BugReportStatus } from '@tradepost/shared/schemas/bug-reports.ts';

/** Which reports a bug-report list shows: one status, or all of them. */
export type BugReportFilter = BugReportStatus | 'all';

/** Query keys of the admin area (one factory per area). */
export const adminKeys = {
  all: ['admin'] as const,
  bugReports: () => [...adminKeys.all, 'bug-reports'] as const,
  bugReportLists: () => [...adminKeys.bugReports(), 'list'] as const,
  bugReportList: (filter: BugReportFilter) => [...adminKeys.bugReportLists(), { filter }] as const,
};
