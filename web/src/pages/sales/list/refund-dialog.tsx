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
  Spinner,
} from '@fluentui/react-components';
import type { Sale } from '@tradepost/shared/schemas/sales.ts';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { formatMoney, moneyInputText, parseMoney } from '../../../features/catalog/money.ts';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { refundableCents, returnableUnits, saleNumberLabel } from '../../../features/sales/sale-model.ts';
import { useRefundSale } from '../../../features/sales/use-sale-mutations.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';
import { LineQuantities, useSaleDialogStyles } from './line-quantities.tsx';

/** Money back to the customer, with the shipped units that came back put on the shelf again. */
export function RefundDialog({ scope, sale, onClose }: { scope: BusinessScope | undefined; sale: Sale; onClose: () => void }) {
  const styles = useSaleDialogStyles();
  const toast = useAppToast();
  const refund = useRefundSale(scope, sale.id);
  const most = refundableCents(sale);
  const returnable = sale.lines.filter((line) => returnableUnits(line) > 0);
  const [amount, setAmount] = useState(moneyInputText(most, sale.currency));
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | undefined>(undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGeneral(undefined);
    const local: Record<string, string> = {};
    const cents = parseMoney(amount, sale.currency);
    if (cents === null || cents === undefined || cents <= 0) local.amount = 'Enter an amount such as 150 or 149.99';
    else if (cents > most) local.amount = `At most ${formatMoney(most, sale.currency)} can still be refunded`;
    const lines: { line_id: string; quantity: number }[] = [];
    for (const line of returnable) {
      const text = (restock[line.id] ?? '').trim();
      if (text === '' || text === '0') continue;
      const quantity = Number(text);
      if (!Number.isInteger(quantity) || quantity < 1) local[line.id] = 'Enter a whole number';
      else if (quantity > returnableUnits(line)) local[line.id] = `At most ${returnableUnits(line)}`;
      else lines.push({ line_id: line.id, quantity });
    }
    setErrors(local);
    if (Object.keys(local).length > 0 || cents === null || cents === undefined) return;
    refund.mutate(
      { amount_cents: cents, restock: lines, ...(reason.trim() === '' ? {} : { reason: reason.trim() }) },
      {
        onSuccess: () => {
          const units = lines.reduce((n, l) => n + l.quantity, 0);
          toast({
            intent: 'success',
            title: `Refunded ${formatMoney(cents, sale.currency)}`,
            body: units > 0 ? `${units} ${units === 1 ? 'unit is' : 'units are'} back in stock.` : undefined,
          });
          onClose();
        },
        onError: (error) => {
          const result = fieldErrors(
            error,
            (path) => path === 'amount_cents' || /^restock\.\d+\./.test(path),
            'The refund was not recorded.',
          );
          const placed: Record<string, string> = {};
          for (const [path, message] of Object.entries(result.fields)) {
            if (path === 'amount_cents') placed.amount = message;
            const id = lines[Number(/^restock\.(\d+)\./.exec(path)?.[1])]?.line_id;
            if (id !== undefined) placed[id] = message;
          }
          setErrors(placed);
          setGeneral(result.general);
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface className={styles.surface}>
        <form onSubmit={onSubmit} noValidate>
          <DialogBody>
            <DialogTitle>Refund sale {saleNumberLabel(sale.number)}</DialogTitle>
            <DialogContent className={styles.content}>
              <Field
                label="Amount"
                required
                hint={`Up to ${formatMoney(most, sale.currency)}; the full amount marks the sale refunded.`}
                validationMessage={errors.amount}
              >
                <Input value={amount} onChange={(_, d) => setAmount(d.value)} inputMode="decimal" />
              </Field>
              <Field label="Reason" hint="Optional, such as Wrong size or Not as described.">
                <Input value={reason} onChange={(_, d) => setReason(d.value)} maxLength={500} />
              </Field>
              <h3 className={styles.heading}>Returned items</h3>
              {returnable.length === 0 ? (
                <p className={styles.text}>Nothing on this sale has shipped, so there is nothing to put back on the shelf.</p>
              ) : (
                <LineQuantities
                  lines={returnable}
                  label="Units back in stock per item"
                  most={returnableUnits}
                  mostLabel="shipped"
                  inputLabel="Units back in stock of"
                  values={restock}
                  errors={errors}
                  onChange={(id, value) => setRestock((prev) => ({ ...prev, [id]: value }))}
                />
              )}
              <FormErrorAlert message={general} />
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                Close
              </Button>
              <Button
                type="submit"
                appearance="primary"
                icon={refund.isPending ? <Spinner size="tiny" /> : undefined}
                disabledFocusable={refund.isPending}
              >
                Record refund
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
