import type { InStorePurchaseResult } from '@tradepost/shared/schemas/counter-trading.ts';
import { purchaseOrderLabel } from '@tradepost/shared/schemas/purchasing.ts';
import { formatMoney } from '../../features/catalog/money.ts';
import type { CounterReceiptProps } from '../../features/counter/counter-receipt.tsx';
import { payoutLine } from '../../features/purchasing/purchase-kind.tsx';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The receipt of an in-store purchase as recorded: seller, items at the agreed prices, total, and how the seller is paid. */
export function purchaseReceipt(
  result: InStorePurchaseResult,
  context: { businessName: string; locationName: string | null; currency: string },
): Omit<CounterReceiptProps, 'onNew' | 'actions'> {
  const { purchase_order: po, payout } = result;
  const money = (cents: number) => formatMoney(cents, context.currency);
  const rows: CounterReceiptProps['rows'][number][] = [
    { label: 'Total paid to seller', amountCents: payout.amount_cents, grand: true, testId: 'receipt-total' },
    { label: 'Payout', text: payoutLine(payout), testId: 'receipt-payout' },
  ];
  if (payout.method === 'store_credit' && payout.credit_cents !== null)
    rows.push({ label: 'Store credit booked', amountCents: payout.credit_cents });
  if (result.store_credit_balance_cents !== null)
    rows.push({ label: 'Store credit balance', amountCents: result.store_credit_balance_cents });
  if (payout.status === 'paid' && payout.reference !== null) rows.push({ label: 'Reference', text: payout.reference });
  const units = po.lines.reduce((sum, line) => sum + line.quantity_received, 0);
  return {
    businessName: context.businessName,
    title: `In-store purchase ${purchaseOrderLabel(po.number)}`,
    meta: [
      when.format(new Date(po.created_at)),
      ...(context.locationName === null ? [] : [context.locationName]),
      `Seller: ${po.seller_name}`,
    ],
    lines: po.lines.map((line) => ({
      key: line.id,
      name: line.product_title,
      detail: `Size ${line.size_label} · ${line.quantity_received} × ${money(line.unit_cost_cents)}`,
      amountCents: line.quantity_received * line.unit_cost_cents,
    })),
    rows,
    currency: context.currency,
    doneMessage: `Purchase ${purchaseOrderLabel(po.number)} recorded`,
    footer: `${units} ${units === 1 ? 'item' : 'items'} bought${payout.status === 'pending' ? ' · payout pending' : ''}`,
    newLabel: 'New purchase',
  };
}
