import { Button, makeStyles, mergeClasses, Spinner, Tab, TabList, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, ArrowRightRegular, ArrowSwapRegular, ClipboardTaskListLtrRegular } from '@fluentui/react-icons';
import type { Location } from '@tradepost/shared/schemas/inventory.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useSearchParams } from 'react-router-dom';
import { TransferStageBadge } from '../../../features/inventory/status-badges.tsx';
import {
  type TransferStage,
  transferStage,
  transferStageLabels,
  transferStages,
  transferTotals,
} from '../../../features/inventory/transfer-model.ts';
import { useLocations } from '../../../features/inventory/use-locations.ts';
import { useTransfers } from '../../../features/inventory/use-transfers.ts';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { LocationSetup } from '../adjustments/location-setup.tsx';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  route: { display: 'inline-flex', alignItems: 'center', gap: '6px', flexWrap: 'wrap' },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
  note: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block', maxWidth: '280px' },
  tabs: { overflowX: 'auto', marginInline: '-10px' },
});

export const locationName = (locations: readonly Location[] | undefined, id: string) =>
  locations?.find((location) => location.id === id)?.name ?? 'Unknown location';

type Filter = 'all' | TransferStage;
const isFilter = (value: string | null): value is Filter => value === 'all' || transferStages.includes(value as TransferStage);

/** The latest transfers, by status, with the way to start one. */
export function TransferList({ onOpen, onNew }: { onOpen: (id: string) => void; onNew: () => void }) {
  const styles = useStyles();
  const table = useTableStyles();
  const scope = useBusinessScope();
  const transfers = useTransfers(scope);
  const locations = useLocations(scope);
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const filter: Filter = isFilter(requested) ? requested : 'all';

  const activeLocations = (locations.data ?? []).filter((location) => !location.archived);
  const all = transfers.data ?? [];
  const counts = new Map<Filter, number>([['all', all.length]]);
  for (const transfer of all) {
    const stage = transferStage(transfer);
    counts.set(stage, (counts.get(stage) ?? 0) + 1);
  }
  // No tally until the list is in: "(0)" would claim there are none.
  const tally = (key: Filter) => (transfers.data === undefined ? null : ` (${counts.get(key) ?? 0})`);
  const shown = filter === 'all' ? all : all.filter((transfer) => transferStage(transfer) === filter);
  const canTransfer = activeLocations.length >= 2;

  return (
    <AppPage
      title="Transfers"
      description="Move stock between your locations: send it from one, receive it at the other, all or part at a time."
      wide
      actions={
        <div className={styles.actions}>
          <ButtonLink to="/inventory" icon={<ClipboardTaskListLtrRegular />}>
            Inventory overview
          </ButtonLink>
          <Button appearance="primary" icon={<AddRegular />} onClick={onNew} disabled={!canTransfer}>
            New transfer
          </Button>
        </div>
      }
    >
      {locations.data !== undefined && !canTransfer ? (
        <PageSection
          id="transfer-locations"
          title="Add a second location"
          icon={<ArrowSwapRegular />}
          description={
            activeLocations.length === 0
              ? 'A transfer moves stock from one location to another. Create your first location, then a second one.'
              : `A transfer moves stock from one location to another, and you have only ${activeLocations[0]?.name ?? 'one'}. Create the second one here.`
          }
        >
          <LocationSetup scope={scope} onCreated={() => undefined} />
        </PageSection>
      ) : null}

      <PageSection id="transfer-list" title="Transfers" icon={<ArrowSwapRegular />}>
        <TabList
          className={styles.tabs}
          selectedValue={filter}
          onTabSelect={(_, data) => setParams(data.value === 'all' ? {} : { status: String(data.value) }, { replace: true })}
          aria-label="Filter transfers by status"
        >
          <Tab value="all">All{tally('all')}</Tab>
          {transferStages.map((stage) => (
            <Tab key={stage} value={stage}>
              {transferStageLabels[stage]}
              {tally(stage)}
            </Tab>
          ))}
        </TabList>
        {transfers.isPending ? (
          <p className={styles.muted}>
            <Spinner size="tiny" aria-hidden="true" /> Loading transfers…
          </p>
        ) : transfers.isError ? (
          <LoadFailed subject="The transfers" onRetry={() => void transfers.refetch()} retrying={transfers.isFetching} />
        ) : shown.length === 0 ? (
          <p className={styles.text}>
            {all.length === 0
              ? canTransfer
                ? 'No transfers yet. Choose New transfer to send stock from one location to another.'
                : 'No transfers yet. Once you have two locations, New transfer sends stock between them.'
              : `No ${transferStageLabels[filter as TransferStage].toLowerCase()} transfers. Choose another status above.`}
          </p>
        ) : (
          <DataTable
            label="Transfers"
            head={
              <>
                <th className={table.th}>Created</th>
                <th className={table.th}>From → to</th>
                <th className={mergeClasses(table.th, table.num)}>Units</th>
                <th className={mergeClasses(table.th, table.num)}>Received</th>
                <th className={table.th}>Status</th>
                <th className={table.th} aria-label="Actions" />
              </>
            }
          >
            {shown.map((transfer) => {
              const totals = transferTotals(transfer);
              const from = locationName(locations.data, transfer.from_location_id);
              const to = locationName(locations.data, transfer.to_location_id);
              return (
                <tr key={transfer.id}>
                  <td className={table.td}>
                    <span className={table.nowrap}>{formatWhen(transfer.created_at)}</span>
                    {transfer.note === null ? null : <span className={styles.note}>{transfer.note}</span>}
                  </td>
                  <td className={table.td}>
                    <span className={styles.route}>
                      {from} <ArrowRightRegular aria-label="to" /> {to}
                    </span>
                  </td>
                  <td className={mergeClasses(table.td, table.num)}>
                    {totals.units} <span className={table.muted}>in {totals.lines}</span>
                  </td>
                  <td className={mergeClasses(table.td, table.num)}>
                    {totals.received} of {totals.units}
                  </td>
                  <td className={table.td}>
                    <TransferStageBadge stage={transferStage(transfer)} />
                  </td>
                  <td className={table.td}>
                    <Button
                      size="small"
                      onClick={() => onOpen(transfer.id)}
                      aria-label={`Open transfer ${from} to ${to}, ${formatWhen(transfer.created_at)}`}
                    >
                      Open
                    </Button>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </PageSection>
    </AppPage>
  );
}
