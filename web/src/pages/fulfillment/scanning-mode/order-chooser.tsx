import { Button, Field, Input, makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowRightRegular, BarcodeScannerRegular } from '@fluentui/react-icons';
import type { Fulfillment } from '@tradepost/shared/schemas/sales.ts';
import { type FormEvent, useState } from 'react';
import { ageLabel, groupByStage, progress } from '../../../features/fulfillment/fulfillment-model.ts';
import { EmptyState } from '../../../features/layout/empty-state.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { channelLabels, saleNumberFromText, saleNumberLabel } from '../../../features/sales/sale-model.ts';
import { CameraScanButton } from '../../../features/scanner/camera-scan-button.tsx';
import { ScanFeedbackBar } from '../../../features/scanner/scan-feedback-bar.tsx';
import { scanFieldProps } from '../../../features/scanner/scan-listener.ts';
import { useScanFeedback } from '../../../features/scanner/use-scan-feedback.ts';
import { useScanHandler } from '../../../features/scanner/use-scan-handler.ts';

const useStyles = makeStyles({
  title: { ...typographyStyles.title2, margin: 0, '@media (max-width: 600px)': { ...typographyStyles.title3 } },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  entry: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  entryField: { flexGrow: 1, minWidth: '160px' },
  next: { width: '100%', justifyContent: 'space-between', minHeight: '64px', ...typographyStyles.subtitle1 },
  groupTitle: {
    ...typographyStyles.caption1Strong,
    margin: '8px 0 6px',
    textTransform: 'uppercase',
    letterSpacing: '0.06em',
    color: tokens.colorNeutralForeground3,
  },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  order: {
    width: '100%',
    minHeight: '60px',
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gap: '2px 12px',
    textAlign: 'start',
    padding: '12px 14px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    font: 'inherit',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  number: { ...typographyStyles.subtitle1 },
  count: { ...typographyStyles.subtitle1, fontVariantNumeric: 'tabular-nums', textAlign: 'end' },
  sub: {
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
});

type OrderChooserProps = {
  orders: Fulfillment[] | undefined;
  loading: boolean;
  failed: boolean;
  /** Asks for the orders again after a failed load; `retrying` while that request runs. */
  onRetry: () => unknown;
  retrying: boolean;
  onChoose: (id: string) => void;
};

/** Which order to pick: the next one in a tap, any open one from the list, or its number scanned from the slip. */
export function OrderChooser({ orders, loading, failed, onRetry, retrying, onChoose }: OrderChooserProps) {
  const styles = useStyles();
  const feedback = useScanFeedback();
  const [typed, setTyped] = useState('');
  const groups = groupByStage(orders ?? []);
  const waiting = [...groups.pending, ...groups.picking].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const first = waiting[0];
  const now = Date.now();

  const openByNumber = (code: string) => {
    const number = saleNumberFromText(code);
    const found = number === null ? undefined : (orders ?? []).find((f) => f.sale_number === number);
    if (found === undefined) {
      feedback.error(
        number === null
          ? `${code} is not an order number. Scan the number on the packing slip.`
          : `No open order ${saleNumberLabel(number)}.`,
      );
      return;
    }
    onChoose(found.id);
  };
  useScanHandler(openByNumber);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typed.trim() === '') return;
    openByNumber(typed.trim());
    setTyped('');
  };

  const row = (f: Fulfillment) => {
    const { picked, ordered } = progress(f);
    return (
      <li key={f.id}>
        <button type="button" className={styles.order} onClick={() => onChoose(f.id)}>
          <span className={styles.number}>Order {saleNumberLabel(f.sale_number)}</span>
          <span className={styles.count}>
            {picked}/{ordered}
          </span>
          <span className={styles.sub}>
            {f.customer_name ?? 'No customer'} · {channelLabels[f.channel]}
          </span>
          <span className={styles.sub}>{ageLabel(f.created_at, now)}</span>
        </button>
      </li>
    );
  };

  return (
    <>
      <h1 className={styles.title}>Scanning mode</h1>
      <p className={styles.text}>Start the next order, choose one below, or scan the order number on its packing slip.</p>
      {first === undefined ? null : (
        <Button
          appearance="primary"
          size="large"
          className={styles.next}
          icon={<ArrowRightRegular />}
          iconPosition="after"
          onClick={() => onChoose(first.id)}
        >
          Start next order {saleNumberLabel(first.sale_number)}
        </Button>
      )}
      <form className={styles.entry} onSubmit={onSubmit} aria-label="Open an order by number">
        <Field className={styles.entryField} label="Order number" hint="Such as 1001, as on the packing slip.">
          <Input
            {...scanFieldProps}
            value={typed}
            onChange={(_, d) => setTyped(d.value)}
            inputMode="numeric"
            autoComplete="off"
            contentBefore={<BarcodeScannerRegular aria-hidden="true" />}
          />
        </Field>
        <Button type="submit">Open</Button>
        <CameraScanButton onScan={openByNumber} />
      </form>
      <ScanFeedbackBar feedback={feedback.feedback} flashing={feedback.flashing} />

      {loading ? (
        <p className={styles.muted}>
          <Spinner size="tiny" aria-hidden="true" /> Loading orders…
        </p>
      ) : failed ? (
        <LoadFailed subject="The orders" onRetry={onRetry} retrying={retrying} />
      ) : waiting.length === 0 && groups.packed.length === 0 ? (
        <EmptyState title="All caught up">No order is waiting to be picked. New orders appear here by themselves.</EmptyState>
      ) : (
        <>
          {waiting.length === 0 ? null : (
            <section aria-label="Orders to pick">
              <h2 className={styles.groupTitle}>To pick ({waiting.length})</h2>
              <ul className={styles.list}>{waiting.map(row)}</ul>
            </section>
          )}
          {groups.packed.length === 0 ? null : (
            <section aria-label="Packed orders">
              <h2 className={styles.groupTitle}>Packed, ready to ship ({groups.packed.length})</h2>
              <ul className={styles.list}>{groups.packed.map(row)}</ul>
            </section>
          )}
        </>
      )}
    </>
  );
}
