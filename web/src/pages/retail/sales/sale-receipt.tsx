import { Button, makeStaticStyles, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, CheckmarkCircle24Filled, PrintRegular } from '@fluentui/react-icons';
import type { Sale } from '@tradepost/shared/schemas/sales.ts';
import { Fragment, useEffect, useRef } from 'react';
import { formatMoney } from '../../../features/catalog/money.ts';
import type { CheckoutPlan } from '../../../features/retail/cart-model.ts';
import { paymentMethodLabels } from '../../../features/sales/payment-model.ts';

/** Printing shows the receipt alone, in black on white, whatever the theme and layout around it. */
const usePrintStyles = makeStaticStyles(`
@media print {
  @page { margin: 12mm; }
  body * { visibility: hidden !important; }
  [data-receipt], [data-receipt] * { visibility: visible !important; color: #000 !important; background: transparent !important; }
  [data-receipt] { position: absolute; inset: 0 auto auto 0; width: 100%; max-width: 80mm; box-shadow: none !important; border: none !important; padding: 0 !important; }
  [data-receipt-actions] { display: none !important; }
}
`);

const useStyles = makeStyles({
  wrap: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '16px' },
  done: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    ...typographyStyles.subtitle1,
    margin: 0,
    color: tokens.colorPaletteGreenForeground1,
  },
  receipt: {
    width: '100%',
    maxWidth: '420px',
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    padding: '24px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    fontVariantNumeric: 'tabular-nums',
    '@media (max-width: 600px)': { padding: '16px' },
  },
  head: { textAlign: 'center' },
  business: { ...typographyStyles.subtitle1, margin: 0 },
  meta: { ...typographyStyles.caption1, margin: '2px 0 0', color: tokens.colorNeutralForeground3 },
  table: { width: '100%', borderCollapse: 'collapse', ...typographyStyles.body1 },
  cell: { padding: '6px 0', verticalAlign: 'top', borderBottom: `1px dashed ${tokens.colorNeutralStroke2}` },
  start: { textAlign: 'start' },
  amount: { textAlign: 'end', whiteSpace: 'nowrap', paddingInlineStart: '12px' },
  itemName: { display: 'block', fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  itemMeta: { display: 'block', ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  totals: { display: 'grid', gridTemplateColumns: '1fr auto', rowGap: '4px', margin: 0 },
  term: { ...typographyStyles.body1, color: tokens.colorNeutralForeground2 },
  value: { ...typographyStyles.body1, margin: 0, paddingInlineStart: '12px', textAlign: 'end' },
  grand: { ...typographyStyles.subtitle1, margin: 0, paddingTop: '6px', borderTop: `1px solid ${tokens.colorNeutralStroke1}` },
  grandValue: { textAlign: 'end', paddingInlineStart: '12px' },
  thanks: { ...typographyStyles.caption1, margin: 0, textAlign: 'center', color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap', justifyContent: 'center' },
});

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

/** After "Charge": the sale as recorded, printable, with the way to the next customer. */
export function SaleReceipt({ data, onNewSale }: { data: ReceiptData; onNewSale: () => void }) {
  usePrintStyles();
  const styles = useStyles();
  const { sale, plan, items } = data;
  const currency = sale.currency;
  const newSale = useRef<HTMLButtonElement>(null);
  useEffect(() => newSale.current?.focus(), []);
  const money = (cents: number) => formatMoney(cents, currency);

  return (
    <div className={styles.wrap}>
      <p className={styles.done} role="status">
        <CheckmarkCircle24Filled aria-hidden="true" /> Sale #{sale.number} recorded
      </p>
      <section className={styles.receipt} data-receipt="" aria-label={`Receipt for sale ${sale.number}`}>
        <header className={styles.head}>
          <p className={styles.business}>{data.businessName}</p>
          <p className={styles.meta}>
            Sale #{sale.number} · {when.format(new Date(sale.created_at))}
          </p>
          {data.locationName === null ? null : <p className={styles.meta}>{data.locationName}</p>}
          {sale.customer === null ? null : <p className={styles.meta}>Customer: {sale.customer.name}</p>}
        </header>
        <table className={styles.table}>
          <thead>
            <tr>
              <th className={mergeClasses(styles.cell, styles.start)}>Item</th>
              <th className={mergeClasses(styles.cell, styles.amount)}>Amount</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.variantId}>
                <td className={styles.cell}>
                  <span className={styles.itemName}>{item.title}</span>
                  <span className={styles.itemMeta}>
                    Size {item.size} · {item.quantity} × {money(item.unitCents)}
                  </span>
                </td>
                <td className={mergeClasses(styles.cell, styles.amount)}>{money(item.unitCents * item.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className={styles.totals}>
          <dt className={styles.term}>Subtotal</dt>
          <dd className={styles.value}>{money(plan.subtotalCents)}</dd>
          {plan.discountCents === 0 ? null : (
            <>
              <dt className={styles.term}>Discount{data.discountLabel === null ? '' : ` (${data.discountLabel})`}</dt>
              <dd className={styles.value}>−{money(plan.discountCents)}</dd>
            </>
          )}
          <dt className={styles.term}>Tax</dt>
          <dd className={styles.value}>{money(sale.totals.tax_cents)}</dd>
          <dt className={styles.grand}>Total</dt>
          <dd className={mergeClasses(styles.grand, styles.grandValue)} data-testid="receipt-total">
            {money(sale.totals.total_cents)}
          </dd>
          {sale.payment === null ? null : (
            <>
              {sale.payment.parts.map((part, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: parts have no id; their order is the record's
                <Fragment key={index}>
                  <dt className={styles.term}>Paid by {paymentMethodLabels[part.method].toLowerCase()}</dt>
                  <dd className={styles.value}>{money(part.amount_cents)}</dd>
                </Fragment>
              ))}
              {sale.payment.cash_tendered_cents === null || sale.payment.change_cents === null ? null : (
                <>
                  <dt className={styles.term}>Cash tendered</dt>
                  <dd className={styles.value}>{money(sale.payment.cash_tendered_cents)}</dd>
                  <dt className={styles.term}>Change</dt>
                  <dd className={styles.value}>{money(sale.payment.change_cents)}</dd>
                </>
              )}
            </>
          )}
        </dl>
        <p className={styles.thanks}>
          {sale.totals.units} {sale.totals.units === 1 ? 'item' : 'items'} · Thank you!
        </p>
      </section>
      <div className={styles.actions} data-receipt-actions="">
        <Button appearance="primary" size="large" icon={<AddRegular />} ref={newSale} onClick={onNewSale}>
          New sale
        </Button>
        <Button size="large" icon={<PrintRegular />} onClick={() => window.print()}>
          Print receipt
        </Button>
      </div>
    </div>
  );
}
