import {
  Button,
  MessageBar,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  ProgressBar,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import {
  ArrowLeftRegular,
  ArrowUndoRegular,
  BarcodeScannerRegular,
  BoxCheckmarkRegular,
  DocumentPdfRegular,
  OpenRegular,
  PlayRegular,
} from '@fluentui/react-icons';
import type { Location } from '@tradepost/shared/schemas/inventory.ts';
import type { Fulfillment } from '@tradepost/shared/schemas/sales.ts';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { useState } from 'react';
import { progress } from '../../../features/fulfillment/fulfillment-model.ts';
import { FulfillmentStatusBadge } from '../../../features/fulfillment/fulfillment-status-badge.tsx';
import { openPackingSlip } from '../../../features/fulfillment/packing-slip.ts';
import { ShipForm } from '../../../features/fulfillment/ship-form.tsx';
import { ShippingAddressBlock } from '../../../features/fulfillment/shipping-address.tsx';
import { useFulfillment, useSetFulfillmentStatus } from '../../../features/fulfillment/use-fulfillments.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { ChannelBadge } from '../../../features/sales/sale-badges.tsx';
import { saleNumberLabel } from '../../../features/sales/sale-model.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';
import { useCan } from '../../../features/session/use-can.ts';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    padding: '20px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    minWidth: 0,
    '@media (max-width: 600px)': { padding: '16px' },
  },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '8px' },
  title: { ...typographyStyles.title3, margin: 0 },
  meta: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '6px 12px',
    alignItems: 'center',
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground2,
  },
  lines: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  line: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 120px',
    gap: '4px 16px',
    alignItems: 'center',
    padding: '10px 0',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  lineDone: { color: tokens.colorNeutralForeground3 },
  lineTitle: { ...typographyStyles.body1Strong, display: 'block', overflowWrap: 'anywhere' },
  lineMeta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block', overflowWrap: 'anywhere' },
  count: { ...typographyStyles.subtitle2, fontVariantNumeric: 'tabular-nums', textAlign: 'end', display: 'block' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  heading: { ...typographyStyles.subtitle2, margin: 0 },
  shipTo: { display: 'flex', flexDirection: 'column', gap: '4px' },
  shipped: { ...typographyStyles.body1, margin: 0 },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
});

type FulfillmentDetailProps = {
  scope: BusinessScope | undefined;
  fulfillmentId: string;
  locations: readonly Location[] | undefined;
  /** The sale is for roles with sales:read; the fulfillment role does not see sales. */
  canOpenSale: boolean;
  onBack?: () => void;
};

/** One fulfillment: what to pick with progress, the next step for its status, and the packing slip. */
export function FulfillmentDetail({ scope, fulfillmentId, locations, canOpenSale, onBack }: FulfillmentDetailProps) {
  const styles = useStyles();
  const fulfillment = useFulfillment(scope, fulfillmentId);
  if (fulfillment.data === undefined) {
    return (
      <section className={styles.panel} aria-label="Fulfillment">
        {onBack === undefined ? null : (
          <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={onBack}>
            All fulfillments
          </Button>
        )}
        {fulfillment.isPending ? (
          <p className={styles.muted}>
            <Spinner size="tiny" aria-hidden="true" /> Loading order…
          </p>
        ) : (
          <MessageBar intent="warning">
            <MessageBarBody>This fulfillment could not be found. Choose one from the list.</MessageBarBody>
          </MessageBar>
        )}
      </section>
    );
  }
  return <Detail scope={scope} fulfillment={fulfillment.data} locations={locations} canOpenSale={canOpenSale} onBack={onBack} />;
}

function Detail({
  scope,
  fulfillment,
  locations,
  canOpenSale,
  onBack,
}: Omit<FulfillmentDetailProps, 'fulfillmentId'> & { fulfillment: Fulfillment }) {
  const styles = useStyles();
  const toast = useAppToast();
  // Picking, packing and shipping post to fulfillment:work routes; a role with only the read sees the order.
  const canWork = useCan()('fulfillment:work');
  const setStatus = useSetFulfillmentStatus(scope);
  const [slipLoading, setSlipLoading] = useState(false);
  const { picked, ordered } = progress(fulfillment);
  const location = locations?.find((l) => l.id === fulfillment.location_id)?.name ?? 'Unknown location';
  const number = saleNumberLabel(fulfillment.sale_number);
  const open = fulfillment.status === 'pending' || fulfillment.status === 'picking' || fulfillment.status === 'packed';

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
  const move = (status: 'pending' | 'picking' | 'packed') => setStatus.mutate({ id: fulfillment.id, status });

  return (
    <section className={styles.panel} aria-label={`Order ${number}`}>
      {onBack === undefined ? null : (
        <div>
          <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={onBack}>
            All fulfillments
          </Button>
        </div>
      )}
      <div className={styles.head}>
        <h2 className={styles.title}>Order {number}</h2>
        <FulfillmentStatusBadge status={fulfillment.status} />
      </div>
      <div className={styles.meta}>
        <ChannelBadge kind={fulfillment.channel} />
        <span>{fulfillment.customer_name ?? 'No customer'}</span>
        <span>From {location}</span>
        <span>Ordered {formatWhen(fulfillment.created_at)}</span>
      </div>
      <section className={styles.shipTo} aria-labelledby={`ship-to-${fulfillment.id}`}>
        <h3 id={`ship-to-${fulfillment.id}`} className={styles.heading}>
          Ship to
        </h3>
        <ShippingAddressBlock address={fulfillment.shipping_address} fallbackName={fulfillment.customer_name} />
      </section>

      <div>
        <h3 className={styles.heading}>
          {picked} of {ordered} picked
        </h3>
        <ProgressBar
          value={ordered === 0 ? 0 : picked / ordered}
          color={picked >= ordered ? 'success' : 'brand'}
          thickness="large"
          aria-label={`${picked} of ${ordered} units picked`}
        />
      </div>
      <ul className={styles.lines} aria-label="Items to pick">
        {fulfillment.lines.map((line) => {
          const done = line.quantity_picked >= line.quantity;
          return (
            <li
              key={line.id}
              className={mergeClasses(styles.line, done && styles.lineDone)}
              aria-label={`${line.title}, size ${line.size}: ${line.quantity_picked} of ${line.quantity} picked`}
            >
              <span>
                <span className={styles.lineTitle}>{line.title}</span>
                <span className={styles.lineMeta}>
                  Size {line.size} · {line.sku}
                  {line.barcodes.length > 0 ? ` · ${line.barcodes.join(', ')}` : ''}
                </span>
              </span>
              <span className={styles.count}>
                {line.quantity_picked}/{line.quantity}
              </span>
            </li>
          );
        })}
      </ul>

      <div className={styles.actions}>
        {canWork && fulfillment.status === 'pending' ? (
          <Button appearance="primary" icon={<PlayRegular />} disabledFocusable={setStatus.isPending} onClick={() => move('picking')}>
            Start picking
          </Button>
        ) : null}
        {canWork && (fulfillment.status === 'pending' || fulfillment.status === 'picking') ? (
          <>
            <ButtonLink to={`/scanning-mode?fulfillment=${fulfillment.id}`} icon={<BarcodeScannerRegular />}>
              Pick by scanning
            </ButtonLink>
            <Button icon={<BoxCheckmarkRegular />} disabledFocusable={setStatus.isPending} onClick={() => move('packed')}>
              Mark packed
            </Button>
          </>
        ) : null}
        {canWork && (fulfillment.status === 'picking' || fulfillment.status === 'packed') ? (
          <Button appearance="subtle" icon={<ArrowUndoRegular />} disabledFocusable={setStatus.isPending} onClick={() => move('pending')}>
            Back to pending
          </Button>
        ) : null}
        {fulfillment.status === 'cancelled' ? null : (
          <Button
            icon={slipLoading ? <Spinner size="tiny" /> : <DocumentPdfRegular />}
            disabledFocusable={slipLoading}
            onClick={() => void slip()}
          >
            Packing slip
          </Button>
        )}
        {canOpenSale ? (
          <ButtonLink appearance="subtle" to={`/sales?sale=${fulfillment.sale_id}`} icon={<OpenRegular />}>
            Open sale
          </ButtonLink>
        ) : null}
        {setStatus.isPending ? <Spinner size="tiny" label="Saving…" /> : null}
      </div>

      {open && !canWork ? (
        <p className={styles.muted}>Picking, packing and shipping are done by the team members who work fulfillments.</p>
      ) : fulfillment.status === 'packed' ? (
        <div>
          <h3 className={styles.heading}>Ship</h3>
          <ShipForm
            scope={scope}
            fulfillment={fulfillment}
            onShipped={() =>
              toast({ intent: 'success', title: `Order ${number} shipped`, body: 'The stock left and the sale’s cost is final.' })
            }
          />
        </div>
      ) : open ? (
        <p className={styles.muted}>Pack the order (scan every item, or mark it packed) to ship it.</p>
      ) : fulfillment.status === 'shipped' ? (
        <p className={styles.shipped}>
          Shipped {fulfillment.shipped_at ? formatWhen(fulfillment.shipped_at) : ''} with {fulfillment.carrier}, tracking{' '}
          <strong>{fulfillment.tracking_number}</strong>.
        </p>
      ) : (
        <p className={styles.muted}>This order was cancelled; nothing to ship.</p>
      )}
    </section>
  );
}
