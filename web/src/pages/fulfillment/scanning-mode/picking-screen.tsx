import { Button, Field, Input, makeStyles, mergeClasses, ProgressBar, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import {
  ArrowLeftRegular,
  ArrowRightRegular,
  BarcodeScannerRegular,
  CheckmarkCircle32Filled,
  CheckmarkCircleFilled,
  DocumentPdfRegular,
  ErrorCircleFilled,
} from '@fluentui/react-icons';
import type { Fulfillment } from '@tradepost/shared/schemas/sales.ts';
import { type FormEvent, useState } from 'react';
import { progress, refusalTitles } from '../../../features/fulfillment/fulfillment-model.ts';
import { FulfillmentStatusBadge } from '../../../features/fulfillment/fulfillment-status-badge.tsx';
import { openPackingSlip } from '../../../features/fulfillment/packing-slip.ts';
import { ShipForm } from '../../../features/fulfillment/ship-form.tsx';
import { type PickScan, usePickScanning } from '../../../features/fulfillment/use-pick-scanning.ts';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { channelLabels, saleNumberLabel } from '../../../features/sales/sale-model.ts';
import { CameraScanButton } from '../../../features/scanner/camera-scan-button.tsx';
import { scanFieldProps } from '../../../features/scanner/scan-listener.ts';
import { useScanHandler } from '../../../features/scanner/use-scan-handler.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';

const shake = {
  '0%': { transform: 'translateX(0)' },
  '20%': { transform: 'translateX(-10px)' },
  '40%': { transform: 'translateX(10px)' },
  '60%': { transform: 'translateX(-6px)' },
  '80%': { transform: 'translateX(6px)' },
  '100%': { transform: 'translateX(0)' },
};

const useStyles = makeStyles({
  top: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px 12px', flexWrap: 'wrap' },
  heading: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  title: {
    ...typographyStyles.title2,
    margin: 0,
    display: 'flex',
    alignItems: 'center',
    gap: '10px',
    '@media (max-width: 600px)': { ...typographyStyles.title3 },
  },
  meta: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  tally: { display: 'flex', flexDirection: 'column', alignItems: 'flex-end' },
  tallyValue: {
    ...typographyStyles.largeTitle,
    lineHeight: 1,
    fontVariantNumeric: 'tabular-nums',
    '@media (max-width: 600px)': { ...typographyStyles.title1 },
  },
  tallyLabel: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },

  banner: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: '14px',
    padding: '18px 20px',
    borderRadius: tokens.borderRadiusXLarge,
    minHeight: '96px',
    boxSizing: 'border-box',
    '@media (max-width: 600px)': { padding: '14px', gap: '10px' },
  },
  bannerText: { display: 'flex', flexDirection: 'column', gap: '4px', minWidth: 0 },
  bannerIcon: { fontSize: '36px', flexShrink: 0, '@media (max-width: 600px)': { fontSize: '28px' } },
  okIcon: { color: tokens.colorPaletteGreenForeground1 },
  bannerLabel: { ...typographyStyles.caption1Strong, margin: 0, textTransform: 'uppercase', letterSpacing: '0.08em' },
  bannerTitle: {
    ...typographyStyles.title2,
    margin: 0,
    overflowWrap: 'anywhere',
    '@media (max-width: 600px)': { ...typographyStyles.title3 },
  },
  bannerBody: { ...typographyStyles.body1Strong, margin: 0, overflowWrap: 'anywhere' },
  idle: {
    border: `2px dashed ${tokens.colorBrandStroke2}`,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
  },
  ok: {
    border: `3px solid ${tokens.colorPaletteGreenBorder2}`,
    backgroundColor: tokens.colorPaletteGreenBackground1,
    // Neutral text on the green tint keeps its contrast in the dark theme too; the icon carries the green.
    color: tokens.colorNeutralForeground1,
    transitionProperty: 'background-color',
    transitionDuration: tokens.durationSlow,
  },
  okFlash: { backgroundColor: tokens.colorPaletteGreenBackground2 },
  // Refused: the whole width in solid red with white text, so it is seen from across the bench.
  bad: {
    border: `3px solid ${tokens.colorPaletteRedBorder2}`,
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundStaticInverted,
  },
  badFlash: {
    animationName: shake,
    animationDuration: '400ms',
    animationTimingFunction: 'ease-out',
    '@media (prefers-reduced-motion: reduce)': { animationName: 'none' },
  },
  badTitle: { ...typographyStyles.largeTitle, margin: 0, lineHeight: 1.1, '@media (max-width: 600px)': { ...typographyStyles.title1 } },

  packed: {
    display: 'flex',
    flexDirection: 'column',
    gap: '14px',
    padding: '20px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `3px solid ${tokens.colorPaletteGreenBorder2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    '@media (max-width: 600px)': { padding: '14px' },
  },
  packedHead: { display: 'flex', alignItems: 'center', gap: '12px', color: tokens.colorPaletteGreenForeground1 },
  packedTitle: { ...typographyStyles.title1, margin: 0, '@media (max-width: 600px)': { ...typographyStyles.title2 } },

  entry: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  entryField: { flexGrow: 1, minWidth: '160px' },
  tools: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },

  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  line: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gap: '6px 14px',
    alignItems: 'center',
    padding: '12px 14px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  lineLast: { border: `2px solid ${tokens.colorPaletteGreenBorder2}` },
  lineDone: { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground3 },
  lineTitle: { ...typographyStyles.subtitle2, display: 'block', overflowWrap: 'anywhere' },
  lineSize: { ...typographyStyles.title3, display: 'block', '@media (max-width: 600px)': { ...typographyStyles.subtitle1 } },
  lineMeta: { ...typographyStyles.caption1, display: 'block', color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  lineCount: { ...typographyStyles.title2, fontVariantNumeric: 'tabular-nums', display: 'flex', alignItems: 'center', gap: '6px' },
  lineBar: { gridColumn: '1 / -1' },
  doneIcon: { color: tokens.colorPaletteGreenForeground1, fontSize: '24px' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
});

type PickingScreenProps = {
  scope: BusinessScope | undefined;
  fulfillment: Fulfillment;
  nextOrder: Fulfillment | null;
  onChoose: (id: string | null) => void;
};

/** One order being picked: the last scan loud and big, what is left to pick below, and shipping once packed. */
export function PickingScreen({ scope, fulfillment, nextOrder, onChoose }: PickingScreenProps) {
  const styles = useStyles();
  const toast = useAppToast();
  const scanning = usePickScanning(scope, fulfillment.id);
  const [typed, setTyped] = useState('');
  const [slipLoading, setSlipLoading] = useState(false);
  const { picked, ordered } = progress(fulfillment);
  const number = saleNumberLabel(fulfillment.sale_number);
  const closed = fulfillment.status === 'shipped' || fulfillment.status === 'cancelled';
  const packed = fulfillment.status === 'packed';

  useScanHandler(scanning.scan);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = typed.trim();
    if (code === '') return;
    scanning.scan(code);
    setTyped('');
  };

  const slip = async () => {
    if (scope === undefined) return;
    setSlipLoading(true);
    try {
      await openPackingSlip(scope.basePath, fulfillment.id);
    } catch {
      toast({ intent: 'error', title: 'Packing slip not opened', body: 'The packing slip could not be loaded. Try again in a moment.' });
    } finally {
      setSlipLoading(false);
    }
  };

  // Lines still to pick first, in the order of the slip; the one just scanned is outlined.
  const lines = [...fulfillment.lines].sort((a, b) => Number(a.quantity_picked >= a.quantity) - Number(b.quantity_picked >= b.quantity));
  const lastLine = scanning.last?.ok === true ? scanning.last.lineId : null;

  return (
    <>
      <div className={styles.top}>
        <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={() => onChoose(null)}>
          Orders
        </Button>
        {scanning.busy ? <Spinner size="extra-tiny" label="Checking…" /> : null}
      </div>
      <div className={styles.top}>
        <div className={styles.heading}>
          <h1 className={styles.title}>
            Order {number} <FulfillmentStatusBadge status={fulfillment.status} />
          </h1>
          <p className={styles.meta}>
            {fulfillment.customer_name ?? 'No customer'} · {channelLabels[fulfillment.channel]}
          </p>
        </div>
        <div className={styles.tally} aria-live="polite">
          <span className={styles.tallyValue}>
            {picked}/{ordered}
          </span>
          <span className={styles.tallyLabel}>units picked</span>
        </div>
      </div>
      <ProgressBar
        value={ordered === 0 ? 0 : picked / ordered}
        color={picked >= ordered ? 'success' : 'brand'}
        thickness="large"
        aria-label={`${picked} of ${ordered} units picked`}
      />

      <ScanBanner last={scanning.last} flashing={scanning.feedback.flashing} packed={packed} closed={closed} />

      {packed ? (
        <section className={styles.packed} aria-label="Order packed">
          <div className={styles.packedHead}>
            <CheckmarkCircle32Filled aria-hidden="true" />
            <h2 className={styles.packedTitle}>Order packed</h2>
          </div>
          <ShipForm
            scope={scope}
            fulfillment={fulfillment}
            size="large"
            autoFocus
            submitLabel={nextOrder === null ? 'Ship' : 'Ship and next order'}
            onShipped={() => {
              toast({ intent: 'success', title: `Order ${number} shipped`, body: nextOrder === null ? 'No order is waiting.' : undefined });
              onChoose(nextOrder?.id ?? null);
            }}
          />
          {nextOrder === null ? null : (
            <div>
              <Button appearance="subtle" icon={<ArrowRightRegular />} iconPosition="after" onClick={() => onChoose(nextOrder.id)}>
                Leave it for shipping, next order {saleNumberLabel(nextOrder.sale_number)}
              </Button>
            </div>
          )}
        </section>
      ) : null}

      {closed ? null : (
        <>
          <form className={styles.entry} onSubmit={onSubmit} aria-label="Enter a barcode">
            <Field className={styles.entryField} label="Barcode or SKU" hint="A hardware scanner works anywhere on this screen.">
              <Input
                {...scanFieldProps}
                value={typed}
                onChange={(_, d) => setTyped(d.value)}
                autoComplete="off"
                spellCheck={false}
                enterKeyHint="done"
                contentBefore={<BarcodeScannerRegular aria-hidden="true" />}
              />
            </Field>
            <Button type="submit">Check</Button>
          </form>
          <div className={styles.tools}>
            <CameraScanButton continuous onScan={scanning.scan} />
            <Button
              icon={slipLoading ? <Spinner size="tiny" /> : <DocumentPdfRegular />}
              disabledFocusable={slipLoading}
              onClick={() => void slip()}
            >
              Packing slip
            </Button>
            {!packed && nextOrder !== null ? (
              <Button appearance="subtle" icon={<ArrowRightRegular />} iconPosition="after" onClick={() => onChoose(nextOrder.id)}>
                Skip to {saleNumberLabel(nextOrder.sale_number)}
              </Button>
            ) : null}
          </div>
        </>
      )}

      <ul className={styles.list} aria-label="Items to pick">
        {lines.map((line) => {
          const done = line.quantity_picked >= line.quantity;
          return (
            <li
              key={line.id}
              className={mergeClasses(styles.line, done && styles.lineDone, line.id === lastLine && styles.lineLast)}
              aria-label={`${line.title}, size ${line.size}: ${line.quantity_picked} of ${line.quantity} picked`}
            >
              <span>
                <span className={styles.lineTitle}>{line.title}</span>
                <span className={styles.lineSize}>Size {line.size}</span>
                <span className={styles.lineMeta}>
                  {line.sku}
                  {line.barcodes.length > 0 ? ` · ${line.barcodes.join(', ')}` : ''}
                </span>
              </span>
              <span className={styles.lineCount}>
                {done ? <CheckmarkCircleFilled className={styles.doneIcon} aria-hidden="true" /> : null}
                {line.quantity_picked}/{line.quantity}
              </span>
              <ProgressBar
                className={styles.lineBar}
                value={line.quantity === 0 ? 0 : line.quantity_picked / line.quantity}
                color={done ? 'success' : 'brand'}
                aria-hidden="true"
              />
            </li>
          );
        })}
      </ul>
    </>
  );
}

function ScanBanner({ last, flashing, packed, closed }: { last: PickScan | null; flashing: boolean; packed: boolean; closed: boolean }) {
  const styles = useStyles();
  if (last !== null && !last.ok) {
    return (
      <section
        key={last.id}
        className={mergeClasses(styles.banner, styles.bad, flashing && styles.badFlash)}
        role="alert"
        aria-label="Scan refused"
        data-scan-tone="error"
      >
        <ErrorCircleFilled className={styles.bannerIcon} aria-hidden="true" />
        <div className={styles.bannerText}>
          <p className={styles.badTitle}>{refusalTitles[last.kind]}</p>
          <p className={styles.bannerTitle}>{last.message}</p>
          <p className={styles.bannerBody}>
            Nothing was picked. Put it aside and scan the right item.
            {last.message.includes(last.code) ? '' : ` (Scanned: ${last.code})`}
          </p>
        </div>
      </section>
    );
  }
  if (last?.ok) {
    return (
      <section
        key={last.id}
        className={mergeClasses(styles.banner, styles.ok, flashing && styles.okFlash)}
        role="status"
        aria-label="Last scan"
        data-scan-tone="success"
      >
        <CheckmarkCircleFilled className={mergeClasses(styles.bannerIcon, styles.okIcon)} aria-hidden="true" />
        <div className={styles.bannerText}>
          <p className={styles.bannerLabel}>Picked</p>
          <p className={styles.bannerTitle}>
            {last.title} · size {last.size}
          </p>
          <p className={styles.bannerBody}>
            {last.picked} of {last.quantity}
            {last.complete ? ' · every item checked' : ''}
          </p>
        </div>
      </section>
    );
  }
  if (packed) return null;
  if (closed) {
    return (
      <section className={mergeClasses(styles.banner, styles.idle)} role="status" aria-label="Order closed">
        <div className={styles.bannerText}>
          <p className={styles.bannerLabel}>Nothing to pick</p>
          <p className={styles.bannerTitle}>This order is closed</p>
          <p className={styles.bannerBody}>It has shipped or was cancelled. Go back to the orders to pick the next one.</p>
        </div>
      </section>
    );
  }
  return (
    <section className={mergeClasses(styles.banner, styles.idle)} role="status" aria-label="Last scan">
      <BarcodeScannerRegular className={styles.bannerIcon} aria-hidden="true" />
      <div className={styles.bannerText}>
        <p className={styles.bannerLabel}>Ready</p>
        <p className={styles.bannerTitle}>Scan the first item</p>
        <p className={styles.bannerBody}>Each scan picks one unit. A wrong item is refused and nothing changes.</p>
      </div>
    </section>
  );
}
