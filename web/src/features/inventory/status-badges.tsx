import { Badge, type BadgeProps } from '@fluentui/react-components';
import type { CountSummary } from '@tradepost/shared/schemas/inventory.ts';
import { countStatusLabels } from './count-model.ts';
import { type TransferStage, transferStageLabels } from './transfer-model.ts';

const transferColours: Record<TransferStage, BadgeProps['color']> = {
  draft: 'informative',
  in_transit: 'brand',
  partially_received: 'warning',
  received: 'success',
  cancelled: 'subtle',
};

export function TransferStageBadge({ stage }: { stage: TransferStage }) {
  return (
    <Badge appearance="tint" color={transferColours[stage]} shape="rounded">
      {transferStageLabels[stage]}
    </Badge>
  );
}

const countColours: Record<CountSummary['status'], BadgeProps['color']> = {
  in_progress: 'brand',
  completed: 'success',
  cancelled: 'subtle',
};

export function CountStatusBadge({ status }: { status: CountSummary['status'] }) {
  return (
    <Badge appearance="tint" color={countColours[status]} shape="rounded">
      {countStatusLabels[status]}
    </Badge>
  );
}
