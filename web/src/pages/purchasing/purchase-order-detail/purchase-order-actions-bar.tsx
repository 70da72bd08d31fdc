import { Button, makeStyles } from '@fluentui/react-components';
import {
  ArrowDownloadRegular,
  BarcodeScannerRegular,
  BoxCheckmarkRegular,
  CheckmarkCircleRegular,
  DismissCircleRegular,
  LockClosedRegular,
  SendRegular,
} from '@fluentui/react-icons';
import type { PurchaseOrderStatus } from '@tradepost/shared/schemas/purchasing.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { canDo } from '../../../features/purchasing/purchase-order-actions.ts';

const useStyles = makeStyles({ actions: { display: 'flex', flexWrap: 'wrap', gap: '8px' } });

type Props = {
  purchaseOrderId: string;
  status: PurchaseOrderStatus;
  canWrite: boolean;
  busy: boolean;
  downloading: boolean;
  onOrder: () => void;
  onReceive: () => void;
  onClose: () => void;
  onCancel: () => void;
  onPdf: () => void;
};

/** What can be done to the order now: only the actions its status allows (purchase-order-actions.ts). */
export function PurchaseOrderActionsBar(props: Props) {
  const styles = useStyles();
  const { status, canWrite, busy } = props;
  const may = (action: Parameters<typeof canDo>[1]) => canWrite && canDo(status, action);
  return (
    <div className={styles.actions}>
      {may('order') ? (
        <Button appearance="primary" icon={<SendRegular />} disabledFocusable={busy} onClick={props.onOrder}>
          Mark as ordered
        </Button>
      ) : null}
      {may('receive') ? (
        <Button appearance="primary" icon={<BoxCheckmarkRegular />} disabledFocusable={busy} onClick={props.onReceive}>
          Receive
        </Button>
      ) : null}
      {may('scan') ? (
        <ButtonLink to={`/purchase-orders/${encodeURIComponent(props.purchaseOrderId)}/upc-scanner`} icon={<BarcodeScannerRegular />}>
          Receive by scanning
        </ButtonLink>
      ) : null}
      {may('close') ? (
        <Button
          icon={status === 'received' ? <CheckmarkCircleRegular /> : <LockClosedRegular />}
          disabledFocusable={busy}
          onClick={props.onClose}
        >
          Close
        </Button>
      ) : null}
      {may('cancel') ? (
        <Button icon={<DismissCircleRegular />} disabledFocusable={busy} onClick={props.onCancel}>
          Cancel order
        </Button>
      ) : null}
      {canDo(status, 'pdf') ? (
        <Button icon={<ArrowDownloadRegular />} disabledFocusable={props.downloading} onClick={props.onPdf}>
          Download PDF
        </Button>
      ) : null}
    </div>
  );
}
