import { Badge, type BadgeProps } from '@fluentui/react-components';
import type { EventDelivery } from '@tradepost/shared/schemas/events.ts';
import { deliveryStatusTexts } from './delivery-wording.ts';

const colours: Record<EventDelivery['status'], BadgeProps['color']> = {
  waiting: 'informative',
  running: 'brand',
  retrying: 'warning',
  delivered: 'success',
  failed: 'danger',
};

/** A delivery's state; the word carries it, the colour only repeats it. */
export function DeliveryStatusBadge({ status }: { status: EventDelivery['status'] }) {
  return (
    <Badge appearance="tint" color={colours[status]} shape="rounded">
      {deliveryStatusTexts[status]}
    </Badge>
  );
}
