import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowLeftRegular, BoxMultipleRegular, BoxRegular, InfoRegular, MoneyHandRegular } from '@fluentui/react-icons';
import { toApiError } from '@tradepost/shared/client/api-error.ts';
import type { Location } from '@tradepost/shared/schemas/inventory.ts';
import { type PurchaseOrder, purchaseOrderLabel } from '@tradepost/shared/schemas/purchasing.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { formatMoney } from '@tradepost/shared/ui/money.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { useLocations } from '../../../features/inventory/use-locations.ts';
import { EmptyState } from '../../../features/layout/empty-state.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ButtonLink, RouterLink } from '../../../features/navigation/router-link.tsx';
import { InStoreBadge, payoutLine, payoutSettingsPath } from '../../../features/purchasing/purchase-kind.tsx';
import { PurchaseOrderStatusBadge, ReceivedProgress } from '../../../features/purchasing/purchase-order-status-badge.tsx';
import {
  type PurchaseOrderTransition,
  useDownloadPurchaseOrderPdf,
  usePurchaseOrder,
  usePurchaseOrderLots,
  usePurchaseOrderTransition,
} from '../../../features/purchasing/use-purchase-orders.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { useCan } from '../../../features/session/use-can.ts';
import { DraftEditor } from './draft-editor.tsx';
import { PurchaseOrderActionsBar } from './purchase-order-actions-bar.tsx';
import { ReceiveDialog } from './receive-dialog.tsx';

const useStyles = makeStyles({
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
    gap: '12px 24px',
    margin: 0,
  },
  fact: { display: 'flex', flexDirection: 'column', gap: '2px', margin: 0 },
  label: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, margin: 0 },
  value: { ...typographyStyles.body1Strong, margin: 0 },
  note: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2, whiteSpace: 'pre-wrap' },
  title: { ...typographyStyles.body1Strong, display: 'block' },
  meta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block' },
  totals: {
    display: 'grid',
    gridTemplateColumns: 'auto auto',
    justifyContent: 'end',
    gap: '4px 24px',
    margin: 0,
    ...typographyStyles.body1,
    fontVariantNumeric: 'tabular-nums',
  },
  totalLabel: { color: tokens.colorNeutralForeground3, margin: 0 },
  totalValue: { textAlign: 'end', margin: 0 },
  grand: { ...typographyStyles.body1Strong },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
});

const spreadLabels = { value: 'by value', quantity: 'by quantity' } as const;

const confirmations: Record<Exclude<PurchaseOrderTransition, 'order'>, { title: string; text: string; button: string }> = {
  cancel: {
    title: 'Cancel this purchase order?',
    text: 'Nothing has been received on it. It stays in the list as cancelled and can no longer be received.',
    button: 'Cancel order',
  },
  close: {
    title: 'Close this purchase order?',
    text: 'It stops waiting for what has not arrived. What was received stays in stock.',
    button: 'Close order',
  },
};

const locationName = (locations: readonly Location[] | undefined, id: string) =>
  locations?.find((location) => location.id === id)?.name ?? 'Unknown location';

/** purchase-orders/{id}: one order with its lines, landed costs, what came in and the lots it made. */
export function PurchaseOrderDetailPage() {
  const styles = useStyles();
  const table = useTableStyles();
  const { id = '' } = useParams();
  const scope = useBusinessScope();
  const canWrite = useCan()('purchasing:write');
  const currency = scope?.currency ?? 'USD';
  const order = usePurchaseOrder(scope, id);
  const locations = useLocations(scope);
  const lots = usePurchaseOrderLots(scope, id, (order.data?.totals.units_received ?? 0) > 0);
  const transition = usePurchaseOrderTransition(scope);
  const pdf = useDownloadPurchaseOrderPdf(scope);
  const [receiving, setReceiving] = useState(false);
  const [confirming, setConfirming] = useState<'cancel' | 'close' | null>(null);
  const money = (cents: number) => formatMoney(cents, currency);

  if (order.isPending)
    return (
      <AppPage title="Purchase order">
        <p className={styles.muted}>
          <Spinner size="tiny" aria-hidden="true" /> Loading the purchase order…
        </p>
      </AppPage>
    );
  if (order.isError)
    return (
      <AppPage title="Purchase order">
        {toApiError(order.error)?.status === 404 ? (
          <EmptyState
            title="This purchase order does not exist"
            actions={<ButtonLink to="/purchase-orders">All purchase orders</ButtonLink>}
          >
            It may belong to another business, or the address is mistyped.
          </EmptyState>
        ) : (
          <LoadFailed subject="The purchase order" onRetry={() => void order.refetch()} retrying={order.isFetching} />
        )}
      </AppPage>
    );

  const po: PurchaseOrder = order.data;
  const label = purchaseOrderLabel(po.number);
  const activeLocations = (locations.data ?? []).filter((location) => !location.archived);
  const run = (to: PurchaseOrderTransition) => transition.mutate({ purchaseOrderId: po.id, to }, { onSettled: () => setConfirming(null) });
  const transitionError = transition.isError ? (toApiError(transition.error)?.message ?? 'The order could not be changed.') : undefined;
  const fact = (name: string, value: React.ReactNode) => (
    <div className={styles.fact}>
      <dt className={styles.label}>{name}</dt>
      <dd className={styles.value}>{value}</dd>
    </div>
  );
  const when = (at: string | null) => (at === null ? '—' : formatWhen(at));
  // Bought at the counter: received at once and paid by a payout, so nothing to order, receive or edit.
  const inStore = po.kind === 'in_store';
  const sellerLink =
    po.vendor_id === null ? (
      po.seller_name
    ) : (
      <RouterLink to={`/purchase-orders?vendor=${encodeURIComponent(po.vendor_id)}`}>{po.seller_name}</RouterLink>
    );

  return (
    <AppPage
      wide
      title={label}
      description={
        <>
          {po.seller_name} ·{' '}
          {inStore ? (
            <>
              <InStoreBadge kind={po.kind} /> ·{' '}
            </>
          ) : null}
          <PurchaseOrderStatusBadge status={po.status} />
        </>
      }
      actions={
        inStore ? (
          po.payout === null || !canWrite ? null : (
            <ButtonLink
              to={payoutSettingsPath(po.id)}
              appearance={po.payout.status === 'pending' ? 'primary' : 'secondary'}
              icon={<MoneyHandRegular />}
            >
              Payout settings
            </ButtonLink>
          )
        ) : (
          <PurchaseOrderActionsBar
            purchaseOrderId={po.id}
            status={po.status}
            canWrite={canWrite}
            busy={transition.isPending}
            downloading={pdf.isPending}
            onOrder={() => run('order')}
            onReceive={() => setReceiving(true)}
            onClose={() => setConfirming('close')}
            onCancel={() => setConfirming('cancel')}
            onPdf={() => pdf.mutate(po)}
          />
        )
      }
    >
      <FormErrorAlert message={transitionError ?? (pdf.isError ? pdf.error.message : undefined)} />
      <PageSection
        id="po-summary"
        title={inStore ? 'In-store purchase' : 'Order'}
        icon={<InfoRegular />}
        aside={
          <ButtonLink to="/purchase-orders" appearance="subtle" icon={<ArrowLeftRegular />}>
            All purchase orders
          </ButtonLink>
        }
      >
        <dl className={styles.facts}>
          {inStore ? (
            <>
              {fact(po.vendor_id === null ? 'Seller' : 'Seller (vendor)', sellerLink)}
              {fact('Kind', <InStoreBadge kind={po.kind} />)}
              {fact('Received into', locationName(locations.data, po.location_id))}
              {fact('Bought', when(po.created_at))}
              {fact(
                'Payout',
                po.payout === null ? (
                  'None: nothing was owed'
                ) : (
                  <RouterLink to={payoutSettingsPath(po.id)}>
                    {money(po.payout.amount_cents)} · {payoutLine(po.payout)}
                  </RouterLink>
                ),
              )}
              {po.trade_id === null ? null : fact('Trade', 'Part of a trade (the customer’s items)')}
            </>
          ) : (
            <>
              {fact('Vendor', sellerLink)}
              {fact('Status', <PurchaseOrderStatusBadge status={po.status} />)}
              {fact('Receive into', locationName(locations.data, po.location_id))}
              {fact('Expected on', po.expected_on ?? '—')}
              {fact('Created', when(po.created_at))}
              {fact('Ordered', when(po.ordered_at))}
              {fact('Received', when(po.received_at))}
              {po.cancelled_at === null ? fact('Closed', when(po.closed_at)) : fact('Cancelled', when(po.cancelled_at))}
            </>
          )}
        </dl>
        {po.note === null ? null : <p className={styles.note}>{po.note}</p>}
      </PageSection>

      <PageSection id="po-lines" title="Lines" icon={<BoxRegular />}>
        {po.status === 'draft' && canWrite && !inStore ? (
          <DraftEditor scope={scope} order={po} currency={currency} />
        ) : (
          <>
            <DataTable
              label={`Lines of ${label}`}
              head={
                <>
                  <th className={table.th}>Item</th>
                  <th className={table.th}>Received / ordered</th>
                  <th className={mergeClasses(table.th, table.num)}>Unit cost</th>
                  <th className={mergeClasses(table.th, table.num)}>Landed unit cost</th>
                  <th className={mergeClasses(table.th, table.num)}>Line total</th>
                </>
              }
            >
              {po.lines.map((line) => (
                <tr key={line.id}>
                  <td className={table.td}>
                    <span className={styles.title}>{line.product_title}</span>
                    <span className={styles.meta}>
                      {line.size_label}
                      {line.sku === null ? '' : ` · ${line.sku}`}
                    </span>
                  </td>
                  <td className={table.td}>
                    <ReceivedProgress
                      received={line.quantity_received}
                      ordered={line.quantity_ordered}
                      label={`${line.product_title} ${line.size_label}`}
                    />
                  </td>
                  <td className={mergeClasses(table.td, table.num)}>{money(line.unit_cost_cents)}</td>
                  <td className={mergeClasses(table.td, table.num)}>{money(line.landed_unit_cost_cents)}</td>
                  <td className={mergeClasses(table.td, table.num)}>{money(line.unit_cost_cents * line.quantity_ordered)}</td>
                </tr>
              ))}
            </DataTable>
            <dl className={styles.totals} aria-label="Totals">
              <dt className={styles.totalLabel}>Units received</dt>
              <dd className={styles.totalValue}>
                {po.totals.units_received} of {po.totals.units_ordered}
              </dd>
              <dt className={styles.totalLabel}>Subtotal</dt>
              <dd className={styles.totalValue}>{money(po.totals.subtotal_cents)}</dd>
              <dt className={styles.totalLabel}>
                Shipping {money(po.landed_costs.shipping_cents)}, duties {money(po.landed_costs.duties_cents)}, fees{' '}
                {money(po.landed_costs.fees_cents)}, spread {spreadLabels[po.landed_costs.spread]}
              </dt>
              <dd className={styles.totalValue}>{money(po.totals.landed_cents)}</dd>
              <dt className={mergeClasses(styles.totalLabel, styles.grand)}>Total</dt>
              <dd className={mergeClasses(styles.totalValue, styles.grand)}>{money(po.totals.total_cents)}</dd>
            </dl>
          </>
        )}
      </PageSection>

      {po.status === 'draft' ? null : (
        <PageSection
          id="po-lots"
          title="Received stock"
          icon={<BoxMultipleRegular />}
          description="The cost lots this order's receipts made, at the landed unit cost."
        >
          {po.totals.units_received === 0 ? (
            <p className={styles.muted}>Nothing received yet.</p>
          ) : lots.isPending ? (
            <p className={styles.muted}>
              <Spinner size="tiny" aria-hidden="true" /> Loading lots…
            </p>
          ) : lots.isError ? (
            <LoadFailed subject="The lots" onRetry={() => void lots.refetch()} retrying={lots.isFetching} />
          ) : (
            <DataTable
              label="Lots received"
              head={
                <>
                  <th className={table.th}>Received</th>
                  <th className={table.th}>Item</th>
                  <th className={table.th}>Location</th>
                  <th className={mergeClasses(table.th, table.num)}>Quantity</th>
                  <th className={mergeClasses(table.th, table.num)}>Remaining</th>
                  <th className={mergeClasses(table.th, table.num)}>Unit cost</th>
                </>
              }
            >
              {lots.data.map((lot) => (
                <tr key={lot.lot_id}>
                  <td className={mergeClasses(table.td, table.nowrap)}>{formatWhen(lot.received_at)}</td>
                  <td className={table.td}>
                    <span className={styles.title}>{lot.product_title}</span>
                    <span className={styles.meta}>{lot.size_label}</span>
                  </td>
                  <td className={table.td}>{locationName(locations.data, lot.location_id)}</td>
                  <td className={mergeClasses(table.td, table.num)}>{lot.quantity}</td>
                  <td className={mergeClasses(table.td, table.num)}>{lot.remaining}</td>
                  <td className={mergeClasses(table.td, table.num)}>{money(lot.unit_cost_cents)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </PageSection>
      )}

      {receiving && !inStore ? (
        <ReceiveDialog scope={scope} order={po} locations={activeLocations} onClose={() => setReceiving(false)} />
      ) : null}
      {confirming === null ? null : (
        <Dialog
          open
          onOpenChange={(_, data) => {
            if (!data.open) setConfirming(null);
          }}
        >
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{confirmations[confirming].title}</DialogTitle>
              <DialogContent>{confirmations[confirming].text}</DialogContent>
              <DialogActions>
                <Button
                  appearance="primary"
                  disabledFocusable={transition.isPending}
                  icon={transition.isPending ? <Spinner size="tiny" /> : undefined}
                  onClick={() => run(confirming)}
                >
                  {confirmations[confirming].button}
                </Button>
                <Button onClick={() => setConfirming(null)}>Keep it</Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      )}
    </AppPage>
  );
}
