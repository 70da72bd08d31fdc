import { Button, Field, Input, makeStyles, mergeClasses, Select, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, SubtractRegular } from '@fluentui/react-icons';
import { isSizeFormatId, sizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import {
  type AdjustmentReason,
  adjustmentReasonLabels,
  adjustmentReasons,
  defaultReason,
} from '../../../features/inventory/adjustment-reasons.ts';

export type LineDraft = { quantity: string; reason: AdjustmentReason | undefined; cost: string };
export type LineErrors = { quantity?: string; reason?: string; cost?: string };

const useStyles = makeStyles({
  table: { display: 'flex', flexDirection: 'column' },
  grid: {
    display: 'grid',
    gridTemplateColumns: '110px 80px 168px minmax(0, 1fr) minmax(0, 1fr)',
    gap: '8px 12px',
    alignItems: 'start',
    padding: '8px 0',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    '@media (max-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', padding: '12px 0' },
  },
  head: {
    ...typographyStyles.caption1Strong,
    color: tokens.colorNeutralForeground3,
    paddingTop: 0,
    '@media (max-width: 760px)': { display: 'none' },
  },
  size: { ...typographyStyles.body1Strong, paddingTop: '6px', whiteSpace: 'nowrap' },
  onHand: { ...typographyStyles.body1, paddingTop: '6px', color: tokens.colorNeutralForeground2, fontVariantNumeric: 'tabular-nums' },
  active: {
    backgroundColor: tokens.colorBrandBackground2,
    borderRadius: tokens.borderRadiusMedium,
    paddingInline: '8px',
    marginInline: '-8px',
  },
  stepper: { display: 'flex', alignItems: 'center', gap: '4px' },
  qty: { width: '64px', minWidth: 0, textAlign: 'center' },
  field: { gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 },
  input: { width: '100%', minWidth: 0 },
  narrowLabel: {
    display: 'none',
    '@media (max-width: 760px)': { display: 'block', ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  },
  wideOnly: { '@media (max-width: 760px)': { display: 'none' } },
});

export const lineQuantity = (draft: LineDraft | undefined): number => {
  const value = Number(draft?.quantity ?? '');
  return Number.isInteger(value) ? value : Number.NaN;
};

type AdjustmentLinesProps = {
  product: Product;
  drafts: Readonly<Record<string, LineDraft>>;
  errors: Readonly<Record<string, LineErrors>>;
  currency: string;
  onChange: (variantId: string, change: Partial<LineDraft>) => void;
};

/** One line per size: a signed quantity, its reason, and the unit cost of stock coming in. */
export function AdjustmentLines({ product, drafts, errors, currency, onChange }: AdjustmentLinesProps) {
  const styles = useStyles();
  const label = (size: string) => (isSizeFormatId(product.size_format) ? sizeLabel(product.size_format, size) : size);

  return (
    <div className={styles.table}>
      <div className={mergeClasses(styles.grid, styles.head)} aria-hidden="true">
        <span>Size</span>
        <span>On hand</span>
        <span>Quantity (+ in, − out)</span>
        <span>Reason</span>
        <span>Unit cost ({currency})</span>
      </div>
      {product.variants.map((variant) => {
        const draft = drafts[variant.id];
        const text = draft?.quantity ?? '';
        const quantity = lineQuantity(draft);
        const active = text.trim() !== '' && quantity !== 0;
        const error = errors[variant.id] ?? {};
        const step = (delta: number) => {
          const current = Number.isFinite(quantity) ? quantity : 0;
          const next = current + delta;
          onChange(variant.id, { quantity: next === 0 ? '' : String(next) });
        };
        return (
          <div key={variant.id} className={mergeClasses(styles.grid, active && styles.active)}>
            <span className={styles.size} title={variant.sku}>
              {label(variant.size)}
            </span>
            <span className={styles.onHand}>
              <span className={styles.wideOnly}>{variant.on_hand}</span>
              <span className={styles.narrowLabel}>{variant.on_hand} on hand</span>
            </span>
            <Field
              className={styles.field}
              label={{ children: 'Quantity', className: styles.narrowLabel }}
              validationMessage={error.quantity}
            >
              <div className={styles.stepper}>
                <Button icon={<SubtractRegular />} aria-label={`One less of size ${variant.size}`} onClick={() => step(-1)} />
                <Input
                  className={styles.qty}
                  aria-label={`Quantity for size ${variant.size}`}
                  inputMode="numeric"
                  value={text}
                  onChange={(_, d) => onChange(variant.id, { quantity: d.value.replace(/[^\d-]/g, '') })}
                  onKeyDown={(event) => {
                    if (event.key === 'ArrowUp') {
                      event.preventDefault();
                      step(1);
                    } else if (event.key === 'ArrowDown') {
                      event.preventDefault();
                      step(-1);
                    }
                  }}
                />
                <Button icon={<AddRegular />} aria-label={`One more of size ${variant.size}`} onClick={() => step(1)} />
              </div>
            </Field>
            <Field className={styles.field} label={{ children: 'Reason', className: styles.narrowLabel }} validationMessage={error.reason}>
              <Select
                aria-label={`Reason for size ${variant.size}`}
                value={draft?.reason ?? defaultReason(Number.isFinite(quantity) ? quantity : 0)}
                onChange={(_, d) => onChange(variant.id, { reason: d.value as AdjustmentReason })}
              >
                {adjustmentReasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {adjustmentReasonLabels[reason]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              className={styles.field}
              label={{ children: 'Unit cost', className: styles.narrowLabel }}
              validationMessage={error.cost}
              hint={quantity < 0 ? 'Stock out uses FIFO cost' : undefined}
            >
              <Input
                className={styles.input}
                aria-label={`Unit cost for size ${variant.size}`}
                inputMode="decimal"
                disabled={quantity < 0}
                value={quantity < 0 ? '' : (draft?.cost ?? '')}
                onChange={(_, d) => onChange(variant.id, { cost: d.value })}
              />
            </Field>
          </div>
        );
      })}
    </div>
  );
}
