import { Button, Field, Input, makeStyles, Select, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import { type KeyboardEvent, useState } from 'react';
import {
  type FormMessages,
  fieldReader,
  hasMessages,
  newSizeBody,
  noMessages,
  refusedBeforeSending,
  refusedBy,
} from '../../../features/catalog/product-form-model.ts';
import type { SizeRun } from '../../../features/catalog/size-run.ts';
import { generateSku } from '../../../features/catalog/sku.ts';
import { useAddVariant } from '../../../features/catalog/use-product-mutations.ts';
import { scanFieldProps } from '../../../features/scanner/scan-listener.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  box: {
    margin: 0,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '10px',
    padding: '14px 16px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  title: { ...typographyStyles.body1Strong, padding: 0, float: 'left', width: '100%', marginBottom: '2px' },
  grid: {
    display: 'grid',
    gridTemplateColumns: '140px minmax(0, 1.4fr) minmax(0, 0.8fr) minmax(0, 1.2fr) auto',
    gap: '10px 12px',
    alignItems: 'start',
    '@media (max-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
  },
  field: { gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 },
  button: { marginTop: '26px', '@media (max-width: 760px)': { marginTop: 0, gridColumn: '1 / -1', justifySelf: 'start' } },
  note: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
});

/** Where the API's messages about a new size land; its barcode list is the one barcode input. */
const messagePlaces = { fields: ['size', 'sku', 'price_cents', 'weight_grams'], folded: { barcodes: 'barcode' } };

type AddSizeProps = { scope: BusinessScope | undefined; product: Product; run: SizeRun; currency: string };

/** Adds a size from the product's run, with a SKU made from the style code (editable), a price and a barcode. */
export function AddSize({ scope, product, run, currency }: AddSizeProps) {
  const styles = useStyles();
  const add = useAddVariant(scope, product.id);
  const taken = new Set(product.variants.map((variant) => variant.size));
  const free = run.sizes.filter((size) => !taken.has(size));
  const [size, setSize] = useState('');
  const [skuOverride, setSkuOverride] = useState<string | undefined>();
  const [price, setPrice] = useState('');
  const [barcode, setBarcode] = useState('');
  const [messages, setMessages] = useState<FormMessages>(noMessages);
  const errors = messages.fields;

  const chosen = size !== '' && free.includes(size) ? size : '';
  const sku = skuOverride ?? (chosen === '' ? '' : generateSku(product.style_code ?? '', product.title, chosen));

  const submit = () => {
    const read = fieldReader(currency);
    if (chosen === '') read.problems.size = 'Choose a size';
    const body = newSizeBody(read, '', { size: chosen, sku, price, barcode }, product.retail_price_cents);
    if (body.sku === '') read.problems.sku = 'SKU is required';
    setMessages(refusedBeforeSending(read.problems));
    if (hasMessages(read.problems)) return;
    add.mutate(body, {
      onSuccess: () => {
        setSize('');
        setSkuOverride(undefined);
        setPrice('');
        setBarcode('');
        setMessages(noMessages);
      },
      // Beside the page's own save bar, this box names only what the server adds to the fields' messages.
      onError: (failure) => setMessages(refusedBy(failure, messagePlaces, 'The size could not be added.', { pointToFields: false })),
    });
  };

  // The screen is one form: Enter here adds the size instead of saving the page.
  const onEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };

  if (run.sizes.length === 0)
    return <p className={styles.note}>This product's size format is no longer in your business, so no size can be added.</p>;
  if (free.length === 0) return <p className={styles.note}>Every size of the {run.name} run is on this product.</p>;

  return (
    <fieldset className={styles.box}>
      <legend className={styles.title}>Add a size</legend>
      <div className={styles.grid}>
        <Field className={styles.field} label="Size" validationMessage={errors.size}>
          <Select
            value={chosen}
            onChange={(_, data) => {
              setSize(data.value);
              setSkuOverride(undefined);
            }}
          >
            <option value="">Choose…</option>
            {free.map((value) => (
              <option key={value} value={value}>
                {run.label(value)}
              </option>
            ))}
          </Select>
        </Field>
        <Field className={styles.field} label="SKU" validationMessage={errors.sku}>
          <Input value={sku} spellCheck={false} onChange={(_, data) => setSkuOverride(data.value)} onKeyDown={onEnter} />
        </Field>
        <Field
          className={styles.field}
          label={`Price (${currency})`}
          hint={product.retail_price_cents === null ? undefined : 'Blank: the retail price'}
          validationMessage={errors.price_cents}
        >
          <Input value={price} inputMode="decimal" onChange={(_, data) => setPrice(data.value)} onKeyDown={onEnter} />
        </Field>
        <Field className={styles.field} label="Barcode (optional)" validationMessage={errors.barcode}>
          <Input
            value={barcode}
            spellCheck={false}
            inputMode="numeric"
            onChange={(_, data) => setBarcode(data.value)}
            onKeyDown={onEnter}
            {...scanFieldProps}
          />
        </Field>
        <Button
          className={styles.button}
          icon={add.isPending ? <Spinner size="tiny" /> : <AddRegular />}
          disabledFocusable={add.isPending}
          onClick={submit}
        >
          Add size
        </Button>
      </div>
      {messages.general === undefined ? null : (
        <p className={styles.note} role="alert">
          {messages.general}
        </p>
      )}
    </fieldset>
  );
}
