import { Badge, type BadgeProps } from '@fluentui/react-components';
import type { FulfillmentStatus } from '@tradepost/shared/schemas/sales.ts';
import { fulfillmentStatusLabels } from './fulfillment-model.ts';

const colours: Record<FulfillmentStatus, BadgeProps['color']> = {
  pending: 'warning',
  picking: 'brand',
  packed: 'success',
  shipped: 'informative',
  cancelled: 'subtle',
};

export function FulfillmentStatusBadge({ status }: { status: FulfillmentStatus }) {
  return (
    <Badge appearance="tint" color={colours[status]} shape="rounded">
      {fulfillmentStatusLabels[status]}
    </Badge>
  );
}
