import { Button, Combobox, Field, makeStyles, Option } from '@fluentui/react-components';
import { PersonAddRegular } from '@fluentui/react-icons';
import type { Vendor } from '@tradepost/shared/schemas/purchasing.ts';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { useState } from 'react';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { useVendor, useVendors } from './use-vendors.ts';
import { VendorDialog } from './vendor-dialog.tsx';

const useStyles = makeStyles({
  row: { display: 'flex', gap: '8px', alignItems: 'flex-start' },
  grow: { flexGrow: 1, minWidth: 0 },
  combo: { width: '100%', minWidth: 0 },
  button: { marginTop: '26px' },
});

type Props = {
  scope: BusinessScope | undefined;
  vendorId: string | null;
  onChange: (vendorId: string) => void;
  validationMessage?: string | undefined;
  disabled?: boolean;
};

/** Choose the vendor by typing part of its name, or add a new one on the spot. */
export function VendorPicker({ scope, vendorId, onChange, validationMessage, disabled = false }: Props) {
  const styles = useStyles();
  const [text, setText] = useState<string | null>(null);
  const q = useDebouncedValue(text ?? '', 150).trim();
  const matches = useVendors(scope, { q: q === '' ? undefined : q, limit: 20 });
  const chosen = useVendor(scope, vendorId);
  const [adding, setAdding] = useState(false);
  const items = matches.data?.items ?? [];
  const shown = text ?? chosen.data?.name ?? '';

  const pick = (vendor: Pick<Vendor, 'id'>) => {
    onChange(vendor.id);
    setText(null);
  };

  return (
    <div className={styles.row}>
      <Field className={styles.grow} label="Vendor" required validationMessage={validationMessage}>
        <Combobox
          className={styles.combo}
          freeform
          disabled={disabled}
          placeholder="Type a vendor's name"
          value={shown}
          selectedOptions={vendorId === null ? [] : [vendorId]}
          onChange={(event) => setText(event.target.value)}
          onOptionSelect={(_, data) => {
            if (data.optionValue === 'new') setAdding(true);
            else if (data.optionValue !== undefined) pick({ id: data.optionValue });
          }}
        >
          {items.map((vendor) => (
            <Option key={vendor.id} value={vendor.id} text={vendor.name}>
              {vendor.terms === null ? vendor.name : `${vendor.name} · ${vendor.terms}`}
            </Option>
          ))}
          <Option value="new" text={q === '' ? 'New vendor' : `Add ${q}`}>
            {q === '' ? 'New vendor…' : `Add “${q}” as a new vendor`}
          </Option>
        </Combobox>
      </Field>
      <Button className={styles.button} icon={<PersonAddRegular />} disabled={disabled} onClick={() => setAdding(true)}>
        New vendor
      </Button>
      {adding ? (
        <VendorDialog
          scope={scope}
          initialName={(text ?? '').trim()}
          onClose={() => setAdding(false)}
          onSaved={(vendor) => {
            setAdding(false);
            pick(vendor);
          }}
        />
      ) : null}
    </div>
  );
}
