import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  mergeClasses,
  Spinner,
  Tab,
  TabList,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowLeftRegular, BarcodeScannerRegular, EyeRegular, TaskListSquareLtrRegular } from '@fluentui/react-icons';
import type { Count } from '@tradepost/shared/schemas/inventory.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { orderCountLines, signed } from '../../../features/inventory/count-model.ts';
import { formatCount, StatCard, StatGrid } from '../../../features/inventory/inventory-figures.tsx';
import { CountStatusBadge } from '../../../features/inventory/status-badges.tsx';
import { useCountScanning } from '../../../features/inventory/use-count-scanning.ts';
import { type CompleteCountResult, useCancelCount, useCount, useRevealCount } from '../../../features/inventory/use-counts.ts';
import { useLocations } from '../../../features/inventory/use-locations.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { ScanFeedbackBar } from '../../../features/scanner/scan-feedback-bar.tsx';
import { useScanHandler } from '../../../features/scanner/use-scan-handler.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { CountLineInput } from './count-line-input.tsx';
import { CountReview, PostedMovements } from './count-review.tsx';

const useStyles = makeStyles({
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
  tabs: { overflowX: 'auto', marginInline: '-10px' },
  title: { ...typographyStyles.body1Strong, display: 'block' },
  meta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block' },
});

type LineFilter = 'all' | 'uncounted' | 'variance';

/** inventory/counts/{id}: the lines of one count, typed or scanned, then the variance review and completion. */
export function CountPage() {
  const styles = useStyles();
  const { countId = '' } = useParams();
  const scope = useBusinessScope();
  const count = useCount(scope, countId);
  const locations = useLocations(scope);
  const [completed, setCompleted] = useState<CompleteCountResult | null>(null);

  const back = (
    <ButtonLink to="/inventory/counts" icon={<ArrowLeftRegular />}>
      All counts
    </ButtonLink>
  );

  if (count.isPending) {
    return (
      <AppPage title="Count" actions={back}>
        <p className={styles.muted}>
          <Spinner size="tiny" aria-hidden="true" /> Loading count…
        </p>
      </AppPage>
    );
  }
  if (count.data === undefined) {
    return (
      <AppPage title="Count" actions={back}>
        <MessageBar intent="warning">
          <MessageBarBody>This count could not be found. Go back to the list of counts and open it from there.</MessageBarBody>
        </MessageBar>
      </AppPage>
    );
  }
  const data = count.data;
  const location = locations.data?.find((l) => l.id === data.location_id)?.name ?? 'Unknown location';
  const open = data.status === 'in_progress';

  return (
    <AppPage
      title={data.name}
      description={`${location} · started ${formatWhen(data.created_at)}${data.completed_at === null ? '' : ` · completed ${formatWhen(data.completed_at)}`}${data.cancelled_at === null ? '' : ` · cancelled ${formatWhen(data.cancelled_at)}`}`}
      wide
      actions={
        <div className={styles.actions}>
          {back}
          {open ? (
            <ButtonLink to={`/inventory/counts/${data.id}/scanner`} appearance="primary" icon={<BarcodeScannerRegular />}>
              Open scanner
            </ButtonLink>
          ) : null}
        </div>
      }
    >
      <div className={styles.head}>
        <CountStatusBadge status={data.status} />
        {data.blind ? (
          <Badge appearance="outline" shape="rounded" icon={<EyeRegular />}>
            Blind
          </Badge>
        ) : null}
        {data.product_ids === null ? null : (
          <Badge appearance="outline" shape="rounded">
            {data.product_ids.length} {data.product_ids.length === 1 ? 'product' : 'products'} only
          </Badge>
        )}
      </div>
      <CountFigures count={data} />
      {open && data.blind ? <RevealBar count={data} /> : null}
      {data.status === 'cancelled' ? (
        <MessageBar intent="info">
          <MessageBarBody>This count was cancelled; nothing was posted. Start a new count from the list of counts.</MessageBarBody>
        </MessageBar>
      ) : null}
      <CountLines count={data} />
      {open && !data.blind ? <CountReview count={data} onCompleted={setCompleted} /> : null}
      {data.status === 'completed' ? <PostedMovements count={data} result={completed} /> : null}
      {open ? <CancelCount count={data} /> : null}
    </AppPage>
  );
}

function CountFigures({ count }: { count: Count }) {
  const t = count.totals;
  return (
    <StatGrid label="Count totals">
      <StatCard
        label="Lines counted"
        value={`${formatCount(t.counted_lines)} / ${formatCount(t.lines)}`}
        hint={`${formatCount(t.uncounted_lines)} not counted yet`}
      />
      <StatCard label="Units counted" value={formatCount(t.units_counted)} />
      <StatCard
        label="Units expected"
        value={t.units_expected === null ? 'Hidden' : formatCount(t.units_expected)}
        hint={t.units_expected === null ? 'Blind count' : 'Frozen at the start'}
      />
      <StatCard
        label="Variance"
        value={t.variance_units === null ? 'Hidden' : `${signed(t.variance_units)} ${Math.abs(t.variance_units) === 1 ? 'unit' : 'units'}`}
        hint={t.variance_units === null ? 'Revealed when counting is done' : 'Counted − expected, counted lines'}
      />
    </StatGrid>
  );
}

function RevealBar({ count }: { count: Count }) {
  const scope = useBusinessScope();
  const reveal = useRevealCount(scope, count.id);
  return (
    <MessageBar intent="info" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>Blind count</MessageBarTitle>
        Expected quantities are hidden so counters count what they see. When counting is done, reveal them to review the variance and
        complete the count. This cannot be undone.
      </MessageBarBody>
      <MessageBarActions>
        <Button
          icon={reveal.isPending ? <Spinner size="tiny" /> : <EyeRegular />}
          disabledFocusable={reveal.isPending}
          onClick={() => reveal.mutate()}
        >
          Reveal expected quantities
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}

function CountLines({ count }: { count: Count }) {
  const styles = useStyles();
  const table = useTableStyles();
  const scope = useBusinessScope();
  const open = count.status === 'in_progress';
  const scanning = useCountScanning(scope, count.id);
  const [filter, setFilter] = useState<LineFilter>('all');
  useScanHandler((code) => {
    if (open) scanning.scanCode(code);
    else scanning.feedback.error(`This count is ${count.status === 'completed' ? 'completed' : 'cancelled'}; scans are not taken.`);
  });

  const hidden = count.lines.some((line) => line.expected === null);
  // By product, then size in size order (9, 9.5, 10 …), whatever order the server sent.
  const shown = orderCountLines(count.lines).filter((line) =>
    filter === 'uncounted' ? line.counted === null : filter === 'variance' ? (line.variance ?? 0) !== 0 : true,
  );
  const lastVariant = scanning.last?.ok === true ? scanning.last.line.variant_id : null;

  return (
    <PageSection
      id="count-lines"
      title="Lines"
      icon={<TaskListSquareLtrRegular />}
      description={
        open
          ? 'Type a counted quantity (saved when you leave the box), or scan items: a hardware scanner works anywhere on this page.'
          : undefined
      }
    >
      <ScanFeedbackBar feedback={scanning.feedback.feedback} flashing={scanning.feedback.flashing} />
      <TabList
        className={styles.tabs}
        selectedValue={filter}
        onTabSelect={(_, d) => setFilter(d.value as LineFilter)}
        aria-label="Which lines to show"
      >
        <Tab value="all">All ({count.lines.length})</Tab>
        <Tab value="uncounted">Not counted ({count.totals.uncounted_lines})</Tab>
        {hidden ? null : <Tab value="variance">With variance ({count.lines.filter((l) => (l.variance ?? 0) !== 0).length})</Tab>}
      </TabList>
      {count.lines.length === 0 ? (
        <p className={styles.text}>
          Nothing is on this count yet: the location had no stock when it started. Scan the items you find; each is added as you scan it.
        </p>
      ) : shown.length === 0 ? (
        <p className={styles.text}>{filter === 'uncounted' ? 'Every line has been counted.' : 'No line differs from what was expected.'}</p>
      ) : (
        <DataTable
          label="Count lines"
          head={
            <>
              <th className={table.th}>Item</th>
              <th className={mergeClasses(table.th, table.num)}>Expected</th>
              <th className={table.th}>Counted</th>
              <th className={mergeClasses(table.th, table.num)}>Variance</th>
            </>
          }
        >
          {shown.map((line) => {
            const label = `${line.product_title}, size ${line.size}`;
            return (
              <tr key={line.variant_id} className={lastVariant === line.variant_id ? table.highlight : undefined}>
                <td className={table.td}>
                  <span className={styles.title}>{line.product_title}</span>
                  <span className={styles.meta}>
                    Size {line.size} · {line.sku}
                    {line.added_during_count ? ' · found during the count' : ''}
                  </span>
                </td>
                <td className={mergeClasses(table.td, table.num)}>
                  {line.expected === null ? <span className={table.muted}>Hidden</span> : line.expected}
                </td>
                <td className={table.td}>
                  {open ? <CountLineInput scope={scope} countId={count.id} line={line} label={label} /> : (line.counted ?? '—')}
                </td>
                <td
                  className={mergeClasses(
                    table.td,
                    table.num,
                    (line.variance ?? 0) > 0 && table.plus,
                    (line.variance ?? 0) < 0 && table.minus,
                  )}
                >
                  {line.variance === null ? (
                    <span className={table.muted}>{line.expected === null ? 'Hidden' : '—'}</span>
                  ) : (
                    signed(line.variance)
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </PageSection>
  );
}

function CancelCount({ count }: { count: Count }) {
  const styles = useStyles();
  const scope = useBusinessScope();
  const cancel = useCancelCount(scope, count.id);
  const [asking, setAsking] = useState(false);
  return (
    <div className={styles.actions}>
      <Button appearance="subtle" onClick={() => setAsking(true)}>
        Cancel this count
      </Button>
      <Dialog open={asking} modalType="alert" onOpenChange={(_, d) => !cancel.isPending && setAsking(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Cancel this count?</DialogTitle>
            <DialogContent>
              Nothing is posted to the stock ledger and what was counted is kept for reference only. The location can be counted again
              afterwards.
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setAsking(false)} disabled={cancel.isPending}>
                Keep counting
              </Button>
              <Button
                appearance="primary"
                icon={cancel.isPending ? <Spinner size="tiny" /> : undefined}
                disabledFocusable={cancel.isPending}
                onClick={() => cancel.mutate(undefined, { onSuccess: () => setAsking(false) })}
              >
                Cancel count
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
