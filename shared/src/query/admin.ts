import type { BugReportStatus } from '../schemas/bug-reports.ts';
import type { StaleAfter } from './query-key.ts';

/** Which reports a bug-report list shows: one status, or all of them. */
export type BugReportFilter = BugReportStatus | 'all';

/** Query keys of the admin area (one factory per area). */
export const adminKeys = {
  all: ['admin'] as const,
  bugReports: () => [...adminKeys.all, 'bug-reports'] as const,
  bugReportLists: () => [...adminKeys.bugReports(), 'list'] as const,
  bugReportList: (filter: BugReportFilter) => [...adminKeys.bugReportLists(), { filter }] as const,
};

/** Bug reports belong to no business, and domain events are a business's: their writes refresh by hand. */
export const adminStaleAfter: StaleAfter = {};
