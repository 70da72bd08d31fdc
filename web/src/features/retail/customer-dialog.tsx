import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
} from '@fluentui/react-components';
import { type Customer, customerInputSchema } from '@tradepost/shared/schemas/sales.ts';
import { type FormEvent, useState } from 'react';
import { apiFormErrors } from '../account/api-form-errors.ts';
import { issuesToFields } from '../catalog/field-errors.ts';
import { FormErrorAlert } from '../forms/form-error-alert.tsx';
import type { BusinessScope } from '../session/use-business-scope.ts';
import {
  type CustomerField,
  CustomerFormFields,
  type CustomerFormValues,
  customerFields,
  customerFormFrom,
  emptyCustomerForm,
} from './customer-form.tsx';
import { customerBody, useSaveCustomer } from './use-customers.ts';

const useStyles = makeStyles({ content: { display: 'flex', flexDirection: 'column', gap: '12px' } });

type CustomerDialogProps = {
  scope: BusinessScope | undefined;
  /** Editing this customer; absent adds a new one. */
  customer?: Customer | undefined;
  /** A name typed into a search, carried into the new customer. */
  initialName?: string;
  withNotes?: boolean;
  onClose: () => void;
  onSaved: (customer: Customer) => void;
};

/** Add or edit a customer; the fields show the API's messages (a taken e-mail, a bad address). */
export function CustomerDialog({ scope, customer, initialName = '', withNotes = true, onClose, onSaved }: CustomerDialogProps) {
  const styles = useStyles();
  const save = useSaveCustomer(scope);
  const [values, setValues] = useState<CustomerFormValues>(() =>
    customer === undefined ? { ...emptyCustomerForm, name: initialName } : customerFormFrom(customer),
  );
  const [errors, setErrors] = useState<Partial<Record<CustomerField, string>>>({});
  const [general, setGeneral] = useState<string | undefined>(undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGeneral(undefined);
    const body = customerBody(values);
    const local = customerInputSchema.safeParse(body);
    if (!local.success) {
      setErrors(issuesToFields(local.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { customerId: customer?.id, body },
      {
        onSuccess: (saved) => onSaved(saved),
        onError: (error) => {
          const result = apiFormErrors(error, customerFields, 'The customer could not be saved.');
          setErrors(result.fields);
          setGeneral(result.general);
        },
      },
    );
  };

  const title = customer === undefined ? 'New customer' : `Edit ${customer.name}`;
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
              <CustomerFormFields
                values={values}
                errors={errors}
                withNotes={withNotes}
                autoFocus
                onChange={(field, value) => {
                  setValues((prev) => ({ ...prev, [field]: value }));
                  setErrors((prev) => ({ ...prev, [field]: undefined }));
                }}
              />
              <FormErrorAlert message={general} />
            </DialogContent>
            <DialogActions>
              <Button
                type="submit"
                appearance="primary"
                disabledFocusable={save.isPending}
                icon={save.isPending ? <Spinner size="tiny" /> : undefined}
              >
                {customer === undefined ? 'Add customer' : 'Save changes'}
              </Button>
              <Button onClick={onClose}>Cancel</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
