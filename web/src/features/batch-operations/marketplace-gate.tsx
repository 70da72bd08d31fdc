import { Badge, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles } from '@fluentui/react-components';
import { PlugConnectedRegular, PlugDisconnectedRegular } from '@fluentui/react-icons';
import type { MarketplaceConnection } from '@tradepost/shared/schemas/batch-operations.ts';
import type { MarketplacePlatform } from '@tradepost/shared/schemas/connections.ts';
import type { ReactNode } from 'react';
import { environmentLabels, ownerConnectsNote, platformLabels, statusLabels } from '../connections/connection-labels.ts';
import { EmptyState } from '../layout/empty-state.tsx';
import { ButtonLink } from '../navigation/router-link.tsx';
import { useCan } from '../session/use-can.ts';

const useStyles = makeStyles({
  account: { display: 'inline-flex', flexWrap: 'wrap', gap: '6px', alignItems: 'center' },
});

const MANAGE = '/sales-channels-management';

/** The platform was never connected (or was disconnected): say so and, to the owner, where to connect it. */
export function NotConnected({ platform, what }: { platform: MarketplacePlatform; what: string }) {
  const canConnect = useCan()('connections:manage');
  const name = platformLabels[platform];
  return (
    <EmptyState
      icon={<PlugDisconnectedRegular />}
      title={`${name} is not connected`}
      actions={
        canConnect ? (
          <ButtonLink to={MANAGE} appearance="primary">
            Connect {name}
          </ButtonLink>
        ) : undefined
      }
    >
      {canConnect
        ? `Connect your ${name} account in Sales Channels to see ${what} here. A local simulator works too, for trying Tradepost offline.`
        : `Once ${name} is connected you will see ${what} here. ${ownerConnectsNote}`}
    </EmptyState>
  );
}

/**
 * No marketplace at all yet: the pages that work across marketplaces say what they would show once
 * one is connected, and the owner gets the way to connect one.
 */
export function NoMarketplaceConnected({ children }: { children: ReactNode }) {
  const canConnect = useCan()('connections:manage');
  return (
    <EmptyState
      title="No marketplace is connected yet"
      actions={
        canConnect ? (
          <ButtonLink to={MANAGE} appearance="primary" icon={<PlugConnectedRegular />}>
            Connect a marketplace
          </ButtonLink>
        ) : undefined
      }
    >
      {children}
      {canConnect ? null : ` ${ownerConnectsNote}`}
    </EmptyState>
  );
}

/** A connection that must be authorised again: the pages still show what is known, and say what to do. */
export function ReconnectNotice({ platform, connection }: { platform: MarketplacePlatform; connection: MarketplaceConnection }) {
  const canConnect = useCan()('connections:manage');
  if (connection.status === 'connected') return null;
  const name = platformLabels[platform];
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>
          {name}: {statusLabels[connection.status].toLowerCase()}
        </MessageBarTitle>
        {connection.status_reason ?? `Changes cannot reach ${name} until it is connected again.`}
        {canConnect ? null : ` ${ownerConnectsNote}`}
      </MessageBarBody>
      {canConnect ? (
        <MessageBarActions>
          <ButtonLink to={MANAGE} appearance="secondary" size="small">
            Reconnect
          </ButtonLink>
        </MessageBarActions>
      ) : null}
    </MessageBar>
  );
}

/** "eBay · tradepost_sim_seller · Simulator" with the connection's state. */
export function ConnectionLine({ platform, connection }: { platform: MarketplacePlatform; connection: MarketplaceConnection }) {
  const styles = useStyles();
  return (
    <span className={styles.account}>
      {platformLabels[platform]}
      {connection.account_name ? ` · ${connection.account_name}` : ''}
      <Badge appearance="tint" size="small" color={connection.status === 'connected' ? 'success' : 'danger'}>
        {statusLabels[connection.status]}
      </Badge>
      {connection.environment === 'production' ? null : (
        <Badge appearance="outline" size="small" color="informative">
          {environmentLabels[connection.environment]}
        </Badge>
      )}
    </span>
  );
}

/** Whether the page can offer actions (batches need a working connection). */
export const canAct = (connection: MarketplaceConnection | null | undefined): boolean => connection?.status === 'connected';
