import { Badge, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import type { EventStreamState } from '@tradepost/shared/client/event-stream.ts';
import type { BatchOperationEvent } from '@tradepost/shared/schemas/events.ts';
import { formatPercent } from '@tradepost/shared/ui/money.ts';
import { useBatchProgress } from './use-batch-progress.ts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  item: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

const connectionBadges: Record<EventStreamState, { label: string; color: 'success' | 'informative' | 'warning' | 'subtle' }> = {
  connected: { label: 'Live', color: 'success' },
  connecting: { label: 'Connecting', color: 'informative' },
  error: { label: 'Reconnecting', color: 'warning' },
  disconnected: { label: 'Offline', color: 'subtle' },
};

const words = (text: string) => text.replace(/[_-]+/g, ' ').replace(/^\w/, (letter) => letter.toUpperCase());
const marketplaceNames: Record<string, string> = { ebay: 'eBay', shopify: 'Shopify', square: 'Square', whatnot: 'Whatnot' };

function progressOf(event: BatchOperationEvent): { value: number | undefined; text: string; color: 'brand' | 'success' | 'error' } {
  const rate = formatPercent(Math.round(event.success_rate * 1000) / 10);
  if (event.type === 'batch_operation_failed') return { value: 1, text: `Failed · ${rate} succeeded`, color: 'error' };
  if (event.type === 'batch_operation_complete') return { value: 1, text: `Done · ${rate} succeeded`, color: 'success' };
  const known = event.total !== undefined && event.total > 0 && event.processed !== undefined;
  return {
    value: known ? (event.processed as number) / (event.total as number) : undefined,
    text: known ? `${event.processed} of ${event.total} · ${rate} succeeded` : `${rate} succeeded so far`,
    color: 'brand',
  };
}

/** Bulk listing, relisting and repricing as they run, from the batch-operations stream. */
export function BatchProgressSection() {
  const styles = useStyles();
  const { connection, updates } = useBatchProgress();
  const badge = connectionBadges[connection];
  return (
    <section className={styles.section} aria-labelledby="tp-batch-heading">
      <div className={styles.header}>
        <h2 className={styles.heading} id="tp-batch-heading">
          Batch operations
        </h2>
        <Badge appearance="tint" color={badge.color} size="small" aria-label={`Live updates: ${badge.label}`}>
          {badge.label}
        </Badge>
      </div>
      {updates.recent.length === 0 ? (
        <Text size={200} className={styles.muted}>
          Nothing running. When you list, relist or reprice many items at once in Tradepost, their progress shows here.
        </Text>
      ) : (
        <ul className={styles.list}>
          {updates.recent.map((event) => {
            const progress = progressOf(event);
            const name = `${words(event.operation_type)} on ${marketplaceNames[event.marketplace] ?? words(event.marketplace)}`;
            return (
              <li key={event.batch_id} className={styles.item}>
                <Text weight="semibold">{name}</Text>
                <ProgressBar value={progress.value} color={progress.color} thickness="large" aria-label={`${name}: ${progress.text}`} />
                <Text size={200} className={styles.muted}>
                  {progress.text}
                </Text>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
