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
  MessageBar,
  MessageBarBody,
  makeStyles,
  Radio,
  RadioGroup,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { useState } from 'react';
import { formatMoney, parseMoney } from '../catalog/money.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '16px' },
  preview: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  refusal: { marginTop: '4px' },
});

export type PricedSize = { variantId: string; priceCents: number | null };

type Mode = 'set' | 'percent';

/** New price per size: one price for all, or each size's current price moved by a percentage (rounded to whole cents). */
export function newPrices(
  sizes: PricedSize[],
  mode: Mode,
  amountCents: number,
  percent: number,
): { variant_id: string; price_cents: number }[] {
  return sizes.flatMap((size) => {
    if (mode === 'set') return [{ variant_id: size.variantId, price_cents: amountCents }];
    if (size.priceCents === null) return [];
    return [{ variant_id: size.variantId, price_cents: Math.max(1, Math.round(size.priceCents * (1 + percent / 100))) }];
  });
}

type PriceChangeDialogProps = {
  open: boolean;
  sizes: PricedSize[];
  currency: string;
  platformName: string;
  pending: boolean;
  refusal: string | null;
  onSubmit: (items: { variant_id: string; price_cents: number }[]) => void;
  onDismiss: () => void;
};

/** Asks for the new price of the selected sizes, then starts one price batch. */
export function PriceChangeDialog({ open, sizes, currency, platformName, pending, refusal, onSubmit, onDismiss }: PriceChangeDialogProps) {
  const styles = useStyles();
  const [mode, setMode] = useState<Mode>('set');
  const [amount, setAmount] = useState('');
  const [percent, setPercent] = useState('-10');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (mode === 'set') {
      const cents = parseMoney(amount, currency);
      if (cents === undefined || cents === null || cents < 1) return setError('Enter a price such as 129.99');
      setError(null);
      return onSubmit(newPrices(sizes, 'set', cents, 0));
    }
    const value = Number(percent);
    if (!Number.isFinite(value) || value <= -100 || value > 500) return setError('Enter a change between -99 and 500 percent');
    const items = newPrices(sizes, 'percent', 0, value);
    if (items.length === 0) return setError('None of these sizes has a price to change: set one price instead');
    setError(null);
    onSubmit(items);
  };

  const sample = sizes.find((s) => s.priceCents !== null);
  const preview =
    mode === 'percent' && sample?.priceCents != null && Number.isFinite(Number(percent))
      ? `For example ${formatMoney(sample.priceCents, currency)} becomes ${formatMoney(newPrices([sample], 'percent', 0, Number(percent))[0]?.price_cents ?? 0, currency)}.`
      : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(_, data) => {
        if (!data.open && !pending) onDismiss();
      }}
    >
      <DialogSurface>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogBody>
            <DialogTitle>
              Change the {platformName} price of {sizes.length} {sizes.length === 1 ? 'size' : 'sizes'}
            </DialogTitle>
            <DialogContent className={styles.form}>
              <RadioGroup value={mode} onChange={(_, data) => setMode(data.value as Mode)} aria-label="How to change the price">
                <Radio value="set" label="Set one price for all of them" />
                <Radio value="percent" label="Move each size's price by a percentage" />
              </RadioGroup>
              {mode === 'set' ? (
                <Field label="New price" validationMessage={error ?? undefined} required>
                  <Input value={amount} onChange={(_, d) => setAmount(d.value)} inputMode="decimal" placeholder="129.99" />
                </Field>
              ) : (
                <Field label="Change (%)" hint="Negative lowers the price: -10 is 10% off." validationMessage={error ?? undefined} required>
                  <Input value={percent} onChange={(_, d) => setPercent(d.value)} inputMode="numeric" contentAfter="%" />
                </Field>
              )}
              {preview ? <p className={styles.preview}>{preview}</p> : null}
              <p className={styles.preview}>The change runs as a batch: each size gets its own result, and failed ones can be retried.</p>
              {refusal === null ? null : (
                <MessageBar intent="error" role="alert" className={styles.refusal}>
                  <MessageBarBody>{refusal}</MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabled={pending} onClick={onDismiss}>
                Cancel
              </Button>
              <Button appearance="primary" type="submit" disabledFocusable={pending} icon={pending ? <Spinner size="tiny" /> : undefined}>
                Change prices
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
