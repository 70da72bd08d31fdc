import {
  Badge,
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  MessageBar,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  OverlayDrawer,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowUndoRegular, DismissCircleRegular, DismissRegular, DocumentPdfRegular, OpenRegular } from '@fluentui/react-icons';
import type { Location } from '@tradepost/shared/schemas/inventory.ts';
import type { Sale, SaleLine } from '@tradepost/shared/schemas/sales.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { Fragment, useState } from 'react';
import { formatMoney } from '../../../features/catalog/money.ts';
import { FulfillmentStatusBadge } from '../../../features/fulfillment/fulfillment-status-badge.tsx';
import { openPackingSlip } from '../../../features/fulfillment/packing-slip.ts';
import { ShippingAddressBlock } from '../../../features/fulfillment/shipping-address.tsx';
import { useLocations } from '../../../features/inventory/use-locations.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { paymentMethodLabels } from '../../../features/sales/payment-model.ts';
import { ChannelBadge, ProfitAmount, SaleStatusBadge } from '../../../features/sales/sale-badges.tsx';
import { canCancel, canRefund, costIsExpected, saleNumberLabel } from '../../../features/sales/sale-model.ts';
import { useSale } from '../../../features/sales/use-sales.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';
import { CancelSaleDialog } from './cancel-sale-dialog.tsx';
import { RefundDialog } from './refund-dialog.tsx';

const useStyles = makeStyles({
  drawer: { width: 'min(820px, 100vw)' },
  body: { display: 'flex', flexDirection: 'column', gap: '20px', paddingBottom: '32px' },
  meta: { display: 'flex', flexWrap: 'wrap', gap: '8px 12px', alignItems: 'center' },
  metaText: { ...typographyStyles.body1, color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  heading: { ...typographyStyles.subtitle2, margin: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: '8px' },
  itemTitle: { ...typographyStyles.body1Strong, display: 'block', overflowWrap: 'anywhere' },
  // On a phone the table scrolls sideways rather than squeezing the title into one word a line.
  itemCell: { minWidth: '180px' },
  itemMeta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block' },
  expected: { marginInlineStart: '6px' },
  totals: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    rowGap: '6px',
    margin: 0,
    maxWidth: '420px',
    marginInlineStart: 'auto',
    width: '100%',
  },
  totalLabel: { ...typographyStyles.body1, color: tokens.colorNeutralForeground2 },
  totalValue: { ...typographyStyles.body1, margin: 0, paddingInlineStart: '24px', textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  grand: { ...typographyStyles.subtitle2, borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: '6px' },
  cards: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  card: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '8px 12px',
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  cardText: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
  note: { ...typographyStyles.body1, margin: 0, whiteSpace: 'pre-wrap' },
});

const locationName = (locations: readonly Location[] | undefined, id: string) =>
  locations?.find((location) => location.id === id)?.name ?? 'Unknown location';

type SaleDrawerProps = { scope: BusinessScope | undefined; saleId: string | null; onClose: () => void };

/** One sale in a side drawer: lines with cost and profit, totals, fulfillments, refunds, and what can be done with it. */
export function SaleDrawer({ scope, saleId, onClose }: SaleDrawerProps) {
  const styles = useStyles();
  const sale = useSale(scope, saleId);
  return (
    <OverlayDrawer
      open={saleId !== null}
      position="end"
      className={styles.drawer}
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
    >
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} />}>
          {sale.data === undefined ? 'Sale' : `Sale ${saleNumberLabel(sale.data.number)}`}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body}>
        {sale.data !== undefined ? (
          <SaleDetail scope={scope} sale={sale.data} />
        ) : sale.isPending ? (
          <p className={styles.muted}>
            <Spinner size="tiny" aria-hidden="true" /> Loading sale…
          </p>
        ) : (
          <MessageBar intent="warning">
            <MessageBarBody>This sale could not be found. Close the drawer and choose it from the list again.</MessageBarBody>
          </MessageBar>
        )}
      </DrawerBody>
    </OverlayDrawer>
  );
}

function quantityNote(line: SaleLine): string {
  const parts = [
    line.quantity_shipped > 0 ? `${line.quantity_shipped} shipped` : null,
    line.quantity_cancelled > 0 ? `${line.quantity_cancelled} cancelled` : null,
    line.quantity_returned > 0 ? `${line.quantity_returned} returned` : null,
  ];
  return parts.filter((part) => part !== null).join(' · ');
}

function SaleDetail({ scope, sale }: { scope: BusinessScope | undefined; sale: Sale }) {
  const styles = useStyles();
  const table = useTableStyles();
  const toast = useAppToast();
  const locations = useLocations(scope);
  const [dialog, setDialog] = useState<'cancel' | 'refund' | null>(null);
  const [slipLoading, setSlipLoading] = useState<string | null>(null);
  const money = (cents: number) => formatMoney(cents, sale.currency);
  const expected = costIsExpected(sale);
  const { totals } = sale;

  const slip = async (fulfillmentId: string) => {
    if (scope === undefined) return;
    setSlipLoading(fulfillmentId);
    try {
      await openPackingSlip(scope.basePath, fulfillmentId);
    } catch {
      toast({ intent: 'error', title: 'Packing slip not opened', body: 'The packing slip could not be loaded. Try again in a moment.' });
    } finally {
      setSlipLoading(null);
    }
  };

  return (
    <>
      <div className={styles.meta}>
        <SaleStatusBadge status={sale.status} />
        <ChannelBadge kind={sale.channel.kind} />
        <span className={styles.metaText}>{formatWhen(sale.ordered_at)}</span>
        {sale.channel.kind === 'manual' ? null : <span className={styles.metaText}>Order {sale.external_order_id}</span>}
        <span className={styles.metaText}>
          {sale.customer === null ? 'No customer' : `${sale.customer.name}${sale.customer.email ? ` · ${sale.customer.email}` : ''}`}
        </span>
      </div>
      {canCancel(sale) || canRefund(sale) ? (
        <div className={styles.actions}>
          {canCancel(sale) ? (
            <Button icon={<DismissCircleRegular />} onClick={() => setDialog('cancel')}>
              Cancel…
            </Button>
          ) : null}
          {canRefund(sale) ? (
            <Button icon={<ArrowUndoRegular />} onClick={() => setDialog('refund')}>
              Refund…
            </Button>
          ) : null}
        </div>
      ) : null}

      <section className={styles.section} aria-labelledby="sale-lines">
        <h3 id="sale-lines" className={styles.heading}>
          Items
        </h3>
        <DataTable
          label="Items on this sale"
          head={
            <>
              <th className={table.th}>Item</th>
              <th className={mergeClasses(table.th, table.num)}>Qty</th>
              <th className={mergeClasses(table.th, table.num)}>Price</th>
              <th className={mergeClasses(table.th, table.num)}>Fees</th>
              <th className={mergeClasses(table.th, table.num)}>Tax</th>
              <th className={mergeClasses(table.th, table.num)}>Cost</th>
              <th className={mergeClasses(table.th, table.num)}>Profit</th>
            </>
          }
        >
          {sale.lines.map((line) => (
            <tr key={line.id}>
              <td className={mergeClasses(table.td, styles.itemCell)}>
                <span className={styles.itemTitle}>{line.title}</span>
                <span className={styles.itemMeta}>
                  Size {line.size} · {line.sku} · {locationName(locations.data, line.location_id)}
                </span>
              </td>
              <td className={mergeClasses(table.td, table.num)}>
                {line.quantity}
                {quantityNote(line) === '' ? null : <span className={styles.itemMeta}>{quantityNote(line)}</span>}
              </td>
              <td className={mergeClasses(table.td, table.num)}>{money(line.unit_price_cents)}</td>
              <td className={mergeClasses(table.td, table.num)}>{money(line.fees_cents)}</td>
              <td className={mergeClasses(table.td, table.num)}>{money(line.tax_cents)}</td>
              <td className={mergeClasses(table.td, table.num)}>
                {money(line.cost_cents)}
                {line.cost_is_final ? null : (
                  <Badge className={styles.expected} size="small" appearance="tint" color="warning" title="Final once the units ship">
                    expected
                  </Badge>
                )}
              </td>
              <td className={mergeClasses(table.td, table.num)}>
                <ProfitAmount cents={line.profit_cents} currency={sale.currency} />
              </td>
            </tr>
          ))}
        </DataTable>
        <dl className={styles.totals} aria-label="Totals">
          <dt className={styles.totalLabel}>
            Subtotal ({totals.units} {totals.units === 1 ? 'unit' : 'units'})
          </dt>
          <dd className={styles.totalValue}>{money(totals.subtotal_cents)}</dd>
          <dt className={styles.totalLabel}>Shipping</dt>
          <dd className={styles.totalValue}>{money(totals.shipping_cents)}</dd>
          <dt className={styles.totalLabel}>Tax</dt>
          <dd className={styles.totalValue}>{money(totals.tax_cents)}</dd>
          <dt className={mergeClasses(styles.totalLabel, styles.grand)}>Total paid</dt>
          <dd className={mergeClasses(styles.totalValue, styles.grand)}>{money(totals.total_cents)}</dd>
          {sale.payment === null
            ? null
            : sale.payment.parts.map((part, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: parts have no id; their order is the record's
                <Fragment key={index}>
                  <dt className={styles.totalLabel}>
                    {sale.payment?.method === 'split' ? 'Part paid' : 'Paid'} by {paymentMethodLabels[part.method].toLowerCase()}
                  </dt>
                  <dd className={styles.totalValue}>{money(part.amount_cents)}</dd>
                </Fragment>
              ))}
          {sale.payment?.change_cents === null || sale.payment?.change_cents === undefined ? null : (
            <>
              <dt className={styles.totalLabel}>Cash tendered · change</dt>
              <dd className={styles.totalValue}>
                {money(sale.payment.cash_tendered_cents ?? 0)} · {money(sale.payment.change_cents)}
              </dd>
            </>
          )}
          <dt className={styles.totalLabel}>Fees</dt>
          <dd className={styles.totalValue}>−{money(totals.fees_cents)}</dd>
          <dt className={styles.totalLabel}>Cost of goods{expected ? ' (expected)' : ''}</dt>
          <dd className={styles.totalValue}>−{money(totals.cost_cents)}</dd>
          {totals.refunded_cents > 0 ? (
            <>
              <dt className={styles.totalLabel}>Refunded</dt>
              <dd className={styles.totalValue}>−{money(totals.refunded_cents)}</dd>
            </>
          ) : null}
          <dt className={mergeClasses(styles.totalLabel, styles.grand)}>Profit{expected ? ' (expected)' : ''}</dt>
          <dd className={mergeClasses(styles.totalValue, styles.grand)} data-testid="sale-profit">
            <ProfitAmount cents={totals.profit_cents} currency={sale.currency} />
          </dd>
        </dl>
      </section>

      {sale.channel.kind === 'in_store' && sale.shipping_address === null ? null : (
        <section className={styles.section} aria-labelledby="sale-ship-to">
          <h3 id="sale-ship-to" className={styles.heading}>
            Ship to
          </h3>
          <ShippingAddressBlock address={sale.shipping_address} fallbackName={sale.customer?.name} />
        </section>
      )}

      <section className={styles.section} aria-labelledby="sale-fulfillments">
        <h3 id="sale-fulfillments" className={styles.heading}>
          Fulfillments
        </h3>
        {sale.fulfillments.length === 0 ? (
          <p className={styles.muted}>
            {sale.channel.kind === 'in_store' ? 'Sold in the store: the items left with the customer.' : 'Nothing to ship for this sale.'}
          </p>
        ) : (
          <ul className={styles.cards}>
            {sale.fulfillments.map((f) => (
              <li key={f.id} className={styles.card}>
                <span className={styles.cardText}>
                  <span className={styles.itemTitle}>From {locationName(locations.data, f.location_id)}</span>
                  <span>
                    <FulfillmentStatusBadge status={f.status} />
                  </span>
                </span>
                <span className={styles.actions}>
                  <Button
                    icon={slipLoading === f.id ? <Spinner size="tiny" /> : <DocumentPdfRegular />}
                    disabledFocusable={slipLoading === f.id}
                    onClick={() => void slip(f.id)}
                  >
                    Packing slip
                  </Button>
                  {f.status === 'cancelled' ? null : (
                    <ButtonLink to={`/fulfillments?${f.status === 'shipped' ? 'tab=shipped&' : ''}open=${f.id}`} icon={<OpenRegular />}>
                      Open fulfillment
                    </ButtonLink>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {sale.refunds.length > 0 ? (
        <section className={styles.section} aria-labelledby="sale-refunds">
          <h3 id="sale-refunds" className={styles.heading}>
            Refunds
          </h3>
          <ul className={styles.cards}>
            {sale.refunds.map((refund) => (
              <li key={refund.id} className={styles.card}>
                <span className={styles.cardText}>
                  <span className={styles.itemTitle}>{money(refund.amount_cents)}</span>
                  <span className={styles.itemMeta}>
                    {formatWhen(refund.created_at)}
                    {refund.reason ? ` · ${refund.reason}` : ''}
                    {refund.restocked_units > 0 ? ` · ${refund.restocked_units} back in stock` : ''}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {sale.note ? (
        <section className={styles.section} aria-labelledby="sale-note">
          <h3 id="sale-note" className={styles.heading}>
            Note
          </h3>
          <p className={styles.note}>{sale.note}</p>
        </section>
      ) : null}

      {dialog === 'cancel' ? <CancelSaleDialog scope={scope} sale={sale} onClose={() => setDialog(null)} /> : null}
      {dialog === 'refund' ? <RefundDialog scope={scope} sale={sale} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
