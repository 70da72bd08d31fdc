import {
  Button,
  Combobox,
  Field,
  Input,
  makeStyles,
  Option,
  Radio,
  RadioGroup,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { DismissRegular, PersonRegular } from '@fluentui/react-icons';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { useState } from 'react';
import { useLastAnswer } from '../../features/catalog/use-products.ts';
import { Sensitive } from '../../features/demo-mode/sensitive.tsx';
import { VendorPicker } from '../../features/purchasing/vendor-picker.tsx';
import { useCustomerSearch } from '../../features/retail/use-customers.ts';
import type { BusinessScope } from '../../features/session/use-business-scope.ts';
import type { SellerChoice } from './in-store-cart.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: '12px' },
  combo: { width: '100%', minWidth: 0 },
  chosen: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '6px 6px 6px 10px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    minWidth: 0,
  },
  chosenName: { ...typographyStyles.body1Strong, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
});

type SellerFieldsProps = {
  scope: BusinessScope | undefined;
  value: SellerChoice;
  onChange: (value: SellerChoice) => void;
  /** Messages by the API's field path: 'customer_id', 'customer.name', 'customer.email', 'vendor_id'. */
  errors: Readonly<Record<string, string>>;
};

const fresh: Record<SellerChoice['kind'], SellerChoice> = {
  customer: { kind: 'customer', customerId: null, name: null },
  new: { kind: 'new', customer: { name: '', email: '', phone: '' } },
  vendor: { kind: 'vendor', vendorId: null },
};

/** Who is selling: a customer on file, a new customer (created with the purchase), or a vendor. */
export function SellerFields({ scope, value, onChange, errors }: SellerFieldsProps) {
  const styles = useStyles();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, 200).trim();
  const search = useCustomerSearch(scope, q, value.kind === 'customer' && value.customerId === null && q !== '');
  const last = useLastAnswer(search.data);
  const matches = q === '' ? [] : (last.data?.items ?? []);

  return (
    <div className={styles.root}>
      <Field label="Seller" required>
        <RadioGroup layout="horizontal" value={value.kind} onChange={(_, data) => onChange(fresh[data.value as SellerChoice['kind']])}>
          <Radio value="customer" label="Customer on file" />
          <Radio value="new" label="New customer" />
          <Radio value="vendor" label="Vendor" />
        </RadioGroup>
      </Field>
      {value.kind === 'customer' ? (
        value.customerId !== null ? (
          <div className={styles.chosen}>
            <PersonRegular aria-hidden="true" />
            <span className={styles.chosenName}>
              <Sensitive kind="name">{value.name ?? ''}</Sensitive>
            </span>
            <Button
              appearance="subtle"
              icon={<DismissRegular />}
              aria-label={`Choose another customer than ${value.name ?? ''}`}
              onClick={() => onChange(fresh.customer)}
            />
          </div>
        ) : (
          <Field label="Customer" hint="Search by name or e-mail" validationMessage={errors.customer_id}>
            <Combobox
              className={styles.combo}
              freeform
              value={text}
              placeholder="Type the seller's name"
              onChange={(event) => setText(event.target.value)}
              onOptionSelect={(_, data) => {
                const picked = matches.find((customer) => customer.id === data.optionValue);
                if (picked !== undefined) {
                  onChange({ kind: 'customer', customerId: picked.id, name: picked.name });
                  setText('');
                } else if (data.optionValue === 'new') onChange({ kind: 'new', customer: { name: q, email: '', phone: '' } });
              }}
            >
              {matches.map((customer) => (
                <Option key={customer.id} value={customer.id} text={customer.name}>
                  {customer.email === null ? customer.name : `${customer.name} · ${customer.email}`}
                </Option>
              ))}
              {q === '' ? null : (
                <Option value="new" text={`Add ${q}`}>
                  Add “{q}” as a new customer
                </Option>
              )}
            </Combobox>
          </Field>
        )
      ) : value.kind === 'new' ? (
        <div className={styles.grid}>
          <Field label="Name" required validationMessage={errors['customer.name'] ?? errors.customer_id}>
            <Input
              value={value.customer.name}
              autoComplete="off"
              onChange={(_, data) => onChange({ kind: 'new', customer: { ...value.customer, name: data.value } })}
            />
          </Field>
          <Field label="E-mail" validationMessage={errors['customer.email']}>
            <Input
              type="email"
              value={value.customer.email}
              autoComplete="off"
              onChange={(_, data) => onChange({ kind: 'new', customer: { ...value.customer, email: data.value } })}
            />
          </Field>
          <Field label="Phone" validationMessage={errors['customer.phone']}>
            <Input
              type="tel"
              value={value.customer.phone}
              autoComplete="off"
              onChange={(_, data) => onChange({ kind: 'new', customer: { ...value.customer, phone: data.value } })}
            />
          </Field>
        </div>
      ) : (
        <VendorPicker
          scope={scope}
          vendorId={value.vendorId}
          onChange={(vendorId) => onChange({ kind: 'vendor', vendorId })}
          validationMessage={errors.vendor_id ?? errors.customer_id}
        />
      )}
    </div>
  );
}
