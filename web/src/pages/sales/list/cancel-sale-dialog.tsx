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
  Radio,
  RadioGroup,
  Spinner,
} from '@fluentui/react-components';
import type { Sale } from '@tradepost/shared/schemas/sales.ts';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { cancellableUnits, saleNumberLabel } from '../../../features/sales/sale-model.ts';
import { type CancelSaleBody, useCancelSale } from '../../../features/sales/use-sale-mutations.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';
import { LineQuantities, useSaleDialogStyles } from './line-quantities.tsx';

/** Cancel the whole sale or some units of some lines; the units go back to available stock at once. */
export function CancelSaleDialog({ scope, sale, onClose }: { scope: BusinessScope | undefined; sale: Sale; onClose: () => void }) {
  const styles = useSaleDialogStyles();
  const toast = useAppToast();
  const cancel = useCancelSale(scope, sale.id);
  const open = sale.lines.filter((line) => cancellableUnits(line) > 0);
  const [mode, setMode] = useState<'all' | 'lines'>('all');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | undefined>(undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGeneral(undefined);
    const body: CancelSaleBody = reason.trim() === '' ? {} : { reason: reason.trim() };
    const sent: string[] = [];
    if (mode === 'lines') {
      const local: Record<string, string> = {};
      const lines: { line_id: string; quantity: number }[] = [];
      for (const line of open) {
        const text = (quantities[line.id] ?? '').trim();
        if (text === '' || text === '0') continue;
        const quantity = Number(text);
        if (!Number.isInteger(quantity) || quantity < 1) local[line.id] = 'Enter a whole number';
        else if (quantity > cancellableUnits(line)) local[line.id] = `At most ${cancellableUnits(line)}`;
        else {
          lines.push({ line_id: line.id, quantity });
          sent.push(line.id);
        }
      }
      setErrors(local);
      if (Object.keys(local).length > 0) return;
      if (lines.length === 0) {
        setGeneral('Enter how many units to cancel on at least one line.');
        return;
      }
      body.lines = lines;
    }
    cancel.mutate(body, {
      onSuccess: (after) => {
        toast({
          intent: 'success',
          title: after.status === 'cancelled' ? `Sale ${saleNumberLabel(sale.number)} cancelled` : 'Units cancelled',
          body: 'The units are available to sell again.',
        });
        onClose();
      },
      onError: (error) => {
        const result = fieldErrors(error, (path) => /^lines\.\d+\./.test(path), 'The sale could not be cancelled.');
        const byLine: Record<string, string> = {};
        for (const [path, message] of Object.entries(result.fields)) {
          const id = sent[Number(/^lines\.(\d+)\./.exec(path)?.[1])];
          if (id !== undefined) byLine[id] = message;
        }
        setErrors(byLine);
        setGeneral(result.general);
      },
    });
  };

  return (
    <Dialog open onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface className={styles.surface}>
        <form onSubmit={onSubmit} noValidate>
          <DialogBody>
            <DialogTitle>Cancel sale {saleNumberLabel(sale.number)}</DialogTitle>
            <DialogContent className={styles.content}>
              <p className={styles.text}>
                Units not shipped yet go back to available stock. Shipped units come back with a refund and restock instead.
              </p>
              <RadioGroup value={mode} onChange={(_, d) => setMode(d.value === 'lines' ? 'lines' : 'all')} aria-label="What to cancel">
                <Radio value="all" label={`The whole order (${open.reduce((n, l) => n + cancellableUnits(l), 0)} units)`} />
                <Radio value="lines" label="Some items" />
              </RadioGroup>
              {mode === 'lines' ? (
                <LineQuantities
                  lines={open}
                  label="Units to cancel per item"
                  most={cancellableUnits}
                  mostLabel="can be cancelled"
                  inputLabel="Units to cancel of"
                  values={quantities}
                  errors={errors}
                  onChange={(id, value) => setQuantities((prev) => ({ ...prev, [id]: value }))}
                />
              ) : null}
              <Field label="Reason" hint="Optional; kept with the stock movements.">
                <Input value={reason} onChange={(_, d) => setReason(d.value)} maxLength={500} />
              </Field>
              <FormErrorAlert message={general} />
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                Keep the sale
              </Button>
              <Button
                type="submit"
                appearance="primary"
                icon={cancel.isPending ? <Spinner size="tiny" /> : undefined}
                disabledFocusable={cancel.isPending}
              >
                {mode === 'all' ? 'Cancel the order' : 'Cancel these units'}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
