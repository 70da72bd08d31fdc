import { Button, Combobox, Field, makeStyles, Option, tokens, typographyStyles } from '@fluentui/react-components';
import { DismissRegular, PersonAddRegular, PersonRegular } from '@fluentui/react-icons';
import type { Customer } from '@tradepost/shared/schemas/sales.ts';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { useState } from 'react';
import { useLastAnswer } from '../../../features/catalog/use-products.ts';
import { Sensitive } from '../../../features/demo-mode/sensitive.tsx';
import { CustomerDialog } from '../../../features/retail/customer-dialog.tsx';
import { useCustomerSearch } from '../../../features/retail/use-customers.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  row: { display: 'flex', gap: '8px', alignItems: 'flex-end' },
  grow: { flexGrow: 1, minWidth: 0 },
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
  chosenText: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  chosenName: { ...typographyStyles.body1Strong, overflowWrap: 'anywhere' },
  chosenMeta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  label: { ...typographyStyles.body1Strong, margin: '0 0 4px' },
});

type CheckoutCustomerProps = {
  scope: BusinessScope | undefined;
  customer: Customer | null;
  onChange: (customer: Customer | null) => void;
  error?: string | undefined;
};

/** Optional: find the buyer by name or e-mail, or add them on the spot. */
export function CheckoutCustomer({ scope, customer, onChange, error }: CheckoutCustomerProps) {
  const styles = useStyles();
  const [text, setText] = useState('');
  const [adding, setAdding] = useState(false);
  const q = useDebouncedValue(text, 200);
  const search = useCustomerSearch(scope, q, customer === null && q.trim() !== '');
  const last = useLastAnswer(search.data);
  const matches = q.trim() === '' ? [] : (last.data?.items ?? []);

  if (customer !== null) {
    return (
      <div>
        <p className={styles.label}>Customer</p>
        <div className={styles.chosen}>
          <PersonRegular aria-hidden="true" />
          <span className={styles.chosenText}>
            <span className={styles.chosenName}>
              <Sensitive kind="name">{customer.name}</Sensitive>
            </span>
            {customer.email === null ? null : (
              <span className={styles.chosenMeta}>
                <Sensitive kind="contact">{customer.email}</Sensitive>
              </span>
            )}
          </span>
          <Button
            appearance="subtle"
            icon={<DismissRegular />}
            aria-label={`Remove customer ${customer.name}`}
            onClick={() => onChange(null)}
          />
        </div>
      </div>
    );
  }

  return (
    <div className={styles.row}>
      <Field className={styles.grow} label="Customer" hint="Optional: search by name or e-mail" validationMessage={error}>
        <Combobox
          className={styles.combo}
          freeform
          value={text}
          onChange={(event) => setText(event.target.value)}
          onOptionSelect={(_, data) => {
            const picked = matches.find((c) => c.id === data.optionValue);
            if (picked !== undefined) {
              onChange(picked);
              setText('');
            } else if (data.optionValue === 'new') setAdding(true);
          }}
        >
          {matches.map((c) => (
            <Option key={c.id} value={c.id} text={c.name}>
              {c.email === null ? c.name : `${c.name} · ${c.email}`}
            </Option>
          ))}
          {q.trim() === '' ? null : (
            <Option value="new" text={`Add ${q.trim()}`}>
              Add “{q.trim()}” as a new customer
            </Option>
          )}
        </Combobox>
      </Field>
      <Button icon={<PersonAddRegular />} onClick={() => setAdding(true)}>
        New
      </Button>
      {adding ? (
        <CustomerDialog
          scope={scope}
          initialName={text.trim()}
          withNotes={false}
          onClose={() => setAdding(false)}
          onSaved={(saved) => {
            setAdding(false);
            setText('');
            onChange(saved);
          }}
        />
      ) : null}
    </div>
  );
}
