import { Badge, type BadgeProps } from '@fluentui/react-components';
import type { Sale } from '@tradepost/shared/schemas/sales.ts';

const labels: Record<Sale['status'], string> = { open: 'Open', fulfilled: 'Fulfilled', cancelled: 'Cancelled', refunded: 'Refunded' };
const colours: Record<Sale['status'], BadgeProps['color']> = {
  open: 'brand',
  fulfilled: 'success',
  cancelled: 'subtle',
  refunded: 'warning',
};

export function SaleStatusBadge({ status }: { status: Sale['status'] }) {
  return (
    <Badge appearance="tint" color={colours[status]} shape="rounded">
      {labels[status]}
    </Badge>
  );
}

/** "Dunk Low Panda (US M 9)" or "Dunk Low Panda (US M 9) and 2 more". */
export function saleItemsSummary(sale: Sale): string {
  const [first] = sale.lines;
  if (first === undefined) return 'No items';
  const others = sale.lines.length - 1;
  const head = `${first.title} (${first.size})`;
  return others === 0 ? head : `${head} and ${others} more`;
}
