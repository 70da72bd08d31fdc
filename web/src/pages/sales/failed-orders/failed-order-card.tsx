import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  mergeClasses,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, BuildingRegular, DismissRegular, LinkRegular } from '@fluentui/react-icons';
import type { FailedOrder, RecordOutcome } from '@tradepost/shared/schemas/sales.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { formatMoney } from '../../../features/catalog/money.ts';
import type { VariantInfo } from '../../../features/catalog/variant-info.ts';
import { ageLabel } from '../../../features/fulfillment/fulfillment-model.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { failureReasonLabels, unknownSkus } from '../../../features/sales/failed-order-model.ts';
import { ChannelBadge } from '../../../features/sales/sale-badges.tsx';
import { saleNumberLabel } from '../../../features/sales/sale-model.ts';
import { useDismissFailedOrder, useRetryFailedOrder } from '../../../features/sales/use-failed-orders.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';
import { AllocateDialog } from './allocate-dialog.tsx';
import { MapSkuDialog } from './map-sku-dialog.tsx';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '14px',
    padding: '20px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    '@media (max-width: 600px)': { padding: '16px' },
  },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '8px 16px' },
  title: { ...typographyStyles.subtitle1, margin: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px' },
  facts: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'flex', flexWrap: 'wrap', gap: '4px 12px' },
  reason: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  sku: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  mapped: { ...typographyStyles.caption1, color: tokens.colorPaletteGreenForeground1, display: 'block' },
  unknown: { marginInlineStart: '6px' },
});

/** One failed order: what the channel sent, why it failed, and the fix for that reason. */
export function FailedOrderCard({ scope, order }: { scope: BusinessScope | undefined; order: FailedOrder }) {
  const styles = useStyles();
  const table = useTableStyles();
  const toast = useAppToast();
  const navigate = useNavigate();
  const retry = useRetryFailedOrder(scope);
  const dismiss = useDismissFailedOrder(scope);
  const [mapping, setMapping] = useState<string | null>(null);
  const [mapped, setMapped] = useState<Record<string, VariantInfo>>({});
  const [allocating, setAllocating] = useState(false);
  const [confirmDismiss, setConfirmDismiss] = useState(false);
  const [stillFailing, setStillFailing] = useState<string | null>(null);
  const currency = scope?.currency ?? 'USD';
  const open = order.status === 'open';
  const unknown = unknownSkus(order);
  const needsStock = order.reason_code === 'no_stock' || order.reason_code === 'split_not_allowed';
  const allMapped = unknown.every((sku) => mapped[sku.toLowerCase()] !== undefined);

  /** Recorded: say so and offer the sale. Failed again: keep the order here with the new reason. */
  const onOutcome = (outcome: RecordOutcome) => {
    if (outcome.outcome === 'failed') {
      setStillFailing(outcome.reason);
      return;
    }
    setStillFailing(null);
    toast({
      intent: 'success',
      title: `Order ${order.external_order_id} recorded`,
      body: `It is sale ${saleNumberLabel(outcome.sale.number)} now, ready to pick.`,
      action: { label: 'Open sale', onClick: () => navigate(`/sales?sale=${outcome.sale.id}`) },
    });
  };

  const onRetry = () => {
    setStillFailing(null);
    retry.mutate(
      { failedOrderId: order.id },
      {
        onSuccess: onOutcome,
        onError: (error) => setStillFailing(fieldErrors(error, () => false, 'The order could not be retried.').general ?? null),
      },
    );
  };

  const onDismiss = () =>
    dismiss.mutate(order.id, {
      onSuccess: () => {
        setConfirmDismiss(false);
        toast({ intent: 'info', title: `Order ${order.external_order_id} dismissed`, body: 'It stays under Dismissed for reference.' });
      },
      onError: (error) => {
        setConfirmDismiss(false);
        setStillFailing(fieldErrors(error, () => false, 'The order could not be dismissed.').general ?? null);
      },
    });

  const lines = order.payload.lines;
  return (
    <article className={styles.card} aria-label={`Failed order ${order.external_order_id}`}>
      <div className={styles.head}>
        <h2 className={styles.title}>
          <ChannelBadge kind={order.channel.kind} />
          Order {order.external_order_id}
          <Badge appearance="tint" color={order.reason_code === 'unknown_sku' ? 'danger' : 'warning'} shape="rounded">
            {failureReasonLabels[order.reason_code]}
          </Badge>
        </h2>
        <span className={styles.facts}>
          <span title={formatWhen(order.created_at)}>Waiting {ageLabel(order.created_at, Date.now())}</span>
          <span>
            {order.attempts} {order.attempts === 1 ? 'attempt' : 'attempts'}
          </span>
          {order.payload.customer ? <span>{order.payload.customer.name}</span> : null}
        </span>
      </div>
      {open ? <p className={styles.reason}>{order.reason}</p> : null}

      <DataTable
        label={`Lines of order ${order.external_order_id}`}
        head={
          <>
            <th className={table.th}>Channel SKU</th>
            <th className={table.th}>Item</th>
            <th className={mergeClasses(table.th, table.num)}>Qty</th>
            <th className={mergeClasses(table.th, table.num)}>Price</th>
            {open && unknown.length > 0 ? <th className={table.th}>Fix</th> : null}
          </>
        }
      >
        {lines.map((line, index) => {
          const isUnknown = unknown.includes(line.sku);
          const chosen = mapped[line.sku.toLowerCase()];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id; their position is what the API names
            <tr key={index}>
              <td className={table.td}>
                <span className={styles.sku}>{line.sku}</span>
                {isUnknown && open && chosen === undefined ? (
                  <Badge className={styles.unknown} size="small" appearance="outline" color="danger">
                    unknown
                  </Badge>
                ) : null}
              </td>
              <td className={table.td}>
                {line.title ?? '—'}
                {chosen === undefined ? null : (
                  <span className={styles.mapped}>
                    Mapped to {chosen.title}, size {chosen.size} ({chosen.sku})
                  </span>
                )}
              </td>
              <td className={mergeClasses(table.td, table.num)}>{line.quantity}</td>
              <td className={mergeClasses(table.td, table.num)}>{formatMoney(line.unit_price_cents, currency)}</td>
              {open && unknown.length > 0 ? (
                <td className={table.td}>
                  {isUnknown ? (
                    <Button size="small" icon={<LinkRegular />} onClick={() => setMapping(line.sku)}>
                      {chosen === undefined ? 'Map SKU' : 'Change'}
                    </Button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          );
        })}
      </DataTable>

      {stillFailing === null ? null : (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            <MessageBarTitle>Still not recorded</MessageBarTitle>
            {stillFailing}
          </MessageBarBody>
        </MessageBar>
      )}

      {open ? (
        <div className={styles.actions}>
          {needsStock ? (
            <Button icon={<BuildingRegular />} onClick={() => setAllocating(true)}>
              Allocate by hand
            </Button>
          ) : null}
          <Button
            appearance={unknown.length === 0 || allMapped ? 'primary' : 'secondary'}
            icon={retry.isPending ? <Spinner size="tiny" /> : <ArrowClockwiseRegular />}
            disabledFocusable={retry.isPending}
            onClick={onRetry}
          >
            Retry
          </Button>
          <Button appearance="subtle" icon={<DismissRegular />} onClick={() => setConfirmDismiss(true)}>
            Dismiss
          </Button>
        </div>
      ) : order.status === 'resolved' && order.sale_id !== null ? (
        <div className={styles.actions}>
          <ButtonLink to={`/sales?sale=${order.sale_id}`}>Open the sale</ButtonLink>
        </div>
      ) : null}

      {mapping === null ? null : (
        <MapSkuDialog
          scope={scope}
          order={order}
          sku={mapping}
          onClose={() => setMapping(null)}
          onMapped={(choice) => {
            setMapped((prev) => ({ ...prev, [mapping.toLowerCase()]: choice }));
            setMapping(null);
          }}
        />
      )}
      {allocating ? (
        <AllocateDialog
          scope={scope}
          order={order}
          onClose={() => setAllocating(false)}
          onRecorded={(outcome) => {
            setAllocating(false);
            onOutcome(outcome);
          }}
        />
      ) : null}
      {confirmDismiss ? (
        <Dialog open onOpenChange={(_, data) => (data.open ? undefined : setConfirmDismiss(false))}>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>Dismiss order {order.external_order_id}?</DialogTitle>
              <DialogContent>
                No sale is recorded and no stock is taken. Dismiss orders that were cancelled on {order.channel.name} or were tests.
              </DialogContent>
              <DialogActions>
                <Button appearance="secondary" onClick={() => setConfirmDismiss(false)}>
                  Keep it
                </Button>
                <Button
                  appearance="primary"
                  icon={dismiss.isPending ? <Spinner size="tiny" /> : undefined}
                  disabledFocusable={dismiss.isPending}
                  onClick={onDismiss}
                >
                  Dismiss order
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      ) : null}
    </article>
  );
}
