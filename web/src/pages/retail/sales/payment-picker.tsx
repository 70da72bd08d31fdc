import { Button, Field, Input, makeStyles, Radio, RadioGroup, Select, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { type PaymentPartMethod, paymentMethods, paymentPartMethods } from '@tradepost/shared/schemas/payments.ts';
import { formatMoney } from '../../../features/catalog/money.ts';
import {
  changeDue,
  type PaymentDraft,
  type PaymentErrors,
  paymentMethodHints,
  paymentMethodLabels,
  splitRemainder,
  storeCreditProblem,
} from '../../../features/sales/payment-model.ts';

const useStyles = makeStyles({
  picker: { display: 'flex', flexDirection: 'column', gap: '8px', minWidth: 0 },
  methods: { display: 'flex', flexWrap: 'wrap', columnGap: '4px' },
  hint: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  cash: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: '12px', alignItems: 'end' },
  change: { ...typographyStyles.subtitle2, margin: 0, paddingBottom: '6px', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  parts: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '6px' },
  part: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto', gap: '6px', alignItems: 'start' },
  fill: { width: '100%', minWidth: 0 },
  remainder: { ...typographyStyles.caption1, margin: 0, fontVariantNumeric: 'tabular-nums', color: tokens.colorNeutralForeground2 },
  error: { ...typographyStyles.caption1, margin: 0, color: tokens.colorPaletteRedForeground1 },
  balance: { ...typographyStyles.body1Strong, margin: 0, fontVariantNumeric: 'tabular-nums' },
});

type PaymentPickerProps = {
  draft: PaymentDraft;
  onChange: (draft: PaymentDraft) => void;
  totalCents: number | null;
  currency: string;
  errors: PaymentErrors;
  /** The chosen customer (their store-credit balance pays a store-credit part); null when none is chosen. */
  customer?: { name: string; store_credit_cents: number } | null;
};

/** How the customer pays at the counter: cash (with the change due), card on the terminal, store credit, or a split. */
export function PaymentPicker({ draft, onChange, totalCents, currency, errors, customer = null }: PaymentPickerProps) {
  const styles = useStyles();
  const money = (cents: number) => formatMoney(cents, currency);
  const change = totalCents === null ? null : changeDue(draft, totalCents, currency);
  const left = totalCents === null ? null : splitRemainder(draft, totalCents, currency);
  const usesCredit = draft.method === 'store_credit' || (draft.method === 'split' && draft.parts.some((p) => p.method === 'store_credit'));
  const creditProblem = errors.credit ?? (totalCents === null ? undefined : storeCreditProblem(draft, totalCents, customer, currency));
  const setPart = (key: string, patch: Partial<{ method: PaymentPartMethod; amount: string }>) =>
    onChange({ ...draft, parts: draft.parts.map((part) => (part.key === key ? { ...part, ...patch } : part)) });

  return (
    <div className={styles.picker}>
      <Field label="Paid by">
        <RadioGroup
          className={styles.methods}
          layout="horizontal"
          value={draft.method}
          onChange={(_, d) => {
            const method = paymentMethods.find((m) => m === d.value);
            if (method !== undefined) onChange({ ...draft, method });
          }}
        >
          {paymentMethods.map((method) => (
            <Radio key={method} value={method} label={paymentMethodLabels[method]} />
          ))}
        </RadioGroup>
      </Field>
      <p className={styles.hint}>{paymentMethodHints[draft.method]}</p>
      {usesCredit ? (
        <p className={creditProblem === undefined ? styles.balance : styles.error} role={creditProblem === undefined ? undefined : 'alert'}>
          {creditProblem ??
            (customer === null
              ? 'Choose the customer whose store credit pays.'
              : `${customer.name} has ${money(customer.store_credit_cents)} of store credit.`)}
        </p>
      ) : null}
      {draft.method === 'cash' ? (
        <div className={styles.cash}>
          <Field label="Cash tendered" hint="Optional" validationMessage={errors.tendered}>
            <Input
              className={styles.fill}
              inputMode="decimal"
              value={draft.tendered}
              onChange={(_, d) => onChange({ ...draft, tendered: d.value })}
            />
          </Field>
          <p className={styles.change} aria-live="polite">
            {change === null ? 'Change due —' : `Change due ${money(change)}`}
          </p>
        </div>
      ) : null}
      {draft.method === 'split' ? (
        <>
          <ul className={styles.parts} aria-label="Payment parts">
            {draft.parts.map((part, index) => (
              <li key={part.key} className={styles.part}>
                <Select
                  className={styles.fill}
                  aria-label={`Part ${index + 1} method`}
                  value={part.method}
                  onChange={(_, d) => {
                    const method = paymentPartMethods.find((m) => m === d.value);
                    if (method !== undefined) setPart(part.key, { method });
                  }}
                >
                  {paymentPartMethods.map((method) => (
                    <option key={method} value={method}>
                      {paymentMethodLabels[method]}
                    </option>
                  ))}
                </Select>
                <Field validationMessage={errors.byPart?.[part.key]}>
                  <Input
                    className={styles.fill}
                    aria-label={`Part ${index + 1} amount (${currency})`}
                    inputMode="decimal"
                    value={part.amount}
                    onChange={(_, d) => setPart(part.key, { amount: d.value })}
                  />
                </Field>
                <Button
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  aria-label={`Remove part ${index + 1}`}
                  disabled={draft.parts.length <= 2}
                  onClick={() => onChange({ ...draft, parts: draft.parts.filter((p) => p.key !== part.key) })}
                />
              </li>
            ))}
          </ul>
          <div>
            <Button
              appearance="subtle"
              size="small"
              icon={<AddRegular />}
              onClick={() =>
                onChange({
                  ...draft,
                  parts: [...draft.parts, { key: `part-${Date.now().toString(36)}-${draft.parts.length}`, method: 'card', amount: '' }],
                })
              }
            >
              Add a part
            </Button>
          </div>
          {left === null ? null : (
            <p className={styles.remainder} aria-live="polite">
              {left === 0
                ? 'The parts cover the total exactly.'
                : left > 0
                  ? `Left to assign: ${money(left)}`
                  : `Over the total by ${money(-left)}`}
            </p>
          )}
          {errors.parts === undefined ? null : (
            <p className={styles.error} role="alert">
              {errors.parts}
            </p>
          )}
        </>
      ) : null}
    </div>
  );
}
