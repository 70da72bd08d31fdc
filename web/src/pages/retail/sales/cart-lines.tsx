import { Button, Field, Input, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, SubtractRegular } from '@fluentui/react-icons';
import { formatMoney, parseMoney } from '../../../features/catalog/money.ts';
import { type CartLine, MAX_QUANTITY } from '../../../features/retail/cart-model.ts';
import { currencySymbol } from '../../../features/retail/currency-symbol.ts';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  line: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gridTemplateAreas: '"item total" "controls controls" "error error"',
    gap: '8px 12px',
    padding: '12px 8px',
    marginInline: '-8px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  selected: { backgroundColor: tokens.colorBrandBackground2 },
  refused: { backgroundColor: tokens.colorPaletteRedBackground1 },
  item: { gridArea: 'item', display: 'flex', gap: '12px', alignItems: 'center', minWidth: 0 },
  size: {
    ...typographyStyles.title2,
    flexShrink: 0,
    minWidth: '64px',
    padding: '4px 8px',
    textAlign: 'center',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  text: { minWidth: 0 },
  title: { ...typographyStyles.body1Strong, margin: 0, overflowWrap: 'anywhere' },
  meta: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  warn: { color: tokens.colorPaletteDarkOrangeForeground1 },
  total: { gridArea: 'total', ...typographyStyles.subtitle2, fontVariantNumeric: 'tabular-nums', textAlign: 'end', whiteSpace: 'nowrap' },
  controls: { gridArea: 'controls', display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: '8px 12px' },
  stepper: { display: 'flex', alignItems: 'center', gap: '4px' },
  qty: { width: '64px', minWidth: 0 },
  price: { width: '124px', gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 },
  priceInput: { width: '100%', minWidth: 0 },
  remove: { marginInlineStart: 'auto' },
  error: { gridArea: 'error', ...typographyStyles.body1Strong, margin: 0, color: tokens.colorPaletteRedForeground1 },
});

type CartLinesProps = {
  lines: readonly CartLine[];
  currency: string;
  selectedId: string | null;
  /** Messages by variant id: the server's refusal or a bad price. */
  errors: Readonly<Record<string, string>>;
  onSelect: (variantId: string) => void;
  onQuantity: (variantId: string, quantity: number) => void;
  onPrice: (variantId: string, text: string) => void;
  onRemove: (variantId: string) => void;
};

/** The cart: one row per size, with quantity and price editable and the refusal, if any, right under it. */
export function CartLines({ lines, currency, selectedId, errors, onSelect, onQuantity, onPrice, onRemove }: CartLinesProps) {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label="Cart">
      {lines.map((line) => {
        const price = parseMoney(line.priceText, currency);
        const error = errors[line.variantId];
        const errorId = `cart-error-${line.variantId}`;
        const label = `${line.title}, size ${line.size}`;
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: focus inside the row selects it too (onFocus)
          <li
            key={line.variantId}
            className={mergeClasses(styles.line, line.variantId === selectedId && styles.selected, error !== undefined && styles.refused)}
            onFocus={() => onSelect(line.variantId)}
            onClick={() => onSelect(line.variantId)}
            aria-label={label}
            aria-current={line.variantId === selectedId ? 'true' : undefined}
          >
            <div className={styles.item}>
              <span className={styles.size} title={line.size}>
                {line.shortSize}
              </span>
              <div className={styles.text}>
                <p className={styles.title}>{line.title}</p>
                <p className={styles.meta}>
                  {line.size} · {line.sku}
                  {line.quantity > line.onHand ? (
                    <span className={styles.warn}>
                      {' · '}only {line.onHand} on hand
                    </span>
                  ) : null}
                </p>
              </div>
            </div>
            <span className={styles.total}>{typeof price === 'number' ? formatMoney(price * line.quantity, currency) : '—'}</span>
            <div className={styles.controls}>
              <div className={styles.stepper}>
                <Button
                  icon={<SubtractRegular />}
                  aria-label={`One less of ${label}`}
                  disabled={line.quantity <= 1}
                  onClick={() => onQuantity(line.variantId, line.quantity - 1)}
                />
                <Input
                  className={styles.qty}
                  aria-label={`Quantity of ${label}`}
                  inputMode="numeric"
                  value={String(line.quantity)}
                  aria-describedby={error === undefined ? undefined : errorId}
                  aria-invalid={error === undefined ? undefined : true}
                  onChange={(_, d) => {
                    const digits = d.value.replace(/\D/g, '');
                    if (digits !== '') onQuantity(line.variantId, Math.min(MAX_QUANTITY, Number(digits)));
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'ArrowUp') {
                      event.preventDefault();
                      onQuantity(line.variantId, line.quantity + 1);
                    } else if (event.key === 'ArrowDown') {
                      event.preventDefault();
                      onQuantity(line.variantId, line.quantity - 1);
                    }
                  }}
                />
                <Button
                  icon={<AddRegular />}
                  aria-label={`One more of ${label}`}
                  onClick={() => onQuantity(line.variantId, line.quantity + 1)}
                />
              </div>
              <Field className={styles.price} size="medium">
                <Input
                  className={styles.priceInput}
                  aria-label={`Unit price of ${label} (${currency})`}
                  inputMode="decimal"
                  value={line.priceText}
                  contentBefore={<span aria-hidden="true">{currencySymbol(currency)}</span>}
                  onChange={(_, d) => onPrice(line.variantId, d.value)}
                />
              </Field>
              <Button
                className={styles.remove}
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={`Remove ${label}`}
                onClick={() => onRemove(line.variantId)}
              />
            </div>
            {error === undefined ? null : (
              <p id={errorId} className={styles.error} role="alert">
                {error}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
