import { Button, Field, Input, makeStyles, ToggleButton, tokens, typographyStyles } from '@fluentui/react-components';
import type { SizeRun } from '../../../features/catalog/size-run.ts';

const useStyles = makeStyles({
  fieldset: { border: 0, margin: 0, padding: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  chipsHead: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '8px' },
  chipsLabel: { ...typographyStyles.body1Strong, margin: 0, padding: 0, marginBottom: '2px', color: tokens.colorNeutralForeground1 },
  chipsActions: { display: 'flex', gap: '4px' },
  chips: { display: 'flex', flexWrap: 'wrap', gap: '6px' },
  chip: { minWidth: '52px', fontVariantNumeric: 'tabular-nums' },
  rows: { display: 'flex', flexDirection: 'column', gap: '8px' },
  grid: {
    display: 'grid',
    gridTemplateColumns: '88px minmax(0, 1.4fr) minmax(0, 1.2fr) minmax(0, 0.8fr)',
    gap: '8px 12px',
    alignItems: 'start',
    '@media (max-width: 700px)': {
      gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
      padding: '12px 0',
      borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    },
  },
  head: {
    ...typographyStyles.caption1Strong,
    color: tokens.colorNeutralForeground3,
    '@media (max-width: 700px)': { display: 'none' },
  },
  size: {
    ...typographyStyles.body1Strong,
    paddingTop: '6px',
    whiteSpace: 'nowrap',
    '@media (max-width: 700px)': { gridColumn: '1 / -1', paddingTop: 0 },
  },
  wideOnNarrow: { '@media (max-width: 700px)': { gridColumn: '1 / -1' } },
  field: { gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 },
  input: { width: '100%', minWidth: 0 },
  mobileLabel: {
    display: 'none',
    '@media (max-width: 700px)': { display: 'block', ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  },
  none: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
});

export type SizeRow = { skuOverride: string | undefined; barcode: string; price: string };
export type SizeRowErrors = { sku?: string; barcode?: string; price?: string; size?: string };

type SizePickerProps = {
  format: SizeRun;
  selected: ReadonlySet<string>;
  onToggle: (size: string) => void;
  onSelectAll: () => void;
  onClear: () => void;
};

/** The chosen run's sizes as toggle chips; each pressed chip becomes one variant. */
export function SizePicker({ format, selected, onToggle, onSelectAll, onClear }: SizePickerProps) {
  const styles = useStyles();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.chipsLabel}>
        Sizes · {selected.size} of {format.sizes.length} selected
      </legend>
      <div className={styles.chipsActions}>
        <Button size="small" appearance="subtle" onClick={onSelectAll}>
          Select all
        </Button>
        <Button size="small" appearance="subtle" onClick={onClear} disabled={selected.size === 0}>
          Clear
        </Button>
      </div>
      <div className={styles.chips}>
        {format.sizes.map((size) => (
          <ToggleButton
            key={size}
            size="small"
            shape="circular"
            className={styles.chip}
            checked={selected.has(size)}
            appearance={selected.has(size) ? 'primary' : 'secondary'}
            onClick={() => onToggle(size)}
            aria-label={`Size ${format.label(size)}`}
          >
            {size}
          </ToggleButton>
        ))}
      </div>
    </fieldset>
  );
}

type SizeRowsProps = {
  format: SizeRun;
  sizes: readonly string[];
  rows: Readonly<Record<string, SizeRow>>;
  skuFor: (size: string) => string;
  errors: Readonly<Record<string, SizeRowErrors>>;
  currency: string;
  onChange: (size: string, change: Partial<SizeRow>) => void;
};

/** SKU (generated from style code and size, editable), an optional barcode and a price for each chosen size. */
export function SizeRows({ format, sizes, rows, skuFor, errors, currency, onChange }: SizeRowsProps) {
  const styles = useStyles();
  if (sizes.length === 0) return <p className={styles.none}>Choose the sizes you stock above; each becomes its own SKU.</p>;
  return (
    <div className={styles.rows}>
      <div className={`${styles.grid} ${styles.head}`} aria-hidden="true">
        <span>Size</span>
        <span>SKU</span>
        <span>Barcode (optional)</span>
        <span>Price ({currency})</span>
      </div>
      {sizes.map((size) => {
        const row = rows[size];
        const error = errors[size] ?? {};
        const label = format.label(size);
        return (
          <div key={size} className={styles.grid}>
            <span className={styles.size}>
              {label}
              {error.size === undefined ? null : <span role="alert"> — {error.size}</span>}
            </span>
            <Field
              className={`${styles.field} ${styles.wideOnNarrow}`}
              label={{ children: 'SKU', className: styles.mobileLabel }}
              validationMessage={error.sku}
            >
              <Input
                className={styles.input}
                aria-label={`SKU for size ${size}`}
                value={skuFor(size)}
                spellCheck={false}
                onChange={(_, data) => onChange(size, { skuOverride: data.value })}
              />
            </Field>
            <Field
              className={styles.field}
              label={{ children: 'Barcode', className: styles.mobileLabel }}
              validationMessage={error.barcode}
            >
              <Input
                className={styles.input}
                aria-label={`Barcode for size ${size}`}
                value={row?.barcode ?? ''}
                inputMode="numeric"
                spellCheck={false}
                onChange={(_, data) => onChange(size, { barcode: data.value })}
              />
            </Field>
            <Field className={styles.field} label={{ children: 'Price', className: styles.mobileLabel }} validationMessage={error.price}>
              <Input
                className={styles.input}
                aria-label={`Price for size ${size}`}
                value={row?.price ?? ''}
                inputMode="decimal"
                onChange={(_, data) => onChange(size, { price: data.value })}
              />
            </Field>
          </div>
        );
      })}
    </div>
  );
}
