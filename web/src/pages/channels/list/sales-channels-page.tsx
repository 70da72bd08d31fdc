import { Badge, makeStyles, mergeClasses, Skeleton, SkeletonItem, tokens, typographyStyles } from '@fluentui/react-components';
import { ErrorCircleRegular, InfoRegular, SettingsRegular } from '@fluentui/react-icons';
import type { PlatformConnection } from '@tradepost/shared/schemas/connections.ts';
import type { Channel } from '@tradepost/shared/schemas/sales.ts';
import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import { formatMoney } from '../../../features/catalog/money.ts';
import { ChannelIcon } from '../../../features/channels/channel-icon.tsx';
import { channelKindDescriptions, channelKindLabels, inDisplayOrder, isMarketplace } from '../../../features/channels/channel-labels.ts';
import { useChannels } from '../../../features/channels/use-channels.ts';
import { isConnectionPlatform, ownerConnectsNote } from '../../../features/connections/connection-labels.ts';
import { useConnections } from '../../../features/connections/use-connections.ts';
import { Sensitive } from '../../../features/demo-mode/sensitive.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ButtonLink, RouterLink } from '../../../features/navigation/router-link.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { useCan } from '../../../features/session/use-can.ts';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
    gap: '16px',
    listStyle: 'none',
    margin: 0,
    padding: 0,
    '@media (max-width: 400px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    padding: '20px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    minWidth: 0,
  },
  head: { display: 'flex', alignItems: 'center', gap: '10px' },
  icon: {
    width: '40px',
    height: '40px',
    flexShrink: 0,
    display: 'grid',
    placeItems: 'center',
    fontSize: '22px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  iconOff: { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground3 },
  titles: { minWidth: 0, flexGrow: 1 },
  name: { ...typographyStyles.subtitle1, margin: 0, overflowWrap: 'anywhere' },
  kind: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  description: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  figures: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '8px', margin: 0 },
  figure: {
    display: 'flex',
    flexDirection: 'column',
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  figureLabel: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  figureValue: { ...typographyStyles.subtitle1, margin: 0, fontVariantNumeric: 'tabular-nums' },
  failed: { display: 'flex', alignItems: 'center', gap: '6px', ...typographyStyles.body1Strong, color: tokens.colorPaletteRedForeground1 },
  calm: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  note: {
    display: 'flex',
    gap: '8px',
    alignItems: 'flex-start',
    ...typographyStyles.caption1,
    margin: 0,
    padding: '8px 10px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground2,
  },
  noteIcon: { fontSize: '16px', flexShrink: 0 },
  footer: { marginTop: 'auto', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px', flexWrap: 'wrap' },
});

/** What a marketplace card says about its account: connected, in trouble, or how to connect it. */
function connectionNote(channel: Channel, entry: PlatformConnection | undefined, canConnect: boolean): string {
  const label = channelKindLabels[channel.kind];
  if (!isConnectionPlatform(channel.kind)) return `Connecting ${label} is not built yet. Until then record its sales by hand.`;
  const connection = entry?.connection;
  if (connection?.status === 'connected') {
    const account = connection.account_name ? ` as ${connection.account_name}` : '';
    return `Connected${account}${connection.simulator ? ' (simulator)' : ''}: orders arrive by webhook and a regular check, and stock is kept in step.`;
  }
  if (connection?.status === 'reconnect_needed')
    return `Reconnect needed: ${connection.status_reason ?? `${label} stopped accepting our access`}.`;
  return canConnect
    ? `Not connected. Connect your ${label} account in Settings to list, keep stock in step and import orders.`
    : `Not connected. ${ownerConnectsNote}`;
}

function ChannelCard({
  channel,
  currency,
  connection,
}: {
  channel: Channel;
  currency: string;
  connection?: PlatformConnection | undefined;
}) {
  const styles = useStyles();
  const canConnect = useCan()('connections:manage');
  const marketplace = isMarketplace(channel.kind);
  const titleId = `channel-${channel.id}`;
  return (
    <li className={styles.card} aria-labelledby={titleId}>
      <div className={styles.head}>
        <span className={mergeClasses(styles.icon, !channel.enabled && styles.iconOff)} aria-hidden="true">
          <ChannelIcon kind={channel.kind} />
        </span>
        <div className={styles.titles}>
          <h2 id={titleId} className={styles.name}>
            {channel.name}
          </h2>
          {channel.name === channelKindLabels[channel.kind] ? null : <p className={styles.kind}>{channelKindLabels[channel.kind]}</p>}
        </div>
        <Badge appearance="tint" color={channel.enabled ? 'success' : 'subtle'} shape="rounded">
          {channel.enabled ? 'On' : 'Off'}
        </Badge>
      </div>
      <p className={styles.description}>{channelKindDescriptions[channel.kind]}</p>
      <dl className={styles.figures} aria-label={`${channel.name}, last 30 days`}>
        <div className={styles.figure}>
          <dt className={styles.figureLabel}>Sales, 30 days</dt>
          <dd className={styles.figureValue}>{channel.sales_30d.toLocaleString()}</dd>
        </div>
        <div className={styles.figure}>
          <dt className={styles.figureLabel}>Revenue, 30 days</dt>
          <dd className={styles.figureValue}>
            <Sensitive kind="money">{formatMoney(channel.revenue_30d_cents, currency)}</Sensitive>
          </dd>
        </div>
      </dl>
      {channel.open_failed_orders > 0 ? (
        <RouterLink to="/failed-orders">
          <span className={styles.failed}>
            <ErrorCircleRegular aria-hidden="true" />
            {channel.open_failed_orders} failed {channel.open_failed_orders === 1 ? 'order needs' : 'orders need'} you
          </span>
        </RouterLink>
      ) : marketplace ? null : (
        <p className={styles.calm}>No failed orders</p>
      )}
      {marketplace ? (
        <p className={styles.note}>
          <InfoRegular className={styles.noteIcon} aria-hidden="true" />
          {connectionNote(channel, connection, canConnect)}
        </p>
      ) : null}
      <div className={styles.footer}>
        <ButtonLink to={`/sales-channels-management#${channel.kind}`} size="small" icon={<SettingsRegular />}>
          Settings
        </ButtonLink>
      </div>
    </li>
  );
}

/** sales-channels: every place you sell, with its last 30 days and anything that needs attention. */
export function SalesChannelsPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const channels = useChannels(scope);
  const connections = useConnections(scope);
  const currency = scope?.currency ?? 'USD';
  return (
    <AppPage
      wide
      title="Sales channels"
      description="Where you sell: your counter, orders you type in, wholesale, your network and the marketplaces. Figures cover the last 30 days."
      actions={
        <ButtonLink to="/sales-channels-management" icon={<SettingsRegular />}>
          Manage channels
        </ButtonLink>
      }
    >
      {channels.isError ? (
        <LoadFailed subject="The channels" onRetry={() => void channels.refetch()} retrying={channels.isFetching} />
      ) : channels.data === undefined ? (
        <Skeleton aria-label="Loading channels">
          <ul className={styles.grid}>
            {['a', 'b', 'c', 'd'].map((key) => (
              <li key={key} className={styles.card}>
                <SkeletonItem size={40} style={{ width: '40%' }} />
                <SkeletonItem size={16} />
                <SkeletonItem size={48} />
              </li>
            ))}
          </ul>
        </Skeleton>
      ) : (
        <ul className={styles.grid} aria-label="Channels">
          {inDisplayOrder(channels.data).map((channel) => (
            <ChannelCard
              key={channel.id}
              channel={channel}
              currency={currency}
              connection={connections.data?.find((entry) => entry.platform === channel.kind)}
            />
          ))}
        </ul>
      )}
    </AppPage>
  );
}
