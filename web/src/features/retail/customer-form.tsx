import { Field, Input, makeStyles, Textarea } from '@fluentui/react-components';
import type { Customer } from '@tradepost/shared/schemas/sales.ts';

export type CustomerFormValues = { name: string; email: string; phone: string; notes: string };
export type CustomerField = keyof CustomerFormValues;
export const customerFields: readonly CustomerField[] = ['name', 'email', 'phone', 'notes'];

export const emptyCustomerForm: CustomerFormValues = { name: '', email: '', phone: '', notes: '' };

export function customerFormFrom(customer: Customer): CustomerFormValues {
  return { name: customer.name, email: customer.email ?? '', phone: customer.phone ?? '', notes: customer.notes ?? '' };
}

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: '12px 16px',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  wide: { gridColumn: '1 / -1' },
});

type CustomerFormFieldsProps = {
  values: CustomerFormValues;
  errors: Partial<Record<CustomerField, string>>;
  onChange: (field: CustomerField, value: string) => void;
  /** Notes take room; a quick add at the counter leaves them out. */
  withNotes?: boolean;
  autoFocus?: boolean;
};

/** Name, e-mail, phone (and notes), each with the API's message beside it. */
export function CustomerFormFields({ values, errors, onChange, withNotes = true, autoFocus }: CustomerFormFieldsProps) {
  const styles = useStyles();
  return (
    <div className={styles.grid}>
      <Field className={styles.wide} label="Name" required validationMessage={errors.name}>
        <Input value={values.name} autoFocus={autoFocus} maxLength={120} onChange={(_, d) => onChange('name', d.value)} />
      </Field>
      <Field label="E-mail" validationMessage={errors.email}>
        <Input type="email" value={values.email} maxLength={254} onChange={(_, d) => onChange('email', d.value)} />
      </Field>
      <Field label="Phone" validationMessage={errors.phone}>
        <Input type="tel" value={values.phone} maxLength={40} onChange={(_, d) => onChange('phone', d.value)} />
      </Field>
      {withNotes ? (
        <Field className={styles.wide} label="Notes" hint="Sizes they wear, pairs they are hunting for." validationMessage={errors.notes}>
          <Textarea value={values.notes} maxLength={2000} resize="vertical" onChange={(_, d) => onChange('notes', d.value)} />
        </Field>
      ) : null}
    </div>
  );
}
