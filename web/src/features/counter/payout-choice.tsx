import { Field, Input, makeStyles, Radio, RadioGroup, Textarea, tokens, typographyStyles } from '@fluentui/react-components';
import { type PayoutMethod, payoutMethodLabels, payoutSettlesAtOnce } from '@tradepost/shared/schemas/payouts.ts';
import { formatMoney } from '@tradepost/shared/ui/money.ts';
import {
  offeredMethods,
  type PayoutChoiceValue,
  type PayoutDetailsText,
  payoutDetailFields,
  payoutDetailLabels,
  storeCreditBonusText,
} from './payout-choice-model.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  radios: { display: 'flex', flexWrap: 'wrap', columnGap: '8px' },
  details: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: '12px' },
  hint: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  bonus: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorPaletteGreenForeground1 },
});

export type PayoutChoiceFieldsProps = {
  value: PayoutChoiceValue;
  onChange: (value: PayoutChoiceValue) => void;
  /** The methods the business offers (purchasing settings); only these can be chosen. */
  offered: PayoutMethod[];
  /** Messages by field: 'method', 'details.account_number', 'details.payable_to' … (see `payoutErrorsFrom`). */
  errors?: Record<string, string>;
  /** Store credit: the business's bonus, shown as "+N% bonus: $X credit" when `amountCents` is given. */
  storeCreditBonusPercent?: number;
  /** What is paid out (the purchase's total); with `currency`, shows the credit store credit would book. */
  amountCents?: number;
  currency?: string;
  disabled?: boolean;
  /** The radio group's label ("Pay the seller by"). */
  label?: string;
};

/**
 * How the seller is paid: one of the offered methods, and the details that method needs (a
 * transfer's account, a check's payee). Cash and store credit are settled at the counter; the
 * others wait on Check payouts, which the hint says.
 */
export function PayoutChoiceFields({
  value,
  onChange,
  offered,
  errors = {},
  storeCreditBonusPercent = 0,
  amountCents,
  currency = 'USD',
  disabled = false,
  label = 'Payout',
}: PayoutChoiceFieldsProps) {
  const styles = useStyles();
  const methods = offeredMethods(offered);
  // A method the settings no longer offer still shows, so the refusal beside it makes sense.
  const shown = methods.includes(value.method) ? methods : [...methods, value.method];
  const setDetail = (field: keyof PayoutDetailsText, text: string) => onChange({ ...value, details: { ...value.details, [field]: text } });

  return (
    <div className={styles.root}>
      <Field label={label} required validationMessage={errors.method}>
        <RadioGroup
          className={styles.radios}
          layout="horizontal"
          value={value.method}
          disabled={disabled}
          onChange={(_, data) => onChange({ ...value, method: data.value as PayoutMethod })}
        >
          {shown.map((method) => (
            <Radio key={method} value={method} label={payoutMethodLabels[method]} />
          ))}
        </RadioGroup>
      </Field>
      {value.method === 'store_credit' && amountCents !== undefined ? (
        <p className={styles.bonus} data-testid="store-credit-bonus">
          {storeCreditBonusText(amountCents, storeCreditBonusPercent, (cents) => formatMoney(cents, currency))}
        </p>
      ) : null}
      <p className={styles.hint}>
        {payoutSettlesAtOnce(value.method)
          ? value.method === 'cash'
            ? 'Paid now from the till.'
            : 'Booked to the customer’s store credit now.'
          : 'Waits on Check payouts until someone marks it paid with its reference.'}
      </p>
      {payoutDetailFields[value.method].length === 0 ? null : (
        <div className={styles.details}>
          {payoutDetailFields[value.method].map((field) => (
            <Field
              key={field}
              label={payoutDetailLabels[field]}
              required={field === 'account_number' || field === 'payable_to'}
              validationMessage={errors[`details.${field}`]}
            >
              {field === 'mailing_address' ? (
                <Textarea
                  value={value.details[field]}
                  disabled={disabled}
                  resize="vertical"
                  onChange={(_, data) => setDetail(field, data.value)}
                />
              ) : (
                <Input
                  value={value.details[field]}
                  disabled={disabled}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(_, data) => setDetail(field, data.value)}
                />
              )}
            </Field>
          ))}
        </div>
      )}
    </div>
  );
}

export type { PayoutChoiceValue } from './payout-choice-model.ts';
