import { Button, makeStaticStyles, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, CheckmarkCircle24Filled, PrintRegular } from '@fluentui/react-icons';
import { formatMoney } from '@tradepost/shared/ui/money.ts';
import { Fragment, type ReactNode, useEffect, useRef } from 'react';

/** Printing shows the receipt alone, in black on white, whatever the theme and layout around it. */
const usePrintStyles = makeStaticStyles(`
@media print {
  @page { margin: 12mm; }
  body * { visibility: hidden !important; }
  [data-counter-receipt], [data-counter-receipt] * { visibility: visible !important; color: #000 !important; background: transparent !important; }
  [data-counter-receipt] { position: absolute; inset: 0 auto auto 0; width: 100%; max-width: 80mm; box-shadow: none !important; border: none !important; padding: 0 !important; }
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
    boxSizing: 'border-box',
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
  title: { ...typographyStyles.body1Strong, margin: '4px 0 0' },
  meta: { ...typographyStyles.caption1, margin: '2px 0 0', color: tokens.colorNeutralForeground3 },
  table: { width: '100%', borderCollapse: 'collapse', ...typographyStyles.body1 },
  cell: { padding: '6px 0', verticalAlign: 'top', borderBottom: `1px dashed ${tokens.colorNeutralStroke2}` },
  start: { textAlign: 'start' },
  amount: { textAlign: 'end', whiteSpace: 'nowrap', paddingInlineStart: '12px' },
  itemName: { display: 'block', fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  itemMeta: { display: 'block', ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  totals: { display: 'grid', gridTemplateColumns: '1fr auto', rowGap: '4px', margin: 0 },
  term: { ...typographyStyles.body1, color: tokens.colorNeutralForeground2 },
  value: { ...typographyStyles.body1, margin: 0, paddingInlineStart: '12px', textAlign: 'end', overflowWrap: 'anywhere' },
  grand: { ...typographyStyles.subtitle1, margin: 0, paddingTop: '6px', borderTop: `1px solid ${tokens.colorNeutralStroke1}` },
  grandValue: { textAlign: 'end', paddingInlineStart: '12px' },
  footer: { ...typographyStyles.caption1, margin: 0, textAlign: 'center', color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap', justifyContent: 'center' },
});

/** One line of the receipt: the item and its amount (quantity × unit in `detail`). */
export type CounterReceiptLine = { key: string; name: string; detail: string; amountCents: number };
/** A row under the lines: a money amount, or a fact in words ("Payout: Cash · Paid"). */
export type CounterReceiptRow = { label: string; amountCents?: number; text?: string; grand?: boolean; testId?: string };

export type CounterReceiptProps = {
  /** The business's name, at the top. */
  businessName: string;
  /** What was recorded ("In-store purchase PO-1001"). */
  title: string;
  /** Small lines under the title: when, where, who. */
  meta: readonly string[];
  lines: readonly CounterReceiptLine[];
  /** Totals, then how it was paid or paid out; a `grand` row gets the rule above it. */
  rows: readonly CounterReceiptRow[];
  currency: string;
  /** The status line above the card ("Purchase recorded"). */
  doneMessage: string;
  footer?: string;
  newLabel: string;
  onNew: () => void;
  /** More actions beside Print (a link to the payout's settings). */
  actions?: ReactNode;
};

/** After a counter deal: what was recorded, printable, with the way to the next customer. */
export function CounterReceipt(props: CounterReceiptProps) {
  usePrintStyles();
  const styles = useStyles();
  const newButton = useRef<HTMLButtonElement>(null);
  useEffect(() => newButton.current?.focus({ preventScroll: true }), []);
  const money = (cents: number) => formatMoney(cents, props.currency);

  return (
    <div className={styles.wrap}>
      <p className={styles.done} role="status">
        <CheckmarkCircle24Filled aria-hidden="true" /> {props.doneMessage}
      </p>
      <section className={styles.receipt} data-counter-receipt="" aria-label={`Receipt: ${props.title}`}>
        <header className={styles.head}>
          <p className={styles.business}>{props.businessName}</p>
          <p className={styles.title}>{props.title}</p>
          {props.meta.map((line) => (
            <p key={line} className={styles.meta}>
              {line}
            </p>
          ))}
        </header>
        <table className={styles.table}>
          <thead>
            <tr>
              <th className={mergeClasses(styles.cell, styles.start)}>Item</th>
              <th className={mergeClasses(styles.cell, styles.amount)}>Amount</th>
            </tr>
          </thead>
          <tbody>
            {props.lines.map((line) => (
              <tr key={line.key}>
                <td className={styles.cell}>
                  <span className={styles.itemName}>{line.name}</span>
                  <span className={styles.itemMeta}>{line.detail}</span>
                </td>
                <td className={mergeClasses(styles.cell, styles.amount)}>{money(line.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className={styles.totals}>
          {props.rows.map((row) => (
            <Fragment key={row.label}>
              <dt className={row.grand ? styles.grand : styles.term}>{row.label}</dt>
              <dd className={row.grand ? mergeClasses(styles.grand, styles.grandValue) : styles.value} data-testid={row.testId}>
                {row.amountCents === undefined ? (row.text ?? '') : money(row.amountCents)}
              </dd>
            </Fragment>
          ))}
        </dl>
        {props.footer === undefined ? null : <p className={styles.footer}>{props.footer}</p>}
      </section>
      <div className={styles.actions} data-receipt-actions="">
        <Button appearance="primary" size="large" icon={<AddRegular />} ref={newButton} onClick={props.onNew}>
          {props.newLabel}
        </Button>
        <Button size="large" icon={<PrintRegular />} onClick={() => window.print()}>
          Print receipt
        </Button>
        {props.actions}
      </div>
    </div>
  );
}
