import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Select,
  Spinner,
} from '@fluentui/react-components';
import {
  MAX_STORE_CREDIT_BONUS_PERCENT,
  type PayoutMethod,
  type PayoutOptions,
  payoutMethodLabels,
  payoutMethods,
} from '@tradepost/shared/schemas/payouts.ts';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../features/catalog/field-errors.ts';
import { useSavePurchasingSettings } from '../../features/counter/use-purchasing-settings.ts';
import { FormErrorAlert } from '../../features/forms/form-error-alert.tsx';
import type { BusinessScope } from '../../features/session/use-business-scope.ts';
import { payoutOptionsBody } from './payout-options-model.ts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '12px' },
  methods: { display: 'flex', flexDirection: 'column' },
  percent: { maxWidth: '140px' },
});

const FIELDS = ['payout_methods', 'default_payout_method', 'store_credit_bonus_percent'];

/** The business's payout options: which methods the counter offers, the default, and the store-credit bonus. */
export function PayoutOptionsDialog({
  scope,
  options,
  onClose,
}: {
  scope: BusinessScope | undefined;
  options: PayoutOptions;
  onClose: () => void;
}) {
  const styles = useStyles();
  const save = useSavePurchasingSettings(scope);
  const [methods, setMethods] = useState<PayoutMethod[]>(options.payout_methods);
  const [defaultMethod, setDefaultMethod] = useState<PayoutMethod>(options.default_payout_method);
  const [bonus, setBonus] = useState(String(options.store_credit_bonus_percent));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | undefined>(undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGeneral(undefined);
    const built = payoutOptionsBody(methods, defaultMethod, bonus);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    save.mutate(built.body, {
      onSuccess: onClose,
      onError: (error) => {
        const result = fieldErrors(
          error,
          (path) => FIELDS.some((field) => path === field || path.startsWith(`${field}.`)),
          'The payout options could not be saved.',
        );
        const fields: Record<string, string> = {};
        for (const [path, message] of Object.entries(result.fields)) fields[path.split('.')[0] ?? path] = message;
        setErrors(fields);
        setGeneral(result.general);
      },
    });
  };

  const toggle = (method: PayoutMethod, on: boolean) => {
    setMethods((prev) => (on ? [...prev.filter((m) => m !== method), method] : prev.filter((m) => m !== method)));
    setErrors((prev) => ({ ...prev, payout_methods: '' }));
  };

  return (
    <Dialog
      open
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
    >
      <DialogSurface aria-describedby={undefined}>
        <form onSubmit={onSubmit} noValidate aria-label="Payout options">
          <DialogBody>
            <DialogTitle>Payout options</DialogTitle>
            <DialogContent className={styles.content}>
              <Field label="Offer these payout methods" validationMessage={errors.payout_methods || undefined}>
                <div className={styles.methods}>
                  {payoutMethods.map((method) => (
                    <Checkbox
                      key={method}
                      label={payoutMethodLabels[method]}
                      checked={methods.includes(method)}
                      onChange={(_, data) => toggle(method, data.checked === true)}
                    />
                  ))}
                </div>
              </Field>
              <Field label="Default payout method" validationMessage={errors.default_payout_method}>
                <Select value={defaultMethod} onChange={(_, data) => setDefaultMethod(data.value as PayoutMethod)}>
                  {payoutMethods.map((method) => (
                    <option key={method} value={method}>
                      {payoutMethodLabels[method]}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                label="Store credit bonus"
                hint={`A seller who takes store credit gets this much more credit than the cash price (0–${MAX_STORE_CREDIT_BONUS_PERCENT}%).`}
                validationMessage={errors.store_credit_bonus_percent}
              >
                <Input
                  className={styles.percent}
                  inputMode="numeric"
                  value={bonus}
                  contentAfter="%"
                  onChange={(_, data) => setBonus(data.value)}
                />
              </Field>
              <FormErrorAlert message={general} />
            </DialogContent>
            <DialogActions>
              <Button
                type="submit"
                appearance="primary"
                disabledFocusable={save.isPending}
                icon={save.isPending ? <Spinner size="tiny" /> : undefined}
              >
                Save options
              </Button>
              <Button onClick={onClose}>Cancel</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
