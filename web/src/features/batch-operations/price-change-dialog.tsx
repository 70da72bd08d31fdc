import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { applyPriceChange, type PriceChange } from '@tradepost/shared/domain/pricing.ts';
import { useState } from 'react';
import { formatMoney } from '../catalog/money.ts';
import { PriceChangeFields, type PriceChangeMode, readPriceChange } from './price-change-fields.tsx';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '16px' },
  preview: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  previewList: { ...typographyStyles.body1, margin: 0, paddingInlineStart: '20px', fontVariantNumeric: 'tabular-nums' },
  refusal: { marginTop: '4px' },
});

export type PricedSize = { variantId: string; priceCents: number | null /** Product and size, for the preview. */; label?: string };

type Mode = PriceChangeMode;

/** How many sizes the preview shows before confirming. */
const PREVIEW_SIZES = 3;

/**
 * New price per size under the change (shared/src/domain/pricing.ts: whole cents, never below 0,
 * .99 rounding as channel price rules round). Sizes without a price are left out of a relative change.
 */
export function newPrices(
  sizes: readonly PricedSize[],
  change: PriceChange,
): { variant_id: string; price_cents: number; old: number | null }[] {
  return sizes.flatMap((size) => {
    if (change.kind !== 'set' && size.priceCents === null) return [];
    return [{ variant_id: size.variantId, price_cents: applyPriceChange(size.priceCents ?? 0, change), old: size.priceCents }];
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

/**
 * Asks for the new price of the selected sizes (one price for all, an amount up or down, or a
 * percentage; optionally rounded up to .99), shows a few old → new prices, then starts one price batch.
 */
export function PriceChangeDialog({ open, sizes, currency, platformName, pending, refusal, onSubmit, onDismiss }: PriceChangeDialogProps) {
  const styles = useStyles();
  const [mode, setMode] = useState<Mode>('set');
  const [amount, setAmount] = useState('');
  const [percent, setPercent] = useState('-10');
  const [roundTo99, setRoundTo99] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const change = readPriceChange(mode, mode === 'percent' ? percent : amount, currency, roundTo99);
  const items = typeof change === 'string' ? [] : newPrices(sizes, change);

  const submit = () => {
    if (typeof change === 'string') return setError(change);
    if (items.length === 0) return setError('None of these sizes has a price to change: set one price instead');
    if (items.some((item) => item.price_cents < 1)) return setError('This change takes some prices to 0: choose a smaller change');
    setError(null);
    onSubmit(items.map(({ variant_id, price_cents }) => ({ variant_id, price_cents })));
  };

  const labels = new Map(sizes.map((size) => [size.variantId, size.label]));
  const preview = items.slice(0, PREVIEW_SIZES);
  const money = (cents: number | null) => (cents === null ? 'no price' : formatMoney(cents, currency));

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
              <PriceChangeFields
                modes={['set', 'amount', 'percent']}
                mode={mode}
                onModeChange={setMode}
                percent={percent}
                onPercentChange={setPercent}
                amount={amount}
                onAmountChange={setAmount}
                roundTo99={roundTo99}
                onRoundTo99Change={setRoundTo99}
                roundLabel="Round up to .99 (129.20 becomes 129.99)"
                error={error}
              />
              {preview.length > 0 ? (
                <div>
                  <p className={styles.preview}>
                    {items.length > preview.length ? `The first ${preview.length} of ${items.length} sizes:` : 'New prices:'}
                  </p>
                  <ul className={styles.previewList} aria-label="Price preview">
                    {preview.map((item) => (
                      <li key={item.variant_id}>
                        {labels.get(item.variant_id) ? `${labels.get(item.variant_id)}: ` : ''}
                        {money(item.old)} → {money(item.price_cents)}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
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
