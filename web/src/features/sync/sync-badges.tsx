import { Badge, type BadgeProps } from '@fluentui/react-components';
import { BeakerRegular } from '@fluentui/react-icons';
import type { ConnectionEnvironment, ConnectionStatus } from '@tradepost/shared/schemas/connections.ts';
import type { ListingStatus } from '@tradepost/shared/schemas/listings.ts';
import { environmentLabels, statusLabels } from '../connections/connection-labels.ts';

const connectionColours: Record<ConnectionStatus, BadgeProps['color']> = {
  connected: 'success',
  reconnect_needed: 'danger',
  pending: 'informative',
  disconnected: 'subtle',
};

/** The connection's state, and a clear "Simulator" mark when it is not a real account. */
export function ConnectionBadges({ status, environment }: { status: ConnectionStatus; environment: ConnectionEnvironment }) {
  return (
    <>
      <Badge appearance="filled" color={connectionColours[status]}>
        {statusLabels[status]}
      </Badge>
      {environment === 'simulator' ? (
        <Badge appearance="tint" color="warning" icon={<BeakerRegular />}>
          Simulator
        </Badge>
      ) : (
        <Badge appearance="outline" color={environment === 'sandbox' ? 'informative' : 'brand'}>
          {environmentLabels[environment]}
        </Badge>
      )}
    </>
  );
}

export const listingStatusLabels: Record<ListingStatus, string> = {
  pending: 'Listing…',
  active: 'Listed',
  ended: 'Ended',
  error: 'Not listed: error',
};

const listingColours: Record<ListingStatus, BadgeProps['color']> = {
  pending: 'informative',
  active: 'success',
  ended: 'subtle',
  error: 'danger',
};

export function ListingStatusBadge({ status }: { status: ListingStatus | 'none' }) {
  if (status === 'none')
    return (
      <Badge appearance="tint" color="informative" shape="rounded">
        Not listed
      </Badge>
    );
  return (
    <Badge appearance="tint" color={listingColours[status]} shape="rounded">
      {listingStatusLabels[status]}
    </Badge>
  );
}
