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
  makeStyles,
  Spinner,
  Textarea,
} from '@fluentui/react-components';
import { type Vendor, type VendorInput, vendorInputSchema } from '@tradepost/shared/schemas/purchasing.ts';
import { type FormEvent, useState } from 'react';
import { apiFormErrors } from '../account/api-form-errors.ts';
import { issuesToFields } from '../catalog/field-errors.ts';
import { FormErrorAlert } from '../forms/form-error-alert.tsx';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { useSaveVendor } from './use-vendors.ts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '12px' },
  pair: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: '12px',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const vendorFields = ['name', 'contact_name', 'email', 'phone', 'terms', 'currency', 'notes'] as const;
export type VendorField = (typeof vendorFields)[number];
type Values = Record<VendorField, string>;

const valuesOf = (vendor: Vendor | undefined, name: string): Values => ({
  name: vendor?.name ?? name,
  contact_name: vendor?.contact_name ?? '',
  email: vendor?.email ?? '',
  phone: vendor?.phone ?? '',
  terms: vendor?.terms ?? '',
  currency: vendor?.currency ?? '',
  notes: vendor?.notes ?? '',
});

/** What the form sends: trimmed; a blank is left out of a new vendor and cleared on a saved one. */
export function vendorBody(values: Values): VendorInput {
  const text = (value: string) => value.trim();
  const currency = values.currency.trim().toUpperCase();
  return {
    name: text(values.name),
    contact_name: text(values.contact_name),
    email: text(values.email),
    phone: text(values.phone),
    terms: text(values.terms),
    ...(currency === '' ? {} : { currency }),
    notes: text(values.notes),
  };
}

type Props = {
  scope: BusinessScope | undefined;
  /** Editing this vendor; absent adds a new one. */
  vendor?: Vendor | undefined;
  /** A name typed into a search, carried into the new vendor. */
  initialName?: string;
  onClose: () => void;
  onSaved: (vendor: Vendor) => void;
};

/** Add or edit a vendor; each field shows its own message (from the form's check or the API's `details`). */
export function VendorDialog({ scope, vendor, initialName = '', onClose, onSaved }: Props) {
  const styles = useStyles();
  const save = useSaveVendor(scope);
  const [values, setValues] = useState<Values>(() => valuesOf(vendor, initialName));
  const [errors, setErrors] = useState<Partial<Record<VendorField, string>>>({});
  const [general, setGeneral] = useState<string | undefined>(undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGeneral(undefined);
    const body = vendorBody(values);
    const local = vendorInputSchema.safeParse(body);
    if (!local.success) {
      setErrors(issuesToFields(local.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { vendorId: vendor?.id, body },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const result = apiFormErrors(error, vendorFields, 'The vendor could not be saved.');
          setErrors(result.fields);
          setGeneral(result.general);
        },
      },
    );
  };

  const field = (name: VendorField, label: string, extra: { type?: 'email' | 'tel'; hint?: string; placeholder?: string } = {}) => (
    <Field label={label} hint={extra.hint} validationMessage={errors[name]} required={name === 'name'}>
      <Input
        type={extra.type ?? 'text'}
        value={values[name]}
        placeholder={extra.placeholder}
        autoFocus={name === 'name'}
        onChange={(_, d) => {
          setValues((prev) => ({ ...prev, [name]: d.value }));
          setErrors((prev) => ({ ...prev, [name]: undefined }));
        }}
      />
    </Field>
  );

  const title = vendor === undefined ? 'New vendor' : `Edit ${vendor.name}`;
  return (
    <Dialog
      open
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
    >
      <DialogSurface aria-describedby={undefined}>
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.content}>
              {field('name', 'Name')}
              <div className={styles.pair}>
                {field('contact_name', 'Contact name')}
                {field('email', 'Email', { type: 'email' })}
              </div>
              <div className={styles.pair}>
                {field('phone', 'Phone', { type: 'tel' })}
                {field('terms', 'Terms', { placeholder: 'Net 30, Prepaid, COD' })}
              </div>
              {field('currency', 'Currency', { hint: 'Three letters such as USD; blank uses your business currency.' })}
              <Field label="Notes" validationMessage={errors.notes}>
                <Textarea
                  value={values.notes}
                  resize="vertical"
                  onChange={(_, d) => {
                    setValues((prev) => ({ ...prev, notes: d.value }));
                    setErrors((prev) => ({ ...prev, notes: undefined }));
                  }}
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
                {vendor === undefined ? 'Add vendor' : 'Save changes'}
              </Button>
              <Button onClick={onClose}>Cancel</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
