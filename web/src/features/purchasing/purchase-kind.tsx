import { Badge } from '@fluentui/react-components';
import { type Payout, payoutMethodLabels } from '@tradepost/shared/schemas/payouts.ts';
import type { PurchaseOrderKind } from '@tradepost/shared/schemas/purchasing.ts';

/** How the list and the detail name an order's kind. */
export const purchaseOrderKindLabels: Readonly<Record<PurchaseOrderKind, string>> = {
  order: 'Vendor order',
  in_store: 'In-store purchase',
};

/** The mark of a purchase bought at the counter (vendor orders carry none). */
export function InStoreBadge({ kind }: { kind: PurchaseOrderKind }) {
  if (kind !== 'in_store') return null;
  return (
    <Badge appearance="outline" color="brand" shape="rounded">
      {purchaseOrderKindLabels.in_store}
    </Badge>
  );
}

/** "Cash · Paid", "Bank transfer to •••• 4321 · Pending", "Check payable to Sam Lee · Pending". */
export function payoutLine(payout: Pick<Payout, 'method' | 'status' | 'account_last4' | 'payable_to'>): string {
  const to =
    payout.method === 'bank_transfer' && payout.account_last4 !== null
      ? ` to •••• ${payout.account_last4}`
      : payout.method === 'check' && payout.payable_to !== null
        ? ` payable to ${payout.payable_to}`
        : '';
  return `${payoutMethodLabels[payout.method]}${to} · ${payout.status === 'paid' ? 'Paid' : 'Pending'}`;
}

/** Where a purchase's payout is seen and changed. */
export const payoutSettingsPath = (purchaseOrderId: string): string =>
  `/purchase-orders/${encodeURIComponent(purchaseOrderId)}/payout-settings`;
