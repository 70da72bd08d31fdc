import { Button, Input, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, SubtractRegular } from '@fluentui/react-icons';
import type { HighestBidRow } from '@tradepost/shared/schemas/highest-bid.ts';
import { formatMoney, parseMoney } from '../../features/catalog/money.ts';
import { currencySymbol } from '../../features/retail/currency-symbol.ts';
import { type CounterCartLine, MAX_COUNTER_QUANTITY } from './in-store-cart.ts';
import { SizeGuidance } from './size-guidance.tsx';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  line: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gridTemplateAreas: '"item total" "guide guide" "controls controls" "error error"',
    gap: '6px 12px',
    padding: '12px 0',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  refused: { backgroundColor: tokens.colorPaletteRedBackground1 },
  item: { gridArea: 'item', minWidth: 0 },
  title: { ...typographyStyles.body1Strong, margin: 0, overflowWrap: 'anywhere' },
  meta: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  guide: { gridArea: 'guide', minWidth: 0 },
  total: { gridArea: 'total', ...typographyStyles.subtitle2, fontVariantNumeric: 'tabular-nums', textAlign: 'end', whiteSpace: 'nowrap' },
  controls: { gridArea: 'controls', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 12px' },
  stepper: { display: 'flex', alignItems: 'center', gap: '4px' },
  qty: { width: '64px', minWidth: 0 },
  price: { width: '132px', minWidth: 0 },
  remove: { marginInlineStart: 'auto' },
  error: { gridArea: 'error', ...typographyStyles.body1Strong, margin: 0, color: tokens.colorPaletteRedForeground1 },
});

type CounterLinesProps = {
  lines: readonly CounterCartLine[];
  currency: string;
  guidance: ReadonlyMap<string, HighestBidRow>;
  marginPercent: number | undefined;
  /** Messages by variant id (a price that does not read, the API's refusal). */
  errors: Readonly<Record<string, string>>;
  onQuantity: (variantId: string, quantity: number) => void;
  onPrice: (variantId: string, text: string) => void;
  onRemove: (variantId: string) => void;
};

/** The items on the counter: quantity and agreed price per unit (editable), the guidance under each. */
export function CounterLines({ lines, currency, guidance, marginPercent, errors, onQuantity, onPrice, onRemove }: CounterLinesProps) {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label="Items bought">
      {lines.map((line) => {
        const price = parseMoney(line.priceText, currency);
        const error = errors[line.variantId];
        const errorId = `counter-error-${line.variantId}`;
        const label = `${line.title}, size ${line.size}`;
        return (
          <li key={line.variantId} className={mergeClasses(styles.line, error !== undefined && styles.refused)} aria-label={label}>
            <div className={styles.item}>
              <p className={styles.title}>{line.title}</p>
              <p className={styles.meta}>
                Size {line.size} · {line.sku}
              </p>
            </div>
            <span className={styles.total}>{typeof price === 'number' ? formatMoney(price * line.quantity, currency) : '—'}</span>
            <div className={styles.guide}>
              <SizeGuidance row={guidance.get(line.variantId)} marginPercent={marginPercent} currency={currency} />
            </div>
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
                  onChange={(_, d) => {
                    const digits = d.value.replace(/\D/g, '');
                    if (digits !== '') onQuantity(line.variantId, Math.min(MAX_COUNTER_QUANTITY, Number(digits)));
                  }}
                />
                <Button
                  icon={<AddRegular />}
                  aria-label={`One more of ${label}`}
                  disabled={line.quantity >= MAX_COUNTER_QUANTITY}
                  onClick={() => onQuantity(line.variantId, line.quantity + 1)}
                />
              </div>
              <Input
                className={styles.price}
                aria-label={`Agreed price of ${label}`}
                inputMode="decimal"
                placeholder="0.00"
                contentBefore={<span aria-hidden="true">{currencySymbol(currency)}</span>}
                value={line.priceText}
                aria-describedby={error === undefined ? undefined : errorId}
                aria-invalid={error === undefined ? undefined : true}
                onChange={(_, d) => onPrice(line.variantId, d.value)}
              />
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
