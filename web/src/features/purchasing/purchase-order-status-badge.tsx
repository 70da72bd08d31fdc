import { Badge, type BadgeProps, makeStyles, ProgressBar, tokens, typographyStyles } from '@fluentui/react-components';
import { type PurchaseOrderStatus, purchaseOrderStatusLabels } from '@tradepost/shared/schemas/purchasing.ts';
import { progressOf } from './receive-model.ts';

const colours: Record<PurchaseOrderStatus, BadgeProps['color']> = {
  draft: 'informative',
  ordered: 'brand',
  partially_received: 'warning',
  received: 'success',
  closed: 'subtle',
  cancelled: 'danger',
};

export function PurchaseOrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return (
    <Badge appearance="tint" color={colours[status]} shape="rounded">
      {purchaseOrderStatusLabels[status]}
    </Badge>
  );
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '4px', minWidth: '96px' },
  text: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground2, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});

/** "3 / 10" over a thin bar: units received of units ordered. */
export function ReceivedProgress({ received, ordered, label }: { received: number; ordered: number; label: string }) {
  const styles = useStyles();
  const value = progressOf(received, ordered);
  return (
    <span className={styles.root}>
      <span className={styles.text}>
        {received} / {ordered}
      </span>
      <ProgressBar
        value={value}
        thickness="medium"
        color={received >= ordered && ordered > 0 ? 'success' : 'brand'}
        aria-label={`${label}: ${received} of ${ordered} received`}
      />
    </span>
  );
}
