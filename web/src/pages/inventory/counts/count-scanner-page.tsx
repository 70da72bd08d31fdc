import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowUndoRegular, BarcodeScannerRegular } from '@fluentui/react-icons';
import type { Count, CountLine } from '@tradepost/shared/schemas/inventory.ts';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router-dom';
import { type CountScanEntry, useCountScanning } from '../../../features/inventory/use-count-scanning.ts';
import { useCount } from '../../../features/inventory/use-counts.ts';
import { useLocations } from '../../../features/inventory/use-locations.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { CameraScanButton } from '../../../features/scanner/camera-scan-button.tsx';
import { scanCardStyles } from '../../../features/scanner/scan-card-styles.ts';
import { scanFieldProps } from '../../../features/scanner/scan-listener.ts';
import { useScanHandler } from '../../../features/scanner/use-scan-handler.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  ...scanCardStyles,
  page: {
    maxWidth: '760px',
    margin: '0 auto',
    padding: '20px 20px 48px',
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    '@media (max-width: 600px)': { padding: '12px 12px 32px', gap: '12px' },
  },
  top: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px 12px', flexWrap: 'wrap' },
  name: { ...typographyStyles.subtitle1, margin: 0, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  where: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  tally: { display: 'flex', gap: '16px' },
  tallyItem: { display: 'flex', flexDirection: 'column', alignItems: 'flex-end' },
  tallyValue: { ...typographyStyles.title3, fontVariantNumeric: 'tabular-nums' },
  tallyLabel: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  entry: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  entryField: { flexGrow: 1, minWidth: '180px' },
  tools: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
  listTitle: { ...typographyStyles.subtitle2, margin: '8px 0 0' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  line: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gap: '12px',
    alignItems: 'center',
    padding: '10px 4px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  lineLast: { backgroundColor: tokens.colorBrandBackground2 },
  lineTitle: { ...typographyStyles.body1Strong, display: 'block', overflowWrap: 'anywhere' },
  lineMeta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block' },
  lineCount: { ...typographyStyles.title3, fontVariantNumeric: 'tabular-nums', textAlign: 'end', display: 'block' },
  lineExpected: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block', textAlign: 'end' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
});

/** inventory/counts/{id}/scanner: nothing but scanning — the last item big, the running count per line below. */
export function CountScannerPage() {
  const styles = useStyles();
  const { countId = '' } = useParams();
  const scope = useBusinessScope();
  const count = useCount(scope, countId);

  if (count.data === undefined) {
    return (
      <div className={styles.page}>
        <ButtonLink to="/inventory/counts" icon={<ArrowLeftRegular />}>
          All counts
        </ButtonLink>
        {count.isPending ? (
          <p className={styles.muted}>
            <Spinner size="tiny" aria-hidden="true" /> Loading count…
          </p>
        ) : (
          <MessageBar intent="warning">
            <MessageBarBody>This count could not be found. Go back to the list of counts and open it from there.</MessageBarBody>
          </MessageBar>
        )}
      </div>
    );
  }
  return <Scanner count={count.data} />;
}

function Scanner({ count }: { count: Count }) {
  const styles = useStyles();
  const scope = useBusinessScope();
  const locations = useLocations(scope);
  const scanning = useCountScanning(scope, count.id);
  const [typed, setTyped] = useState('');
  const open = count.status === 'in_progress';
  const location = locations.data?.find((l) => l.id === count.location_id)?.name ?? '';

  const onCode = (code: string) => {
    if (!open) {
      scanning.feedback.error(`This count is ${count.status === 'completed' ? 'completed' : 'cancelled'}; scans are not taken.`);
      return;
    }
    scanning.scanCode(code);
  };
  useScanHandler(onCode);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = typed.trim();
    if (code === '') return;
    onCode(code);
    setTyped('');
  };

  // Lines counted most recently first: the one in hand is at the top.
  const lines = [...count.lines].sort((a, b) => (b.counted_at ?? '').localeCompare(a.counted_at ?? ''));
  const lastVariant = scanning.last?.ok === true ? scanning.last.line.variant_id : null;

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <ButtonLink to={`/inventory/counts/${count.id}`} icon={<ArrowLeftRegular />}>
          Back to count
        </ButtonLink>
        <div className={styles.tally} aria-live="polite">
          <span className={styles.tallyItem}>
            <span className={styles.tallyValue}>{count.totals.units_counted}</span>
            <span className={styles.tallyLabel}>units counted</span>
          </span>
          <span className={styles.tallyItem}>
            <span className={styles.tallyValue}>
              {count.totals.counted_lines}/{count.totals.lines}
            </span>
            <span className={styles.tallyLabel}>lines</span>
          </span>
        </div>
      </div>
      <div>
        <h1 className={styles.name}>{count.name}</h1>
        <p className={styles.where}>
          {location}
          {count.blind ? ' · blind count' : ''}
        </p>
      </div>

      <LastScan entry={scanning.last} flashing={scanning.feedback.flashing} line={lastLine(count, scanning.last)} open={open} />

      <form className={styles.entry} onSubmit={onSubmit} aria-label="Enter a barcode">
        <Field className={styles.entryField} label="Barcode" hint="A hardware scanner works anywhere on this page.">
          <Input
            {...scanFieldProps}
            value={typed}
            onChange={(_, d) => setTyped(d.value)}
            inputMode="text"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="done"
            contentBefore={<BarcodeScannerRegular aria-hidden="true" />}
            disabled={!open}
          />
        </Field>
        <Button type="submit" appearance="primary" disabled={!open}>
          Count
        </Button>
      </form>
      <div className={styles.tools}>
        <CameraScanButton continuous onScan={onCode} disabled={!open} />
        <Button icon={<ArrowUndoRegular />} disabled={!open || !scanning.log.some((e) => e.ok)} onClick={scanning.undoLast}>
          Take back last
        </Button>
        {scanning.busy ? (
          <span className={styles.muted}>
            <Spinner size="tiny" aria-hidden="true" /> Saving…
          </span>
        ) : null}
      </div>

      <h2 className={styles.listTitle}>Running count</h2>
      {lines.length === 0 ? (
        <p className={styles.muted}>Nothing counted yet. Scan the first item.</p>
      ) : (
        <ul className={styles.list} aria-label="Running count per item">
          {lines.map((line) => (
            <li key={line.variant_id} className={mergeClasses(styles.line, lastVariant === line.variant_id && styles.lineLast)}>
              <span>
                <span className={styles.lineTitle}>{line.product_title}</span>
                <span className={styles.lineMeta}>
                  Size {line.size} · {line.sku}
                </span>
              </span>
              <span>
                <span className={styles.lineCount}>{line.counted ?? '–'}</span>
                <span className={styles.lineExpected}>{line.expected === null ? 'counted' : `counted of ${line.expected}`}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The line as the count knows it now (later scans of the same item included). */
function lastLine(count: Count, entry: CountScanEntry | null): CountLine | null {
  if (entry === null || !entry.ok) return null;
  return count.lines.find((line) => line.variant_id === entry.line.variant_id) ?? entry.line;
}

function LastScan({
  entry,
  line,
  flashing,
  open,
}: {
  entry: CountScanEntry | null;
  line: CountLine | null;
  flashing: boolean;
  open: boolean;
}) {
  const styles = useStyles();
  if (entry === null) {
    return (
      <section className={styles.card} aria-label="Last scan">
        <p className={styles.cardLabel}>Ready</p>
        <p className={styles.idle}>
          {open ? 'Scan an item to count it. Each scan counts one unit.' : 'This count is closed; scans are not taken.'}
        </p>
      </section>
    );
  }
  if (!entry.ok || line === null) {
    return (
      <section
        className={mergeClasses(styles.card, styles.bad, flashing && styles.badFlash)}
        aria-label="Last scan"
        role="alert"
        data-scan-tone="error"
      >
        <p className={styles.cardLabel}>Refused · {entry.code}</p>
        <p className={styles.errorText}>{entry.ok ? 'Not counted' : entry.message}</p>
      </section>
    );
  }
  return (
    <section
      className={mergeClasses(styles.card, styles.ok, flashing && styles.okFlash)}
      aria-label="Last scan"
      role="status"
      data-scan-tone="success"
    >
      <p className={styles.cardLabel}>
        {entry.quantity < 0 ? 'Taken back' : entry.added ? 'Counted · not on the count, added' : 'Counted'} · {entry.code}
      </p>
      <p className={styles.itemTitle}>{line.product_title}</p>
      <div className={styles.itemRow}>
        <div>
          <p className={styles.itemSize}>Size {line.size}</p>
          <p className={styles.itemMeta}>{line.sku}</p>
        </div>
        <div className={styles.counted}>
          <span className={styles.countedValue}>{line.counted ?? 0}</span>
          <span className={styles.itemMeta}>{line.expected === null ? 'counted' : `counted of ${line.expected}`}</span>
        </div>
      </div>
    </section>
  );
}
