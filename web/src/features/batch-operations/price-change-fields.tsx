import { Checkbox, Field, Input, Radio, RadioGroup } from '@fluentui/react-components';
import { type PriceChange, parsePercent } from '@tradepost/shared/domain/pricing.ts';
import { parseMoney } from '../catalog/money.ts';

/** How a bulk price change moves each size's price. */
export type PriceChangeMode = 'set' | 'amount' | 'percent';

const MODE_LABELS: Record<PriceChangeMode, string> = {
  set: 'Set one price for all of them',
  amount: 'Add or take off an amount',
  percent: "Move each size's price by a percentage",
};

/** The change typed in the fields (the percentage in percent mode, else the amount), or why it cannot be read. */
export function readPriceChange(mode: PriceChangeMode, text: string, currency: string, roundTo99: boolean): PriceChange | string {
  if (mode === 'percent') {
    const basisPoints = parsePercent(text);
    return basisPoints === null
      ? 'Enter a change between -99.99 and 500 percent, such as -10'
      : { kind: 'percent', basisPoints, roundTo99 };
  }
  const negative = mode === 'amount' && text.trim().startsWith('-');
  const cents = parseMoney(text.trim().replace(/^[+-]/, ''), currency);
  if (cents === undefined || cents === null) return mode === 'set' ? 'Enter a price such as 129.99' : 'Enter an amount such as -5.00 or 10';
  if (mode === 'set') return cents < 1 ? 'Enter a price such as 129.99' : { kind: 'set', cents, roundTo99 };
  return { kind: 'amount', cents: negative ? -cents : cents, roundTo99 };
}

export type PriceChangeFieldsProps = {
  /** The modes offered, first the one the dialog opens with. */
  modes: readonly PriceChangeMode[];
  mode: PriceChangeMode;
  onModeChange: (mode: PriceChangeMode) => void;
  percent: string;
  onPercentChange: (value: string) => void;
  amount: string;
  onAmountChange: (value: string) => void;
  roundTo99: boolean;
  onRoundTo99Change: (value: boolean) => void;
  /** What the .99 box says it does, with an example of the dialog's own rule. */
  roundLabel: string;
  error: string | null;
};

/**
 * The fields every bulk price change asks for (a channel's prices, the catalog's): the mode, the
 * figure it needs and the .99 rounding. The dialogs around them differ in what they change and preview.
 */
export function PriceChangeFields(props: PriceChangeFieldsProps) {
  const { mode, error } = props;
  return (
    <>
      <RadioGroup
        value={mode}
        onChange={(_, data) => props.onModeChange(data.value as PriceChangeMode)}
        aria-label="How to change the price"
      >
        {props.modes.map((value) => (
          <Radio key={value} value={value} label={MODE_LABELS[value]} />
        ))}
      </RadioGroup>
      {mode === 'percent' ? (
        <Field label="Change (%)" hint="Negative lowers the price: -10 is 10% off." validationMessage={error ?? undefined} required>
          <Input value={props.percent} onChange={(_, d) => props.onPercentChange(d.value)} inputMode="decimal" contentAfter="%" />
        </Field>
      ) : (
        <Field
          label={mode === 'set' ? 'New price' : 'Amount'}
          hint={mode === 'amount' ? 'Negative lowers the price: -5 takes 5.00 off each size.' : undefined}
          validationMessage={error ?? undefined}
          required
        >
          <Input
            value={props.amount}
            onChange={(_, d) => props.onAmountChange(d.value)}
            inputMode="decimal"
            placeholder={mode === 'set' ? '129.99' : '-5.00'}
          />
        </Field>
      )}
      <Checkbox checked={props.roundTo99} onChange={(_, d) => props.onRoundTo99Change(d.checked === true)} label={props.roundLabel} />
    </>
  );
}
