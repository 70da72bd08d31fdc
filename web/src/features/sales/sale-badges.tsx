import { Badge, type BadgeProps, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ChannelKind } from '@tradepost/shared/schemas/sales.ts';
import { formatMoney } from '../catalog/money.ts';
import { channelLabels, type SaleStatus, saleStatusLabels } from './sale-model.ts';

const statusColours: Record<SaleStatus, BadgeProps['color']> = {
  open: 'brand',
  fulfilled: 'success',
  cancelled: 'subtle',
  refunded: 'warning',
};

export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  return (
    <Badge appearance="tint" color={statusColours[status]} shape="rounded">
      {saleStatusLabels[status]}
    </Badge>
  );
}

export function ChannelBadge({ kind }: { kind: ChannelKind }) {
  return (
    <Badge appearance="outline" color="informative" shape="rounded">
      {channelLabels[kind]}
    </Badge>
  );
}

const useStyles = makeStyles({
  amount: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: tokens.fontWeightSemibold },
  gain: { color: tokens.colorPaletteGreenForeground1 },
  loss: { color: tokens.colorPaletteRedForeground1 },
});

/** A profit in the business currency: red when the sale lost money, green when it made some. */
export function ProfitAmount({ cents, currency, className }: { cents: number; currency: string; className?: string }) {
  const styles = useStyles();
  return (
    <span className={mergeClasses(styles.amount, cents < 0 ? styles.loss : cents > 0 ? styles.gain : undefined, className)}>
      {formatMoney(cents, currency)}
    </span>
  );
}
