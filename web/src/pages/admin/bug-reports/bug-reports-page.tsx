import { Button, makeStyles, Skeleton, SkeletonItem, Tab, TabList, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowClockwiseRegular, BugRegular } from '@fluentui/react-icons';
import type { BugReportFilter } from '@tradepost/shared/query/admin.ts';
import { type BugReportStatus, bugReportStatuses } from '@tradepost/shared/schemas/bug-reports.ts';
import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import { useEffect, useRef, useState } from 'react';
import { bugReportStatusInfo } from '../../../features/admin/bug-report-status.ts';
import { BUG_REPORT_PAGE_SIZE, useBugReports, useUpdateBugReportStatus } from '../../../features/admin/use-bug-reports.ts';
import { EmptyState } from '../../../features/layout/empty-state.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { RouterLink } from '../../../features/navigation/router-link.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { BugReportCard } from './bug-report-card.tsx';

const useStyles = makeStyles({
  tabs: {
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    marginTop: '-8px',
  },
  tabList: { flexWrap: 'wrap' },
  count: {
    ...typographyStyles.caption1Strong,
    marginLeft: '6px',
    padding: '0 6px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground2,
    fontVariantNumeric: 'tabular-nums',
  },
  list: { display: 'flex', flexDirection: 'column', gap: '16px' },
  note: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

const filters: readonly BugReportFilter[] = ['all', ...bugReportStatuses];

function filterLabel(filter: BugReportFilter): string {
  return filter === 'all' ? 'All' : bugReportStatusInfo[filter].label;
}

function emptyText(filter: BugReportFilter): string {
  if (filter === 'all')
    return 'When someone uses Report Bug in the sidebar, their report appears here with the page, app version and recent errors.';
  if (filter === 'new') return 'Every report has been looked at. New ones appear here as soon as they are sent.';
  return `No report is marked ${bugReportStatusInfo[filter].label.toLowerCase()}. Change a report’s status to move it here.`;
}

/** Signed-in page /admin/bug-reports (admin guard in the router): triage of the Report Bug submissions. */
export function BugReportsPage() {
  const styles = useStyles();
  const toast = useAppToast();
  const [filter, setFilter] = useState<BugReportFilter>('new');
  const reports = useBugReports(filter);
  const update = useUpdateBugReportStatus();
  // Switching filters keeps the last counts on the tabs until the next list arrives.
  const lastCounts = useRef(reports.data?.counts);
  useEffect(() => {
    if (reports.data !== undefined) lastCounts.current = reports.data.counts;
  }, [reports.data]);
  const counts = reports.data?.counts ?? lastCounts.current;
  const countOf = (value: BugReportFilter) =>
    counts === undefined
      ? undefined
      : value === 'all'
        ? bugReportStatuses.reduce((sum, status) => sum + (counts[status] ?? 0), 0)
        : (counts[value] ?? 0);

  const changeStatus = (id: string, status: BugReportStatus) =>
    update.mutate(
      { id, status },
      {
        onSuccess: () => toast({ intent: 'success', title: `Marked as ${bugReportStatusInfo[status].label.toLowerCase()}` }),
        onError: () => toast({ intent: 'error', title: 'Update failed', body: 'The report’s status was not changed. Please try again.' }),
      },
    );

  const items = reports.data?.items ?? [];

  return (
    <AppPage
      title="Bug reports"
      wide
      description={
        <>
          Sent from Report Bug, newest first. <RouterLink to="/admin">Back to Admin</RouterLink>
        </>
      }
      actions={
        <Button icon={<ArrowClockwiseRegular />} disabled={reports.isFetching} onClick={() => void reports.refetch()}>
          Refresh
        </Button>
      }
    >
      <div className={styles.tabs}>
        <TabList
          className={styles.tabList}
          selectedValue={filter}
          onTabSelect={(_, data) => setFilter(filters.find((f) => f === data.value) ?? 'all')}
          aria-label="Filter by status"
        >
          {filters.map((value) => {
            const count = countOf(value);
            return (
              <Tab key={value} value={value}>
                {filterLabel(value)}
                {count === undefined ? null : <span className={styles.count}>{count}</span>}
              </Tab>
            );
          })}
        </TabList>
      </div>

      {reports.isPending ? (
        <Skeleton aria-label="Loading bug reports">
          <SkeletonItem size={128} />
        </Skeleton>
      ) : reports.isError ? (
        <LoadFailed subject="Bug reports" onRetry={() => void reports.refetch()} retrying={reports.isFetching} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<BugRegular />}
          headingLevel={2}
          title={filter === 'all' ? 'No bug reports yet' : `No ${filterLabel(filter).toLowerCase()} reports`}
        >
          {emptyText(filter)}
        </EmptyState>
      ) : (
        <div className={styles.list}>
          {items.map((report) => (
            <BugReportCard
              key={report.id}
              report={report}
              updating={update.isPending && update.variables?.id === report.id}
              onStatusChange={(status) => changeStatus(report.id, status)}
            />
          ))}
          {items.length >= BUG_REPORT_PAGE_SIZE ? (
            <p className={styles.note}>Showing the latest {BUG_REPORT_PAGE_SIZE} reports in this list.</p>
          ) : null}
        </div>
      )}
    </AppPage>
  );
}
