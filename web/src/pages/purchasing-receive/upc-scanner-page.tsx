import { Button, Field, Input, MessageBar, MessageBarBody, mergeClasses, ProgressBar, Select, Spinner } from '@fluentui/react-components';
import { ArrowLeftRegular, BarcodeScannerRegular } from '@fluentui/react-icons';
import { type PurchaseOrder, purchaseOrderLabel, purchaseOrderStatusLabels } from '@tradepost/shared/schemas/purchasing.ts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useLocations } from '../../features/inventory/use-locations.ts';
import { LoadFailed } from '../../features/layout/load-failed.tsx';
import { ButtonLink } from '../../features/navigation/router-link.tsx';
import { CameraScanButton } from '../../features/scanner/camera-scan-button.tsx';
import { scanFieldProps } from '../../features/scanner/scan-listener.ts';
import { useScanHandler } from '../../features/scanner/use-scan-handler.ts';
import { useBusinessScope } from '../../features/session/use-business-scope.ts';
import { isHandover, orderProgress, progressText, type ReceiveScanEntry, scanBlockedReason } from './receive-scan-model.ts';
import { useReceiveStyles } from './receive-styles.ts';
import { usePurchaseOrder } from './use-receive-api.ts';
import { useReceiveScanning } from './use-receive-scanning.ts';

/** purchase-orders/{id}/upc-scanner: receive an order one scanned unit at a time, the last unit big. */
export function UpcScannerPage() {
  const styles = useReceiveStyles();
  const { purchaseOrderId = '' } = useParams();
  const scope = useBusinessScope();
  const order = usePurchaseOrder(scope, purchaseOrderId);

  if (order.data === undefined) {
    return (
      <div className={styles.page}>
        <ButtonLink to="/purchase-orders" icon={<ArrowLeftRegular />}>
          Purchase orders
        </ButtonLink>
        {order.isPending ? (
          <p className={styles.muted}>
            <Spinner size="tiny" aria-hidden="true" /> Loading purchase order…
          </p>
        ) : order.error !== null && 'status' in order.error && order.error.status === 404 ? (
          <MessageBar intent="warning">
            <MessageBarBody>This purchase order could not be found. Open it again from the list of purchase orders.</MessageBarBody>
          </MessageBar>
        ) : (
          <LoadFailed subject="The purchase order" onRetry={() => void order.refetch()} retrying={order.isFetching} />
        )}
      </div>
    );
  }
  return <Scanner order={order.data} />;
}

function Scanner({ order }: { order: PurchaseOrder }) {
  const styles = useReceiveStyles();
  const scope = useBusinessScope();
  const locations = useLocations(scope);
  const navigate = useNavigate();
  const routerLocation = useLocation();
  const [params, setParams] = useSearchParams();
  const locationId = params.get('location') || order.location_id;
  const [typed, setTyped] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const locationSelectId = useId();
  const blocked = scanBlockedReason(order);
  const label = purchaseOrderLabel(order.number);

  const scanning = useReceiveScanning(scope, order, locationId, (code) => {
    const search = new URLSearchParams({ barcode: code, location: locationId });
    navigate(`/purchase-orders/${encodeURIComponent(order.id)}/barcode-variants?${search}`);
  });

  // Back from barcode-variants: show (and sound) what the mapped scan did, once; a reload does not repeat it.
  const handover = isHandover(routerLocation.state) ? routerLocation.state.entry : null;
  const shownHandover = useRef(false);
  useEffect(() => {
    if (handover === null || shownHandover.current) return;
    shownHandover.current = true;
    scanning.show(handover);
    navigate(`${routerLocation.pathname}${routerLocation.search}`, { replace: true, state: null });
  });

  // The barcode field keeps the focus between scans, so the next scan (or typed code) lands there.
  useEffect(() => {
    if (!scanning.busy) field.current?.focus();
  }, [scanning.busy]);

  const onCode = (code: string, confirm = false) => {
    if (blocked !== null) {
      scanning.show({ kind: 'refused', code, message: blocked });
      return;
    }
    scanning.scanCode(code, confirm);
  };
  useScanHandler((code) => onCode(code));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = typed.trim();
    if (code === '') return;
    onCode(code);
    setTyped('');
  };

  const progress = orderProgress(order);
  const last = scanning.last;
  const lastLineId = last?.kind === 'received' ? last.line_id : null;
  const activeLocations = (locations.data ?? []).filter((l) => !l.archived || l.id === locationId);

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <ButtonLink to={`/purchase-orders/${encodeURIComponent(order.id)}`} icon={<ArrowLeftRegular />}>
          Back to {label}
        </ButtonLink>
        <span className={styles.tally} aria-live="polite">
          <span className={styles.tallyValue}>
            {progress.received} / {progress.ordered}
          </span>
          <span className={styles.tallyLabel}>units received</span>
        </span>
      </div>
      <div>
        <h1 className={styles.heading}>Receive {label} by scanning</h1>
        <p className={styles.sub}>
          {order.seller_name} · {purchaseOrderStatusLabels[order.status]}
        </p>
      </div>
      {blocked === null ? null : (
        <MessageBar intent="warning">
          <MessageBarBody>{blocked}</MessageBarBody>
        </MessageBar>
      )}

      <LastScan entry={last} flashing={scanning.feedback.flashing} onReceiveAnyway={(code) => onCode(code, true)} idle={blocked} />

      <form className={styles.entry} onSubmit={onSubmit} aria-label="Scan a barcode">
        <Field className={styles.entryField} label="Barcode">
          <Input
            {...scanFieldProps}
            ref={field}
            value={typed}
            onChange={(_, d) => setTyped(d.value)}
            inputMode="text"
            autoComplete="off"
            autoFocus
            spellCheck={false}
            enterKeyHint="done"
            size="large"
            contentBefore={<BarcodeScannerRegular aria-hidden="true" />}
            disabled={blocked !== null}
          />
        </Field>
        <Button type="submit" appearance="primary" size="large" disabled={blocked !== null}>
          Receive
        </Button>
      </form>
      <div className={styles.tools}>
        <CameraScanButton continuous onScan={(code) => onCode(code)} disabled={blocked !== null} />
        <span className={styles.locationField}>
          <label htmlFor={locationSelectId} className={styles.locationLabel}>
            Receive into
          </label>
          <Select
            id={locationSelectId}
            className={styles.locationSelect}
            value={locationId}
            onChange={(_, d) => setParams((prev) => ({ ...Object.fromEntries(prev), location: d.value }), { replace: true })}
          >
            {activeLocations.length === 0 ? <option value={locationId}>Loading locations…</option> : null}
            {activeLocations.map((location) => (
              <option key={location.id} value={location.id}>
                {location.name}
                {location.id === order.location_id ? ' (the order’s location)' : ''}
              </option>
            ))}
          </Select>
        </span>
        {scanning.busy ? (
          <span className={styles.muted}>
            <Spinner size="tiny" aria-hidden="true" /> Receiving…
          </span>
        ) : null}
      </div>

      <h2 className={styles.listTitle}>Lines</h2>
      <ul className={styles.list} aria-label="Lines of the order">
        {order.lines.map((line) => (
          <li key={line.id} className={mergeClasses(styles.line, lastLineId === line.id && styles.lineLast)}>
            <span>
              <span className={styles.lineTitle}>{line.product_title}</span>
              <span className={styles.lineMeta}>
                {line.size_label}
                {line.sku === null ? '' : ` · ${line.sku}`}
              </span>
            </span>
            <span>
              <span className={styles.lineCount}>{progressText(line.quantity_received, line.quantity_ordered)}</span>
              <ProgressBar
                value={Math.min(line.quantity_received, line.quantity_ordered)}
                max={Math.max(line.quantity_ordered, 1)}
                color={line.quantity_received >= line.quantity_ordered ? 'success' : 'brand'}
                thickness="large"
              />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function LastScan({
  entry,
  flashing,
  idle,
  onReceiveAnyway,
}: {
  entry: ReceiveScanEntry | null;
  flashing: boolean;
  /** Why scans are not taken, when they are not. */
  idle: string | null;
  onReceiveAnyway: (code: string) => void;
}) {
  const styles = useReceiveStyles();
  if (entry === null) {
    return (
      <section className={styles.card} aria-label="Last scan">
        <p className={styles.cardLabel}>Ready</p>
        <p className={styles.idle}>
          {idle ?? 'Scan an item to receive it: each scan receives one unit. A hardware scanner works anywhere on this page.'}
        </p>
      </section>
    );
  }
  if (entry.kind === 'over-receipt') {
    return (
      <section className={mergeClasses(styles.card, styles.warn)} aria-label="Last scan" role="alert" data-scan-tone="error">
        <p className={styles.cardLabel}>Not received · {entry.code}</p>
        <p className={styles.warnText}>{entry.message}</p>
        <div className={styles.cardActions}>
          <Button appearance="primary" onClick={() => onReceiveAnyway(entry.code)}>
            Receive anyway
          </Button>
        </div>
      </section>
    );
  }
  if (entry.kind === 'refused') {
    return (
      <section
        className={mergeClasses(styles.card, styles.bad, flashing && styles.badFlash)}
        aria-label="Last scan"
        role="alert"
        data-scan-tone="error"
      >
        <p className={styles.cardLabel}>Not received · {entry.code}</p>
        <p className={styles.errorText}>{entry.message}</p>
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
        Received{entry.over ? ' · over the order' : ''} · {entry.code}
      </p>
      <p className={styles.itemTitle}>{entry.product_title}</p>
      <div className={styles.itemRow}>
        <div>
          <p className={styles.itemSize}>{entry.size_label}</p>
          {entry.sku === null ? null : <p className={styles.itemMeta}>{entry.sku}</p>}
        </div>
        <div className={styles.counted}>
          <span className={styles.countedValue}>
            {entry.received} of {entry.ordered}
          </span>
          <span className={styles.itemMeta}>received</span>
        </div>
      </div>
    </section>
  );
}
