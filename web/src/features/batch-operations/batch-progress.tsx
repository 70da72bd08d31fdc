import { Badge, Field, makeStyles, ProgressBar, tokens, typographyStyles } from '@fluentui/react-components';
import type { BatchItemStatus, BatchOperation, BatchStatus } from '@tradepost/shared/schemas/batch-operations.ts';
import { useBatchUpdates } from '../realtime/use-batch-updates.ts';
import { batchStatusColours, batchStatusLabels, formatRate, itemStatusColours, itemStatusLabels } from './batch-labels.ts';
import { liveProgress } from './live-progress.ts';

const useStyles = makeStyles({
  field: { minWidth: '160px' },
  caption: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, fontVariantNumeric: 'tabular-nums' },
});

export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  return (
    <Badge appearance="tint" shape="rounded" color={batchStatusColours[status]}>
      {batchStatusLabels[status]}
    </Badge>
  );
}

export function ItemStatusBadge({ status }: { status: BatchItemStatus }) {
  return (
    <Badge appearance="tint" shape="rounded" color={itemStatusColours[status]}>
      {itemStatusLabels[status]}
    </Badge>
  );
}

/**
 * A batch's progress bar, moved live by the batch-operations stream (spec §4) between reads:
 * "35 of 60 · 97% succeeded". Red once anything failed, green when all went through.
 */
export function BatchProgress({ batch, label }: { batch: BatchOperation; label?: string }) {
  const styles = useStyles();
  const { recent } = useBatchUpdates();
  const progress = liveProgress(
    batch,
    recent.find((event) => event.batch_id === batch.id),
  );
  const colour = progress.running ? 'brand' : batch.failed > 0 || (progress.successRate ?? 1) < 1 ? 'error' : 'success';
  const percent = Math.round(progress.fraction * 100);
  return (
    <Field
      className={styles.field}
      label={label ? { children: label, size: 'small' } : undefined}
      validationState="none"
      hint={{
        className: styles.caption,
        children: `${progress.processed.toLocaleString()} of ${progress.total.toLocaleString()}${
          progress.successRate === null ? '' : ` · ${formatRate(progress.successRate)} succeeded`
        }`,
      }}
    >
      <ProgressBar
        value={progress.fraction}
        max={1}
        thickness="large"
        color={colour}
        aria-label={`${label ?? 'Batch progress'}: ${percent}%`}
        aria-valuetext={`${percent}% — ${progress.processed} of ${progress.total} items answered`}
      />
    </Field>
  );
}
