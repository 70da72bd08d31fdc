import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  Spinner,
  Tag,
  TagGroup,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import type { Product, Variant } from '@tradepost/shared/schemas/catalog.ts';
import { useState } from 'react';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import type { SizeRun } from '../../../features/catalog/size-run.ts';
import { useAddBarcode, useRemoveBarcode, useRemoveVariant } from '../../../features/catalog/use-product-mutations.ts';
import { scanFieldProps } from '../../../features/scanner/scan-listener.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';
import type { RowErrors, SizeEdit } from './configure-form.ts';

const useStyles = makeStyles({
  table: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  grid: {
    display: 'grid',
    gridTemplateColumns: '96px minmax(0, 1.6fr) minmax(0, 0.9fr) minmax(0, 0.8fr) 72px 72px 40px',
    columnGap: '12px',
    alignItems: 'start',
    '@media (max-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', rowGap: '8px' },
  },
  head: {
    ...typographyStyles.caption1Strong,
    color: tokens.colorNeutralForeground3,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
    paddingBottom: '8px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    '@media (max-width: 760px)': { display: 'none' },
  },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  row: { padding: '12px 0', borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, display: 'flex', flexDirection: 'column', gap: '8px' },
  size: {
    ...typographyStyles.body1Strong,
    paddingTop: '6px',
    whiteSpace: 'nowrap',
    '@media (max-width: 760px)': { gridColumn: '1 / -1', paddingTop: 0, display: 'flex', justifyContent: 'space-between', gap: '8px' },
  },
  wideOnNarrow: { '@media (max-width: 760px)': { gridColumn: '1 / -1' } },
  field: { gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 },
  input: { width: '100%', minWidth: 0 },
  mobileLabel: {
    display: 'none',
    '@media (max-width: 760px)': { display: 'block', ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  },
  stock: {
    ...typographyStyles.body1,
    paddingTop: '6px',
    fontVariantNumeric: 'tabular-nums',
    textAlign: 'end',
    '@media (max-width: 760px)': { textAlign: 'start', paddingTop: 0 },
  },
  stockLabel: { display: 'none', '@media (max-width: 760px)': { display: 'inline', color: tokens.colorNeutralForeground3 } },
  remove: { '@media (max-width: 760px)': { display: 'none' } },
  removeNarrow: { display: 'none', '@media (max-width: 760px)': { display: 'inline-flex' } },
  barcodes: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '8px',
    paddingLeft: '108px',
    '@media (max-width: 760px)': { paddingLeft: 0 },
  },
  barcodeLabel: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  barcodeForm: { display: 'flex', alignItems: 'flex-start', gap: '6px', border: 0, margin: 0, padding: 0, minWidth: 0 },
  barcodeField: { width: '200px', gridTemplateColumns: 'minmax(0, 1fr)' },
  code: { fontFamily: tokens.fontFamilyMonospace },
  none: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
});

type SizesTableProps = {
  scope: BusinessScope | undefined;
  product: Product;
  run: SizeRun;
  currency: string;
  values: (variant: Variant) => SizeEdit;
  errors: Readonly<Record<string, RowErrors>>;
  onEdit: (variant: Variant, change: Partial<SizeEdit>) => void;
  /** A size left the product: its unsaved edits go with it. */
  onRemoved: (variantId: string) => void;
};

function BarcodeCell({
  scope,
  product,
  variant,
  label,
}: {
  scope: BusinessScope | undefined;
  product: Product;
  variant: Variant;
  label: string;
}) {
  const styles = useStyles();
  const add = useAddBarcode(scope, product.id);
  const remove = useRemoveBarcode(scope, product.id);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = () => {
    if (code.trim() === '') {
      setError('Type or scan a barcode');
      return;
    }
    add.mutate(
      { variantId: variant.id, body: { code: code.trim() } },
      {
        onSuccess: () => {
          setCode('');
          setError(undefined);
        },
        onError: (failure) => {
          const result = fieldErrors(failure, (path) => path === 'code', 'The barcode could not be added.');
          setError(result.fields.code ?? result.general);
        },
      },
    );
  };

  return (
    <div className={styles.barcodes}>
      <span className={styles.barcodeLabel}>Barcodes</span>
      {variant.barcodes.length === 0 ? null : (
        <TagGroup
          aria-label={`Barcodes of size ${label}`}
          onDismiss={(_, data) => {
            setError(undefined);
            remove.mutate(
              { variantId: variant.id, code: String(data.value) },
              {
                onError: (failure) =>
                  setError(
                    fieldErrors(failure, () => false, 'The barcode could not be removed.').general ?? 'The barcode could not be removed.',
                  ),
              },
            );
          }}
        >
          {variant.barcodes.map((barcode) => (
            <Tag
              key={barcode.code}
              value={barcode.code}
              size="small"
              dismissible
              dismissIcon={{ 'aria-label': `Remove barcode ${barcode.code} from size ${label}` }}
              className={styles.code}
            >
              {barcode.code}
            </Tag>
          ))}
        </TagGroup>
      )}
      {/* Not a form: the whole screen is one form, and Enter here adds the barcode instead of saving. */}
      <fieldset className={styles.barcodeForm} aria-label={`Add a barcode to size ${label}`}>
        <Field className={styles.barcodeField} validationMessage={error} size="small">
          <Input
            size="small"
            value={code}
            aria-label={`New barcode for size ${label}`}
            spellCheck={false}
            onChange={(_, data) => {
              setCode(data.value);
              setError(undefined);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              submit();
            }}
            {...scanFieldProps}
          />
        </Field>
        <Button
          size="small"
          onClick={submit}
          icon={add.isPending ? <Spinner size="extra-tiny" /> : <AddRegular />}
          disabledFocusable={add.isPending}
          aria-label={`Add barcode to size ${label}`}
        >
          Add
        </Button>
      </fieldset>
    </div>
  );
}

/**
 * The product's sizes: SKU, price and weight are edited in place and saved with the page; barcodes
 * and removing a size act at once. A size with stock or history cannot be removed: the server's
 * answer (archive instead) shows above the table.
 */
export function SizesTable({ scope, product, run, currency, values, errors, onEdit, onRemoved }: SizesTableProps) {
  const styles = useStyles();
  const remove = useRemoveVariant(scope, product.id);
  const [notice, setNotice] = useState<string | null>(null);

  if (product.variants.length === 0) return <p className={styles.none}>No sizes yet. Add the first one below.</p>;

  const removeSize = (variant: Variant) => {
    setNotice(null);
    remove.mutate(variant.id, {
      onSuccess: () => onRemoved(variant.id),
      onError: (failure) => setNotice(fieldErrors(failure, () => false, 'The size could not be removed.').general ?? null),
    });
  };

  return (
    <div className={styles.table}>
      {notice === null ? null : (
        <div role="alert">
          <MessageBar intent="warning">
            <MessageBarBody>{notice}</MessageBarBody>
          </MessageBar>
        </div>
      )}
      <div className={mergeClasses(styles.grid, styles.head)} aria-hidden="true">
        <span>Size</span>
        <span>SKU</span>
        <span>Price ({currency})</span>
        <span>Weight (g)</span>
        <span className={styles.number}>On hand</span>
        <span className={styles.number}>Available</span>
        <span />
      </div>
      {product.variants.map((variant) => {
        const value = values(variant);
        const error = errors[variant.id] ?? {};
        const label = run.label(variant.size);
        const removing = remove.isPending && remove.variables === variant.id;
        const removeButton = (className: string) => (
          <Button
            className={className}
            appearance="subtle"
            icon={removing ? <Spinner size="extra-tiny" /> : <DeleteRegular />}
            disabledFocusable={removing}
            aria-label={`Remove size ${label}`}
            title={`Remove size ${label}`}
            onClick={() => removeSize(variant)}
          />
        );
        return (
          <div key={variant.id} className={styles.row}>
            <div className={styles.grid}>
              <span className={styles.size}>
                {label}
                {removeButton(styles.removeNarrow)}
              </span>
              <Field
                className={mergeClasses(styles.field, styles.wideOnNarrow)}
                label={{ children: 'SKU', className: styles.mobileLabel }}
                validationMessage={error.sku}
              >
                <Input
                  className={styles.input}
                  aria-label={`SKU for size ${label}`}
                  value={value.sku}
                  spellCheck={false}
                  onChange={(_, data) => onEdit(variant, { sku: data.value })}
                />
              </Field>
              <Field className={styles.field} label={{ children: 'Price', className: styles.mobileLabel }} validationMessage={error.price}>
                <Input
                  className={styles.input}
                  aria-label={`Price for size ${label}`}
                  inputMode="decimal"
                  value={value.price}
                  onChange={(_, data) => onEdit(variant, { price: data.value })}
                />
              </Field>
              <Field
                className={styles.field}
                label={{ children: 'Weight (g)', className: styles.mobileLabel }}
                validationMessage={error.weight}
              >
                <Input
                  className={styles.input}
                  aria-label={`Weight in grams for size ${label}`}
                  inputMode="numeric"
                  value={value.weight}
                  onChange={(_, data) => onEdit(variant, { weight: data.value })}
                />
              </Field>
              <span className={styles.stock}>
                <span className={styles.stockLabel}>On hand </span>
                {variant.on_hand}
              </span>
              <span className={styles.stock}>
                <span className={styles.stockLabel}>Available </span>
                {variant.available}
              </span>
              {removeButton(styles.remove)}
            </div>
            <BarcodeCell scope={scope} product={product} variant={variant} label={label} />
          </div>
        );
      })}
    </div>
  );
}
