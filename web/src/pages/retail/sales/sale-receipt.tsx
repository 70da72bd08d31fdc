import type { Sale } from '@tradepost/shared/schemas/sales.ts';
import { formatMoney } from '../../../features/catalog/money.ts';
import { CounterReceipt, type CounterReceiptRow } from '../../../features/counter/counter-receipt.tsx';
import type { CheckoutPlan } from '../../../features/retail/cart-model.ts';
import { paymentMethodLabels } from '../../../features/sales/payment-model.ts';

/** One line as rung up: the price before the discount spread over the sale. */
export type ReceiptItem = { variantId: string; title: string; size: string; quantity: number; unitCents: number };

export type ReceiptData = {
  sale: Sale;
  plan: CheckoutPlan;
  items: ReceiptItem[];
  businessName: string;
  locationName: string | null;
  discountLabel: string | null;
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The sale's totals, then how it was paid (each part, and the change given for cash). */
export function saleReceiptRows({ sale, plan, discountLabel }: ReceiptData): CounterReceiptRow[] {
  const payment = sale.payment;
  return [
    { label: 'Subtotal', amountCents: plan.subtotalCents },
    ...(plan.discountCents === 0
      ? []
      : [
          {
            label: `Discount${discountLabel === null ? '' : ` (${discountLabel})`}`,
            text: `−${formatMoney(plan.discountCents, sale.currency)}`,
          },
        ]),
    { label: 'Tax', amountCents: sale.totals.tax_cents },
    { label: 'Total', amountCents: sale.totals.total_cents, grand: true, testId: 'receipt-total' },
    ...(payment?.parts ?? []).map((part) => ({
      label: `Paid by ${paymentMethodLabels[part.method].toLowerCase()}`,
      amountCents: part.amount_cents,
    })),
    ...(payment?.cash_tendered_cents == null || payment.change_cents === null
      ? []
      : [
          { label: 'Cash tendered', amountCents: payment.cash_tendered_cents },
          { label: 'Change', amountCents: payment.change_cents },
        ]),
  ];
}

/** After "Charge": the sale as recorded, printable, with the way to the next customer. */
export function SaleReceipt({ data, onNewSale }: { data: ReceiptData; onNewSale: () => void }) {
  const { sale, items } = data;
  return (
    <CounterReceipt
      businessName={data.businessName}
      title={`Sale #${sale.number}`}
      meta={[
        when.format(new Date(sale.created_at)),
        ...(data.locationName === null ? [] : [data.locationName]),
        ...(sale.customer === null ? [] : [`Customer: ${sale.customer.name}`]),
      ]}
      lines={items.map((item) => ({
        key: item.variantId,
        name: item.title,
        detail: `Size ${item.size} · ${item.quantity} × ${formatMoney(item.unitCents, sale.currency)}`,
        amountCents: item.unitCents * item.quantity,
      }))}
      rows={saleReceiptRows(data)}
      currency={sale.currency}
      doneMessage={`Sale #${sale.number} recorded`}
      footer={`${sale.totals.units} ${sale.totals.units === 1 ? 'item' : 'items'} · Thank you!`}
      newLabel="New sale"
      onNew={onNewSale}
    />
  );
}
