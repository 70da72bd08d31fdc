import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  mergeClasses,
  Select,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { toApiError } from '@tradepost/shared/client/api-error.ts';
import type { Location } from '@tradepost/shared/schemas/inventory.ts';
import { type PurchaseOrder, purchaseOrderLabel } from '@tradepost/shared/schemas/purchasing.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { useState } from 'react';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { receiveBody, receivePrefill } from '../../../features/purchasing/receive-model.ts';
import { useReceivePurchaseOrder } from '../../../features/purchasing/use-purchase-orders.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '12px' },
  qty: { width: '80px', minWidth: 0 },
  title: { ...typographyStyles.body1Strong, display: 'block' },
  meta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block' },
  surface: { maxWidth: '720px' },
});

/** The API's word when a receipt would take more than ordered: its message, to be confirmed; else null. */
export function overReceiptMessage(error: unknown): string | null {
  const apiError = toApiError(error);
  return apiError?.code === 'OVER_RECEIPT' ? apiError.message : null;
}

type ContentProps = {
  order: PurchaseOrder;
  locations: readonly Location[];
  locationId: string;
  quantities: Readonly<Record<string, number>>;
  /** The API refused more than ordered with this message: the next send confirms it. */
  overReceipt: string | null;
  errors: Readonly<Record<string, string>>;
  general: string | undefined;
  /** A size as people read it ('US M 9'); the API's stored size by default. */
  onLocation: (id: string) => void;
  onQuantity: (lineId: string, quantity: number) => void;
};

/** The submit button's words: a plain receipt, or the confirmation of one over the order. */
export const receiveButtonLabel = (overReceipt: string | null): string => (overReceipt === null ? 'Receive' : 'Receive anyway');

/** What the receive dialog holds (no dialog parts, so it renders in a unit test). */
export function ReceiveDialogContent(props: ContentProps) {
  const { order, locations, locationId, quantities, overReceipt, errors, general } = props;
  const styles = useStyles();
  const table = useTableStyles();
  const lineIndex = new Map(receiveBody(locationId, quantities, false).lines.map((line, index) => [line.line_id, index]));
  const lineError = (lineId: string) => {
    const index = lineIndex.get(lineId);
    return index === undefined ? undefined : errors[`lines.${index}.quantity`];
  };
  return (
    <>
      <Field label="Receive into" validationMessage={errors.location_id}>
        <Select value={locationId} onChange={(_, d) => props.onLocation(d.value)}>
          {locations.map((location) => (
            <option key={location.id} value={location.id}>
              {location.name}
            </option>
          ))}
        </Select>
      </Field>
      <DataTable
        label="Quantities to receive"
        head={
          <>
            <th className={table.th}>Item</th>
            <th className={mergeClasses(table.th, table.num)}>Ordered</th>
            <th className={mergeClasses(table.th, table.num)}>Received</th>
            <th className={table.th}>Receive now</th>
          </>
        }
      >
        {order.lines.map((line) => (
          <tr key={line.id}>
            <td className={table.td}>
              <span className={styles.title}>{line.product_title}</span>
              <span className={styles.meta}>
                {line.size_label}
                {line.sku === null ? '' : ` · ${line.sku}`}
              </span>
            </td>
            <td className={mergeClasses(table.td, table.num)}>{line.quantity_ordered}</td>
            <td className={mergeClasses(table.td, table.num)}>{line.quantity_received}</td>
            <td className={table.td}>
              <Field validationMessage={lineError(line.id)}>
                <Input
                  className={styles.qty}
                  inputMode="numeric"
                  aria-label={`Receive now: ${line.product_title} ${line.size_label}`}
                  placeholder="0"
                  value={(quantities[line.id] ?? 0) === 0 ? '' : String(quantities[line.id])}
                  onChange={(_, d) => props.onQuantity(line.id, Number(d.value.replace(/\D/g, '') || '0'))}
                />
              </Field>
            </td>
          </tr>
        ))}
      </DataTable>
      {overReceipt === null ? null : (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>
            <MessageBarTitle>More than ordered</MessageBarTitle>
            {/[.!?]$/.test(overReceipt.trim()) ? overReceipt.trim() : `${overReceipt.trim()}.`} Receive it anyway?
          </MessageBarBody>
        </MessageBar>
      )}
      <FormErrorAlert message={general} />
    </>
  );
}

type Props = {
  scope: BusinessScope | undefined;
  order: PurchaseOrder;
  locations: readonly Location[];
  onClose: () => void;
};

/**
 * Receives by hand: a location and a quantity per line, prefilled with what is left. More than
 * ordered is refused by the API (409 OVER_RECEIPT) until the user confirms it; the confirmed send
 * says `confirm_over_receipt`.
 */
export function ReceiveDialog({ scope, order, locations, onClose }: Props) {
  const styles = useStyles();
  const receive = useReceivePurchaseOrder(scope);
  const [locationId, setLocationId] = useState(
    locations.some((location) => location.id === order.location_id) ? order.location_id : (locations[0]?.id ?? ''),
  );
  const [quantities, setQuantities] = useState<Record<string, number>>(() => receivePrefill(order.lines));
  const [overReceipt, setOverReceipt] = useState<string | null>(null);
  const [localGeneral, setLocalGeneral] = useState<string | undefined>(undefined);

  const failure =
    receive.isError && overReceiptMessage(receive.error) === null
      ? fieldErrors(receive.error, (path) => path === 'location_id' || path.startsWith('lines.'), 'Nothing was received.')
      : undefined;

  const submit = () => {
    const body = receiveBody(locationId, quantities, overReceipt !== null);
    if (body.lines.length === 0) {
      setLocalGeneral('Enter a quantity for at least one line.');
      return;
    }
    setLocalGeneral(undefined);
    receive.mutate(
      { purchaseOrderId: order.id, body },
      {
        onSuccess: onClose,
        onError: (error) => setOverReceipt(overReceiptMessage(error)),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
    >
      <DialogSurface className={styles.surface} aria-describedby={undefined}>
        <form
          noValidate
          aria-label={`Receive ${purchaseOrderLabel(order.number)}`}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogBody>
            <DialogTitle>Receive {purchaseOrderLabel(order.number)}</DialogTitle>
            <DialogContent className={styles.content}>
              <ReceiveDialogContent
                order={order}
                locations={locations}
                locationId={locationId}
                quantities={quantities}
                overReceipt={overReceipt}
                errors={failure?.fields ?? {}}
                general={localGeneral ?? failure?.general}
                onLocation={setLocationId}
                onQuantity={(lineId, quantity) => {
                  setQuantities((prev) => ({ ...prev, [lineId]: quantity }));
                  // A changed quantity is a new question: the API asks again if it is still over.
                  setOverReceipt(null);
                }}
              />
            </DialogContent>
            <DialogActions>
              <Button
                type="submit"
                appearance="primary"
                disabledFocusable={receive.isPending}
                icon={receive.isPending ? <Spinner size="tiny" /> : undefined}
              >
                {receiveButtonLabel(overReceipt)}
              </Button>
              <Button onClick={onClose}>Cancel</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
