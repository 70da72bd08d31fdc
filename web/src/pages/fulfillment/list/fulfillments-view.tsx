import { Field, makeStyles, mergeClasses, Select, Spinner, Tab, TabList, tokens, typographyStyles } from '@fluentui/react-components';
import { BarcodeScannerRegular, BoxRegular } from '@fluentui/react-icons';
import type { ChannelKind, Fulfillment } from '@tradepost/shared/schemas/sales.ts';
import { channelKinds } from '@tradepost/shared/schemas/sales.ts';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import type { KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ageLabel, fulfillmentStatusLabels, groupByStage, openStages, progress } from '../../../features/fulfillment/fulfillment-model.ts';
import { useFulfillments } from '../../../features/fulfillment/use-fulfillments.ts';
import { useLocations } from '../../../features/inventory/use-locations.ts';
import { EmptyState } from '../../../features/layout/empty-state.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { ChannelBadge } from '../../../features/sales/sale-badges.tsx';
import { channelLabels, saleNumberLabel } from '../../../features/sales/sale-model.ts';
import { type SalesScreen, SalesShortcuts } from '../../../features/sales/sales-shortcuts.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { useCan } from '../../../features/session/use-can.ts';
import { useNarrowViewport } from '../../../features/shell/use-narrow-viewport.ts';
import { FulfillmentDetail } from './fulfillment-detail.tsx';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: '12px' },
  channel: { minWidth: '200px' },
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(300px, 400px) minmax(0, 1fr)',
    gap: '20px',
    alignItems: 'start',
  },
  side: { position: 'sticky', top: '72px' },
  groups: { display: 'flex', flexDirection: 'column', gap: '16px' },
  groupTitle: {
    ...typographyStyles.caption1Strong,
    margin: '0 0 6px',
    textTransform: 'uppercase',
    letterSpacing: '0.06em',
    color: tokens.colorNeutralForeground3,
  },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '6px' },
  item: {
    width: '100%',
    textAlign: 'start',
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gap: '2px 12px',
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    cursor: 'pointer',
    font: 'inherit',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  selected: { border: `1px solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  number: { ...typographyStyles.body1Strong },
  right: {
    ...typographyStyles.caption1Strong,
    textAlign: 'end',
    fontVariantNumeric: 'tabular-nums',
    color: tokens.colorNeutralForeground2,
  },
  sub: {
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
  hint: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
});

type ListTab = 'open' | 'shipped';

type FulfillmentsViewProps = {
  title: string;
  description: string;
  /** Only these channels' work (the retail screen); every channel when absent. */
  channels?: readonly ChannelKind[];
  /** The screen's route when it is one of the sales and fulfillment screens, marked in their row. */
  route?: SalesScreen;
};

/** Moves focus between the order buttons with the arrow keys, Home and End. */
function onListKey(event: KeyboardEvent<HTMLDivElement>) {
  if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[data-fulfillment-item]')];
  if (items.length === 0) return;
  event.preventDefault();
  const index = items.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? items.length - 1
        : event.key === 'ArrowDown'
          ? Math.min(items.length - 1, index + 1)
          : Math.max(0, index - 1);
  items[next]?.focus();
}

/** The pick list: open orders by stage, oldest first, beside the one being worked on. */
export function FulfillmentsView({ title, description, channels, route }: FulfillmentsViewProps) {
  const styles = useStyles();
  const scope = useBusinessScope();
  const can = useCan();
  const narrow = useNarrowViewport();
  const [params, setParams] = useSearchParams();
  const tab: ListTab = params.get('tab') === 'shipped' ? 'shipped' : 'open';
  const offered = channels ?? channelKinds;
  const requested = params.get('channel');
  const channel = offered.includes(requested as ChannelKind) ? (requested as ChannelKind) : 'all';
  const selectedId = params.get('open');
  // The server filters: a screen limited to some channels asks for just those.
  const list = useFulfillments(scope, tab, channel === 'all' ? (channels ?? 'all') : [channel]);
  const locations = useLocations(scope);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '' || value === 'all') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const all = list.data ?? [];
  const locationName = (id: string) => locations.data?.find((l) => l.id === id)?.name ?? '';
  const now = Date.now();

  const item = (f: Fulfillment) => {
    const { picked, ordered } = progress(f);
    return (
      <li key={f.id}>
        <button
          type="button"
          data-fulfillment-item
          className={mergeClasses(styles.item, f.id === selectedId && styles.selected)}
          aria-current={f.id === selectedId ? 'true' : undefined}
          onClick={() => update({ open: f.id })}
        >
          <span className={styles.number}>
            {saleNumberLabel(f.sale_number)} <ChannelBadge kind={f.channel} />
          </span>
          <span className={styles.right}>{tab === 'shipped' ? f.carrier : `${picked}/${ordered}`}</span>
          <span className={styles.sub}>
            {f.customer_name ?? 'No customer'}
            {locationName(f.location_id) ? ` · ${locationName(f.location_id)}` : ''}
          </span>
          <span className={styles.right}>{tab === 'shipped' && f.shipped_at ? formatWhen(f.shipped_at) : ageLabel(f.created_at, now)}</span>
        </button>
      </li>
    );
  };

  const groups = groupByStage(all);
  const listPane = list.isPending ? (
    <p className={styles.muted}>
      <Spinner size="tiny" aria-hidden="true" /> Loading orders…
    </p>
  ) : list.isError ? (
    <LoadFailed subject="The orders" onRetry={() => void list.refetch()} retrying={list.isFetching} />
  ) : all.length === 0 ? (
    <EmptyState icon={<BoxRegular />} title={tab === 'open' ? 'Nothing to pick' : 'Nothing shipped yet'}>
      {tab === 'open'
        ? 'New orders appear here the moment they are recorded, oldest first. This list refreshes by itself.'
        : 'Orders you ship appear here with their carrier and tracking number.'}
    </EmptyState>
  ) : (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the buttons inside; each button is the control
    <div className={styles.groups} onKeyDown={onListKey}>
      {tab === 'open' ? (
        openStages.map((stage) =>
          groups[stage].length === 0 ? null : (
            <section key={stage} aria-label={`${fulfillmentStatusLabels[stage]}: ${groups[stage].length}`}>
              <h2 className={styles.groupTitle}>
                {fulfillmentStatusLabels[stage]} ({groups[stage].length})
              </h2>
              <ul className={styles.list}>{groups[stage].map(item)}</ul>
            </section>
          ),
        )
      ) : (
        <ul className={styles.list} aria-label="Shipped orders">
          {all.map(item)}
        </ul>
      )}
      <p className={styles.hint}>↑ ↓ move between orders; Enter opens one.</p>
    </div>
  );

  const detail =
    selectedId === null ? (
      <EmptyState title="Choose an order">Open an order from the list to pick it, pack it and ship it, or pick by scanning.</EmptyState>
    ) : (
      <FulfillmentDetail
        key={selectedId}
        scope={scope}
        fulfillmentId={selectedId}
        locations={locations.data}
        canOpenSale={can('sales:read')}
        onBack={narrow ? () => update({ open: null }) : undefined}
      />
    );

  return (
    <AppPage
      title={title}
      description={description}
      wide
      actions={
        can('fulfillment:work') ? (
          <ButtonLink appearance="primary" to="/scanning-mode" icon={<BarcodeScannerRegular />}>
            Scanning mode
          </ButtonLink>
        ) : undefined
      }
    >
      <SalesShortcuts current={route ?? ''} />
      <div className={styles.bar}>
        <TabList selectedValue={tab} onTabSelect={(_, d) => update({ tab: d.value === 'shipped' ? 'shipped' : null, open: null })}>
          <Tab value="open">Open{tab === 'open' && list.data !== undefined ? ` (${all.length})` : ''}</Tab>
          <Tab value="shipped">Shipped</Tab>
        </TabList>
        <Field label="Channel" className={styles.channel}>
          <Select value={channel} onChange={(_, d) => update({ channel: d.value, open: null })}>
            <option value="all">{channels === undefined ? 'All channels' : 'All retail channels'}</option>
            {offered.map((kind) => (
              <option key={kind} value={kind}>
                {channelLabels[kind]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {narrow ? (
        selectedId === null ? (
          listPane
        ) : (
          detail
        )
      ) : (
        <div className={styles.layout}>
          <div>{listPane}</div>
          <div className={styles.side}>{detail}</div>
        </div>
      )}
    </AppPage>
  );
}
