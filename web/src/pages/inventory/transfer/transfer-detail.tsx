import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  mergeClasses,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import {
  ArrowLeftRegular,
  ArrowRightRegular,
  BarcodeScannerRegular,
  BoxArrowLeftRegular,
  HistoryRegular,
  SendRegular,
  TextBulletListSquareRegular,
} from '@fluentui/react-icons';
import type { Transfer } from '@tradepost/shared/schemas/inventory.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useRef, useState } from 'react';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { useVariantByCode } from '../../../features/catalog/use-variant-by-code.ts';
import type { VariantInfo } from '../../../features/catalog/variant-info.ts';
import { formatCount, StatCard, StatGrid } from '../../../features/inventory/inventory-figures.tsx';
import { TransferStageBadge } from '../../../features/inventory/status-badges.tsx';
import {
  openQuantity,
  type ReceiptDraft,
  receiptLines,
  receiveEverything,
  scanIntoReceipt,
  transferStage,
  transferTotals,
} from '../../../features/inventory/transfer-model.ts';
import { useLocations } from '../../../features/inventory/use-locations.ts';
import { type TransferEvent, useTransferHistory } from '../../../features/inventory/use-transfer-history.ts';
import { useReceiveTransfer, useShipTransfer, useTransfer } from '../../../features/inventory/use-transfers.ts';
import { useVariantDirectory } from '../../../features/inventory/use-variant-directory.ts';
import { VariantLabel } from '../../../features/inventory/variant-label.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { CameraScanButton } from '../../../features/scanner/camera-scan-button.tsx';
import { ScanFeedbackBar } from '../../../features/scanner/scan-feedback-bar.tsx';
import { useScanFeedback } from '../../../features/scanner/use-scan-feedback.ts';
import { useScanHandler } from '../../../features/scanner/use-scan-handler.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { CancelTransferButton } from './cancel-transfer-button.tsx';
import { locationName } from './transfer-list.tsx';

const useStyles = makeStyles({
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 12px' },
  route: { ...typographyStyles.subtitle2, display: 'inline-flex', alignItems: 'center', gap: '6px', margin: 0 },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 16px' },
  qty: { width: '80px', minWidth: 0 },
  history: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '10px' },
  event: {
    display: 'grid',
    gridTemplateColumns: '180px minmax(0, 1fr)',
    gap: '4px 16px',
    paddingBottom: '10px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  eventWhen: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, paddingTop: '2px' },
  eventWhat: { ...typographyStyles.body1, color: tokens.colorNeutralForeground1 },
  eventItems: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block' },
});

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One transfer: send a draft, receive what is in transit (typed or scanned), and its history. */
export function TransferDetail({ transferId, onBack }: { transferId: string; onBack: () => void }) {
  const styles = useStyles();
  const scope = useBusinessScope();
  const transfer = useTransfer(scope, transferId);
  const locations = useLocations(scope);
  const ids = transfer.data?.lines.map((line) => line.variant_id) ?? [];
  const directory = useVariantDirectory(scope, ids);
  const infos = directory.data ?? new Map<string, VariantInfo>();

  const back = (
    <Button icon={<ArrowLeftRegular />} onClick={onBack}>
      All transfers
    </Button>
  );

  if (transfer.isPending) {
    return (
      <AppPage title="Transfer" actions={back}>
        <p className={styles.muted}>
          <Spinner size="tiny" aria-hidden="true" /> Loading transfer…
        </p>
      </AppPage>
    );
  }
  if (transfer.data === undefined) {
    return (
      <AppPage title="Transfer" actions={back}>
        <MessageBar intent="warning">
          <MessageBarBody>
            This transfer could not be found. It may belong to another business; go back to the list of transfers.
          </MessageBarBody>
        </MessageBar>
      </AppPage>
    );
  }

  const data = transfer.data;
  const from = locationName(locations.data, data.from_location_id);
  const to = locationName(locations.data, data.to_location_id);
  const totals = transferTotals(data);
  const stage = transferStage(data);

  return (
    <AppPage
      title={`Transfer to ${to}`}
      description={`Created ${formatWhen(data.created_at)}${data.note === null ? '' : ` · ${data.note}`}`}
      wide
      actions={back}
    >
      <div className={styles.head}>
        <p className={styles.route}>
          {from} <ArrowRightRegular aria-label="to" /> {to}
        </p>
        <TransferStageBadge stage={stage} />
        {data.status === 'draft' || data.status === 'in_transit' ? <CancelTransferButton transfer={data} from={from} /> : null}
      </div>
      <StatGrid label="Transfer totals">
        <StatCard label="Units" value={formatCount(totals.units)} hint={plural(totals.lines, 'size')} />
        <StatCard label="Received" value={formatCount(totals.received)} hint={`At ${to}`} />
        <StatCard
          label={data.status === 'draft' ? 'Not sent yet' : 'Still in transit'}
          value={formatCount(data.status === 'draft' ? totals.units : totals.open)}
          hint={data.status === 'draft' ? `Still at ${from}` : totals.open === 0 ? 'Everything arrived' : 'Left to receive'}
        />
        <StatCard
          label="Sent"
          value={data.shipped_at === null ? '—' : formatWhen(data.shipped_at)}
          hint={data.received_at === null ? undefined : `Received ${formatWhen(data.received_at)}`}
        />
      </StatGrid>

      {data.status === 'draft' ? <SendSection transfer={data} from={from} to={to} /> : null}
      {data.status === 'in_transit' ? (
        <ReceiveSection transfer={data} to={to} infos={infos} />
      ) : (
        <LinesSection transfer={data} infos={infos} />
      )}
      <HistorySection transfer={data} from={from} to={to} infos={infos} />
    </AppPage>
  );
}

function SendSection({ transfer, from, to }: { transfer: Transfer; from: string; to: string }) {
  const styles = useStyles();
  const scope = useBusinessScope();
  const ship = useShipTransfer(scope);
  const toast = useAppToast();
  const errors = ship.isError ? fieldErrors(ship.error, () => false, 'The transfer could not be sent.') : undefined;
  const totals = transferTotals(transfer);
  return (
    <PageSection
      id="transfer-send"
      title="Send"
      icon={<SendRegular />}
      description={`Sending takes ${plural(totals.units, 'unit')} out of ${from} now. They count at ${to} once received.`}
    >
      {errors === undefined ? null : (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            <MessageBarTitle>{errors.code === 'INSUFFICIENT_STOCK' ? `Not enough stock at ${from}` : 'Not sent'}</MessageBarTitle>
            {errors.general ?? errors.message}
            {errors.code === 'INSUFFICIENT_STOCK'
              ? ' Nothing was sent; receive the stock at this location first, or start a smaller transfer.'
              : ''}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.row}>
        <Button
          appearance="primary"
          icon={ship.isPending ? <Spinner size="tiny" /> : <SendRegular />}
          disabledFocusable={ship.isPending}
          onClick={() =>
            ship.mutate(transfer.id, {
              onSuccess: () =>
                toast({ intent: 'success', title: 'Transfer sent', body: `${plural(totals.units, 'unit')} on the way to ${to}.` }),
            })
          }
        >
          Send transfer
        </Button>
      </div>
    </PageSection>
  );
}

const notReceivable: Record<Exclude<Transfer['status'], 'in_transit'>, string> = {
  draft: 'This transfer has not been sent yet. Send it first; scans receive items once it is in transit.',
  received: 'Everything on this transfer has been received already. Nothing was added.',
  cancelled: 'This transfer was cancelled. Nothing was received.',
};

function LinesSection({ transfer, infos }: { transfer: Transfer; infos: ReadonlyMap<string, VariantInfo> }) {
  const table = useTableStyles();
  const scan = useScanFeedback();
  // Scans here would receive nothing: say so instead of staying silent.
  useScanHandler(() => {
    if (transfer.status !== 'in_transit') scan.error(notReceivable[transfer.status]);
  });
  return (
    <PageSection id="transfer-lines" title="Items" icon={<TextBulletListSquareRegular />}>
      <ScanFeedbackBar feedback={scan.feedback} flashing={scan.flashing} />
      <DataTable
        label="Items on this transfer"
        head={
          <>
            <th className={table.th}>Item</th>
            <th className={mergeClasses(table.th, table.num)}>Sent</th>
            <th className={mergeClasses(table.th, table.num)}>Received</th>
          </>
        }
      >
        {transfer.lines.map((line) => (
          <tr key={line.variant_id}>
            <td className={table.td}>
              <VariantLabel info={infos.get(line.variant_id)} variantId={line.variant_id} />
            </td>
            <td className={mergeClasses(table.td, table.num)}>{line.quantity}</td>
            <td className={mergeClasses(table.td, table.num)}>{line.quantity_received}</td>
          </tr>
        ))}
      </DataTable>
    </PageSection>
  );
}

function ReceiveSection({ transfer, to, infos }: { transfer: Transfer; to: string; infos: ReadonlyMap<string, VariantInfo> }) {
  const styles = useStyles();
  const table = useTableStyles();
  const scope = useBusinessScope();
  const receive = useReceiveTransfer(scope);
  const lookup = useVariantByCode(scope);
  const scan = useScanFeedback();
  const toast = useAppToast();
  const [draft, setDraftState] = useState<ReceiptDraft>({});
  const draftRef = useRef<ReceiptDraft>({});
  const setDraft = (next: ReceiptDraft) => {
    draftRef.current = next;
    setDraftState(next);
  };
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [lastScanned, setLastScanned] = useState<string | null>(null);

  // Typed text wins over the number while someone is editing the box.
  const quantityOf = (variantId: string) => draft[variantId] ?? 0;
  const setQuantity = (variantId: string, quantity: number, text?: string) => {
    setDraft({ ...draftRef.current, [variantId]: quantity });
    setTexts((prev) => ({ ...prev, [variantId]: text ?? (quantity === 0 ? '' : String(quantity)) }));
    receive.reset();
  };

  const name = (variantId: string) => {
    const info = infos.get(variantId);
    return info === undefined ? 'this item' : `${info.title}, ${info.size}`;
  };

  const onCode = (code: string) => {
    void lookup(code).then(
      (info) => {
        if (info === null) {
          scan.error(`No item has the barcode ${code}. Nothing was added.`);
          return;
        }
        // Read the receipt as it is now: scans arrive faster than React renders.
        const outcome = scanIntoReceipt(transfer, draftRef.current, info.variantId);
        if (!outcome.ok) {
          scan.error(
            outcome.reason === 'not_on_transfer'
              ? `${info.title}, ${info.size} is not on this transfer. Set it aside; it was not received.`
              : `Every unit of ${info.title}, ${info.size} is already received or counted in this receipt.`,
          );
          return;
        }
        draftRef.current = outcome.draft;
        setDraft(outcome.draft);
        setTexts((t) => ({ ...t, [info.variantId]: String(outcome.receiving) }));
        setLastScanned(info.variantId);
        scan.success(`${info.title}, ${info.size}: receiving ${outcome.receiving} of ${openQuantity(outcome.line)}`);
        receive.reset();
      },
      () => scan.error(`Could not look up ${code}. Check your connection and scan again.`),
    );
  };
  useScanHandler(onCode);

  const lines = receiptLines(transfer, draft);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const errors = receive.isError
    ? fieldErrors(receive.error, (path) => path.startsWith('lines.'), 'The receipt could not be posted.')
    : undefined;
  const errorFor = (variantId: string) => {
    const index = lines.findIndex((line) => line.variant_id === variantId);
    return index < 0 ? undefined : (errors?.fields[`lines.${index}.quantity`] ?? errors?.fields[`lines.${index}.variant_id`]);
  };

  const submit = () => {
    if (lines.length === 0) return;
    receive.mutate(
      { transferId: transfer.id, lines },
      {
        onSuccess: (updated) => {
          const left = transferTotals(updated).open;
          toast({
            intent: 'success',
            title: 'Received',
            body: `${plural(units, 'unit')} received at ${to}.${left > 0 ? ` ${plural(left, 'unit')} still in transit.` : ' The transfer is complete.'}`,
          });
          setDraft({});
          setTexts({});
          setLastScanned(null);
          scan.clear();
        },
      },
    );
  };

  return (
    <PageSection
      id="transfer-receive"
      title="Receive"
      icon={<BoxArrowLeftRegular />}
      description={`Scan each unit as you unpack it (one scan receives one unit), or type the quantities. Partial receipts are fine; the rest stays in transit.`}
    >
      <div className={styles.row}>
        <CameraScanButton continuous onScan={onCode} />
        <Button
          onClick={() => {
            const everything = receiveEverything(transfer);
            setDraft(everything);
            setTexts(Object.fromEntries(Object.entries(everything).map(([id, q]) => [id, String(q)])));
            receive.reset();
          }}
        >
          Fill in everything left
        </Button>
        <Button
          appearance="subtle"
          disabled={units === 0}
          onClick={() => {
            setDraft({});
            setTexts({});
            receive.reset();
          }}
        >
          Clear
        </Button>
        <span className={styles.muted}>
          <BarcodeScannerRegular aria-hidden="true" /> A hardware scanner works anywhere on this page.
        </span>
      </div>
      <ScanFeedbackBar feedback={scan.feedback} flashing={scan.flashing} />
      <DataTable
        label="Items to receive"
        head={
          <>
            <th className={table.th}>Item</th>
            <th className={mergeClasses(table.th, table.num)}>Sent</th>
            <th className={mergeClasses(table.th, table.num)}>Received</th>
            <th className={mergeClasses(table.th, table.num)}>Open</th>
            <th className={table.th}>Receive now</th>
          </>
        }
      >
        {transfer.lines.map((line) => {
          const open = openQuantity(line);
          return (
            <tr key={line.variant_id} className={lastScanned === line.variant_id ? table.highlight : undefined}>
              <td className={table.td}>
                <VariantLabel info={infos.get(line.variant_id)} variantId={line.variant_id} />
              </td>
              <td className={mergeClasses(table.td, table.num)}>{line.quantity}</td>
              <td className={mergeClasses(table.td, table.num)}>{line.quantity_received}</td>
              <td className={mergeClasses(table.td, table.num)}>{open}</td>
              <td className={table.td}>
                {open === 0 ? (
                  <span className={table.muted}>All received</span>
                ) : (
                  <Field validationMessage={errorFor(line.variant_id)}>
                    <Input
                      className={styles.qty}
                      aria-label={`Receive now: ${name(line.variant_id)}`}
                      inputMode="numeric"
                      value={texts[line.variant_id] ?? (quantityOf(line.variant_id) === 0 ? '' : String(quantityOf(line.variant_id)))}
                      onChange={(_, d) => {
                        const digits = d.value.replace(/\D/g, '');
                        setQuantity(line.variant_id, Number(digits || '0'), digits);
                      }}
                    />
                  </Field>
                )}
              </td>
            </tr>
          );
        })}
      </DataTable>
      {errors?.general === undefined ? null : (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            <MessageBarTitle>Nothing was received</MessageBarTitle>
            {errors.general}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.row}>
        <Button
          appearance="primary"
          disabledFocusable={receive.isPending || units === 0}
          icon={receive.isPending ? <Spinner size="tiny" /> : <BoxArrowLeftRegular />}
          onClick={submit}
        >
          {units === 0 ? 'Receive' : `Receive ${plural(units, 'unit')}`}
        </Button>
        <p className={styles.text} aria-live="polite">
          {units === 0 ? 'Scan or enter what arrived.' : `${plural(units, 'unit')} of ${plural(lines.length, 'size')} into ${to}.`}
        </p>
      </div>
    </PageSection>
  );
}

function describe(event: TransferEvent, from: string, to: string): string {
  const units = event.units.reduce((sum, unit) => sum + unit.quantity, 0);
  switch (event.kind) {
    case 'created':
      return 'Created as a draft';
    case 'sent':
      return `Sent from ${from}: ${plural(units, 'unit')}`;
    case 'received_part':
      return `Received at ${to}: ${plural(units, 'unit')} (partial)`;
    case 'received':
      return `Received at ${to}: ${plural(units, 'unit')}, everything has arrived`;
  }
}

function HistorySection({
  transfer,
  from,
  to,
  infos,
}: {
  transfer: Transfer;
  from: string;
  to: string;
  infos: ReadonlyMap<string, VariantInfo>;
}) {
  const styles = useStyles();
  const scope = useBusinessScope();
  const history = useTransferHistory(scope, transfer);
  const itemList = (event: TransferEvent) =>
    event.units
      .map((unit) => {
        const info = infos.get(unit.variantId);
        return `${unit.quantity} × ${info === undefined ? 'item' : `${info.title} ${info.size}`}`;
      })
      .join(', ');
  return (
    <PageSection id="transfer-history" title="History" icon={<HistoryRegular />}>
      <ol className={styles.history} aria-busy={history.pending}>
        {history.events.map((event) => (
          <li key={`${event.kind}-${event.at}`} className={styles.event}>
            <span className={styles.eventWhen}>{formatWhen(event.at)}</span>
            <span className={styles.eventWhat}>
              {describe(event, from, to)}
              {event.units.length === 0 ? null : <span className={styles.eventItems}>{itemList(event)}</span>}
            </span>
          </li>
        ))}
      </ol>
      {history.pending ? (
        <p className={styles.muted}>
          <Spinner size="tiny" aria-hidden="true" /> Reading receipts from the stock ledger…
        </p>
      ) : history.failed ? (
        <p className={styles.muted}>Some receipts could not be read from the stock ledger. Reload the page to try again.</p>
      ) : null}
    </PageSection>
  );
}
