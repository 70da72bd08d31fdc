import { Field, Input, makeStyles, Radio, RadioGroup } from '@fluentui/react-components';
import type { LandedCostsDraft } from './purchase-order-draft.ts';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: '12px 16px',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

type Props = {
  value: LandedCostsDraft;
  /** Messages by the API's paths: `landed_costs.shipping_cents`, … */
  errors: Readonly<Record<string, string>>;
  currency: string;
  disabled?: boolean;
  onChange: (value: LandedCostsDraft) => void;
};

const amounts = [
  ['shipping', 'Shipping', 'landed_costs.shipping_cents'],
  ['duties', 'Duties', 'landed_costs.duties_cents'],
  ['fees', 'Fees', 'landed_costs.fees_cents'],
] as const;

/** Shipping, duties and fees of an order, and how they are spread over its lines. */
export function LandedCostsFields({ value, errors, currency, disabled = false, onChange }: Props) {
  const styles = useStyles();
  return (
    <>
      <div className={styles.grid}>
        {amounts.map(([key, label, path]) => (
          <Field key={key} label={`${label} (${currency})`} validationMessage={errors[path]}>
            <Input
              inputMode="decimal"
              placeholder="0.00"
              value={value[key]}
              disabled={disabled}
              onChange={(_, d) => onChange({ ...value, [key]: d.value })}
            />
          </Field>
        ))}
      </div>
      <Field label="Spread over the lines" validationMessage={errors['landed_costs.spread']}>
        <RadioGroup
          layout="horizontal"
          value={value.spread}
          disabled={disabled}
          onChange={(_, d) => onChange({ ...value, spread: d.value === 'quantity' ? 'quantity' : 'value' })}
        >
          <Radio value="value" label="By value (costlier lines carry more)" />
          <Radio value="quantity" label="By quantity (the same per unit)" />
        </RadioGroup>
      </Field>
    </>
  );
}
