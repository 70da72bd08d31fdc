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
import { type CatalogPriceChange, catalogPriceOutcome } from '@tradepost/shared/schemas/batch-operations.ts';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import { useState } from 'react';
import { PriceChangeFields, type PriceChangeMode, readPriceChange } from '../../../features/batch-operations/price-change-fields.tsx';
import { formatMoney } from '../../../features/catalog/money.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '16px' },
  note: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  list: { ...typographyStyles.body1, margin: 0, paddingInlineStart: '20px', fontVariantNumeric: 'tabular-nums' },
  keeps: { color: tokens.colorPaletteRedForeground1 },
});

/** A size whose catalog price changes: its own price, else its product's retail price. */
export type CatalogSize = { variantId: string; label: string; priceCents: number | null };

/** The sizes of these products, in the order given, as the change reads them. */
export const catalogSizesOf = (products: readonly Product[]): CatalogSize[] =>
  products.flatMap((product) =>
    product.variants.map((variant) => ({
      variantId: variant.id,
      label: `${product.title} · ${variant.size}`,
      priceCents: variant.price_cents ?? product.retail_price_cents,
    })),
  );

/** How many sizes the preview shows before running. */
export const PREVIEW_ROWS = 5;

export type PreviewRow = { variantId: string; label: string; old: number | null } & (
  | { ok: true; cents: number }
  | { ok: false; error: string }
);

/**
 * Old → new for the first sizes, and how many change and how many keep their price, by the same
 * rule the batch applies on the server (`catalogPriceOutcome`), so the preview is what will happen
 * unless a price changes in between.
 */
export function catalogPricePreview(sizes: readonly CatalogSize[], change: CatalogPriceChange, rows = PREVIEW_ROWS) {
  const outcomes: PreviewRow[] = sizes.map((size) => ({
    variantId: size.variantId,
    label: size.label,
    old: size.priceCents,
    ...catalogPriceOutcome(size.priceCents, change),
  }));
  return {
    rows: outcomes.slice(0, rows),
    changing: outcomes.filter((row) => row.ok && row.cents !== row.old).length,
    keeping: outcomes.filter((row) => !row.ok).length,
  };
}

type Mode = PriceChangeMode;

/**
 * The change typed so far, or why it cannot be read: as every price dialog reads it, in the catalog
 * batch's words, and refusing a change of nothing (a batch that changes no price is a mistake).
 */
export function readCatalogChange(mode: Mode, text: string, currency: string, roundTo99: boolean): CatalogPriceChange | string {
  const change = readPriceChange(mode, text, currency, roundTo99);
  if (typeof change === 'string') return change;
  if (change.kind === 'percent')
    return change.basisPoints === 0
      ? 'Enter a change other than 0%'
      : { kind: 'percent', basis_points: change.basisPoints, round_to_99: roundTo99 };
  if (change.kind === 'amount' && change.cents === 0) return 'Enter an amount other than 0';
  return { kind: change.kind, cents: change.cents, round_to_99: roundTo99 };
}

/** The first sizes' old and new prices, and what happens to the rest. */
export function CatalogPricePreview({
  sizes,
  change,
  currency,
}: {
  sizes: readonly CatalogSize[];
  change: CatalogPriceChange;
  currency: string;
}) {
  const styles = useStyles();
  const { rows, changing, keeping } = catalogPricePreview(sizes, change);
  const money = (cents: number | null) => (cents === null ? 'no price' : formatMoney(cents, currency));
  return (
    <div>
      <p className={styles.note}>{rows.length < sizes.length ? `The first ${rows.length} of ${sizes.length} sizes:` : 'New prices:'}</p>
      <ul className={styles.list} aria-label="Price preview">
        {rows.map((row) => (
          <li key={row.variantId}>
            {row.label}: {money(row.old)} → {row.ok ? money(row.cents) : <span className={styles.keeps}>{row.error}</span>}
          </li>
        ))}
      </ul>
      <p className={styles.note}>
        {changing} {changing === 1 ? 'size changes' : 'sizes change'}
        {keeping > 0
          ? `; ${keeping} ${keeping === 1 ? 'keeps its price' : 'keep their prices'} and will show as failed with the reason`
          : ''}
        .
      </p>
    </div>
  );
}

type CatalogPriceDialogProps = {
  open: boolean;
  sizes: CatalogSize[];
  /** How many products the sizes belong to. */
  products: number;
  currency: string;
  pending: boolean;
  refusal: string | null;
  onSubmit: (change: CatalogPriceChange) => void;
  onDismiss: () => void;
};

/**
 * Asks how to change the catalog price of the chosen products' sizes (one price, an amount, a
 * percentage, optionally up to .99), previews old → new, then starts one catalog price batch. The
 * catalog price is what every channel starts from: listed sizes follow through the sync engine.
 */
export function CatalogPriceDialog({ open, sizes, products, currency, pending, refusal, onSubmit, onDismiss }: CatalogPriceDialogProps) {
  const styles = useStyles();
  const [mode, setMode] = useState<Mode>('percent');
  const [amount, setAmount] = useState('');
  const [percent, setPercent] = useState('-10');
  const [roundTo99, setRoundTo99] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const change = readCatalogChange(mode, mode === 'percent' ? percent : amount, currency, roundTo99);

  const submit = () => {
    if (typeof change === 'string') return setError(change);
    setError(null);
    onSubmit(change);
  };

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
              Change the catalog price of {sizes.length} {sizes.length === 1 ? 'size' : 'sizes'}
              {products > 1 ? ` in ${products} products` : ''}
            </DialogTitle>
            <DialogContent className={styles.form}>
              <PriceChangeFields
                modes={['percent', 'amount', 'set']}
                mode={mode}
                onModeChange={setMode}
                percent={percent}
                onPercentChange={setPercent}
                amount={amount}
                onAmountChange={setAmount}
                roundTo99={roundTo99}
                onRoundTo99Change={setRoundTo99}
                roundLabel="Round up to .99 (123.40 becomes 123.99; 123.99 stays)"
                error={error}
              />
              {typeof change === 'string' ? null : <CatalogPricePreview sizes={sizes} change={change} currency={currency} />}
              <p className={styles.note}>
                It runs as a batch with a progress bar: each size gets its own result. Sizes listed on a sales channel follow the new price
                there, unless the channel has its own price for them.
              </p>
              {refusal === null ? null : (
                <MessageBar intent="error" role="alert">
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
