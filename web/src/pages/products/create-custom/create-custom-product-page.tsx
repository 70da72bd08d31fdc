import { Button, Field, Input, MessageBar, MessageBarBody, mergeClasses, Select, Spinner, Textarea } from '@fluentui/react-components';
import { BoxRegular, RulerRegular } from '@fluentui/react-icons';
import { SIZE_FORMATS } from '@tradepost/shared/domain/sizes/size-formats.ts';
import {
  type CreateProductBody,
  createProductBodySchema,
  type ProductCondition,
  type ProductGrade,
  productCategories,
  productConditions,
  productGrades,
} from '@tradepost/shared/schemas/catalog.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAccountFormStyles } from '../../../features/account/use-account-form-styles.ts';
import { issuesToFields } from '../../../features/catalog/field-errors.ts';
import {
  type ConditionValues,
  detailsBody,
  type FormMessages,
  fieldReader,
  hasMessages,
  newConditionValues,
  newProductDetails,
  newSizeBody,
  noMessages,
  type ProductDetails,
  refusedBeforeSending,
  refusedBy,
  rowMessages,
  typedText,
} from '../../../features/catalog/product-form-model.ts';
import { categoryLabels, conditionLabels, gradeLabels } from '../../../features/catalog/product-labels.ts';
import { sizeRunOf } from '../../../features/catalog/size-run.ts';
import { generateSku } from '../../../features/catalog/sku.ts';
import { useCreateProduct } from '../../../features/catalog/use-create-product.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { useSizeFormats } from '../../../features/sizes/use-size-formats.ts';
import { SizePicker, type SizeRow, type SizeRowErrors, SizeRows } from './size-rows.tsx';

type Category = (typeof productCategories)[number];
type Form = ProductDetails & ConditionValues & { sizeFormat: string; retailPrice: string };

const emptyForm: Form = { ...newProductDetails, ...newConditionValues, sizeFormat: 'us-men', retailPrice: '' };
const topFields = [
  'title',
  'brand',
  'style_code',
  'colorway',
  'category',
  'size_format',
  'retail_price_cents',
  'condition',
  'grade',
  'condition_notes',
  'variants',
] as const;
type TopField = (typeof topFields)[number];
/** Where the API's messages about the new product land: the fields above, or each size's row. */
const messagePlaces = { fields: topFields, rows: ['variants'] };

/** Where a message about `variants.3.barcodes.0.code` belongs: size row 3, barcode box. */
const rowErrorsFrom = (fields: Record<string, string>, sizes: readonly string[]): Record<string, SizeRowErrors> =>
  rowMessages(fields, 'variants', sizes, { barcodes: 'barcode', price_cents: 'price', sku: 'sku' }, 'size');

/** products/create-custom: a product that is not in the catalog yet, with its sizes, SKUs and barcodes. */
export function CreateCustomProductPage() {
  const styles = useAccountFormStyles();
  const scope = useBusinessScope();
  const currency = scope?.currency ?? 'USD';
  const navigate = useNavigate();
  const toast = useAppToast();
  const create = useCreateProduct(scope);

  const [form, setForm] = useState<Form>(emptyForm);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [rows, setRows] = useState<Record<string, SizeRow>>({});
  const [messages, setMessages] = useState<FormMessages>(noMessages);

  const customFormats = useSizeFormats(scope).data?.custom;
  const format = useMemo(() => {
    const custom = customFormats?.find((option) => option.id === form.sizeFormat);
    return sizeRunOf(custom ?? { id: form.sizeFormat, name: form.sizeFormat, sizes: [] });
  }, [customFormats, form.sizeFormat]);
  // Run order, whatever order the chips were pressed in: the API answers by index into this.
  const sizes = format.sizes.filter((size) => selected.has(size));
  const skuFor = (size: string) => rows[size]?.skuOverride ?? generateSku(form.styleCode, form.title, size);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((prev) => ({ ...prev, [key]: value }));
  const errorFor = (field: TopField) => messages.fields[field];

  const toggle = (size: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(size)) next.delete(size);
      else next.add(size);
      return next;
    });

  const buildBody = (): { body: CreateProductBody; local: Record<string, string> } => {
    const read = fieldReader(currency);
    const retail = read.money('retail_price_cents', form.retailPrice);
    const variants = sizes.map((size, i) =>
      newSizeBody(
        read,
        `variants.${i}.`,
        { size, sku: skuFor(size), price: rows[size]?.price ?? '', barcode: rows[size]?.barcode ?? '' },
        retail,
      ),
    );
    const body: CreateProductBody = {
      ...detailsBody(form, undefined),
      size_format: form.sizeFormat,
      condition: form.condition,
      grade: form.condition === 'pre_owned' && form.grade !== '' ? form.grade : undefined,
      condition_notes: form.condition === 'new' ? undefined : typedText(form.conditionNotes, undefined),
      retail_price_cents: retail,
      variants,
    };
    return { body, local: read.problems };
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { body, local } = buildBody();
    const checked = createProductBodySchema.safeParse(body);
    const found = { ...(checked.success ? {} : issuesToFields(checked.error.issues)), ...local };
    if (sizes.length === 0) found.variants = 'Choose at least one size';
    setMessages(refusedBeforeSending(found));
    if (hasMessages(found)) return;
    create.mutate(body, {
      onSuccess: (product) => {
        toast({
          intent: 'success',
          title: 'Product created',
          body: `${product.title} with ${product.variants.length} ${product.variants.length === 1 ? 'size' : 'sizes'}.`,
          action: { label: 'Add stock', onClick: () => navigate(`/inventory/adjustments?product=${encodeURIComponent(product.id)}`) },
        });
        navigate('/products');
      },
      onError: (error) => setMessages(refusedBy(error, messagePlaces, 'The product could not be created.')),
    });
  };

  const rowErrors = rowErrorsFrom(messages.fields, sizes);

  return (
    <AppPage title="Create a product" description="For a product that is not in your catalog yet. Each size you pick becomes its own SKU.">
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="New product">
        <PageSection id="product-details" title="Details" icon={<BoxRegular />}>
          <div className={styles.grid}>
            <Field className={mergeClasses(styles.field, styles.full)} label="Title" required validationMessage={errorFor('title')}>
              <Input className={styles.input} value={form.title} onChange={(_, d) => set('title', d.value)} autoFocus />
            </Field>
            <Field className={styles.field} label="Brand" validationMessage={errorFor('brand')}>
              <Input className={styles.input} value={form.brand} onChange={(_, d) => set('brand', d.value)} />
            </Field>
            <Field
              className={styles.field}
              label="Style code"
              hint="The manufacturer's code, e.g. DZ5485-612. SKUs are built from it."
              validationMessage={errorFor('style_code')}
            >
              <Input className={styles.input} value={form.styleCode} spellCheck={false} onChange={(_, d) => set('styleCode', d.value)} />
            </Field>
            <Field className={styles.field} label="Colorway" validationMessage={errorFor('colorway')}>
              <Input className={styles.input} value={form.colorway} onChange={(_, d) => set('colorway', d.value)} />
            </Field>
            <Field className={styles.field} label="Category" validationMessage={errorFor('category')}>
              <Select value={form.category} onChange={(_, d) => set('category', d.value as Category)}>
                {productCategories.map((category) => (
                  <option key={category} value={category}>
                    {categoryLabels[category]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              className={styles.field}
              label={`Retail price (${currency})`}
              hint="Also the price of every size you leave blank."
              validationMessage={errorFor('retail_price_cents')}
            >
              <Input
                className={styles.input}
                inputMode="decimal"
                value={form.retailPrice}
                onChange={(_, d) => set('retailPrice', d.value)}
              />
            </Field>
            <Field className={styles.field} label="Condition" validationMessage={errorFor('condition')}>
              <Select value={form.condition} onChange={(_, d) => set('condition', d.value as ProductCondition)}>
                {productConditions.map((condition) => (
                  <option key={condition} value={condition}>
                    {conditionLabels[condition]}
                  </option>
                ))}
              </Select>
            </Field>
            {form.condition === 'pre_owned' ? (
              <Field className={styles.field} label="Grade" required validationMessage={errorFor('grade')}>
                <Select value={form.grade} onChange={(_, d) => set('grade', d.value as ProductGrade | '')}>
                  <option value="">Choose a grade</option>
                  {productGrades.map((grade) => (
                    <option key={grade} value={grade}>
                      {gradeLabels[grade]}
                    </option>
                  ))}
                </Select>
              </Field>
            ) : (
              <div className={styles.rowBreak} />
            )}
            {form.condition === 'new' ? null : (
              <Field
                className={mergeClasses(styles.field, styles.full)}
                label="Condition notes"
                hint="What a buyer should know: defects, wear, missing box or extras."
                validationMessage={errorFor('condition_notes')}
              >
                <Textarea value={form.conditionNotes} resize="vertical" onChange={(_, d) => set('conditionNotes', d.value)} />
              </Field>
            )}
          </div>
        </PageSection>

        <PageSection
          id="product-sizes"
          title="Sizes"
          icon={<RulerRegular />}
          description="Pick the size run, then the sizes you stock. Edit a SKU if yours differ; add a barcode to scan it later."
        >
          <div className={styles.grid}>
            <Field className={styles.field} label="Size format" validationMessage={errorFor('size_format')}>
              <Select
                value={form.sizeFormat}
                onChange={(_, d) => {
                  set('sizeFormat', d.value);
                  setSelected(new Set());
                }}
              >
                <optgroup label="Standard runs">
                  {SIZE_FORMATS.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.name}
                    </option>
                  ))}
                </optgroup>
                {customFormats !== undefined && customFormats.length > 0 ? (
                  <optgroup label="Your size formats">
                    {customFormats.map((option) => (
                      <option key={option.id} value={option.id}>
                        {option.name}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
              </Select>
            </Field>
          </div>
          <SizePicker
            format={format}
            selected={selected}
            onToggle={toggle}
            onSelectAll={() => setSelected(new Set(format.sizes))}
            onClear={() => setSelected(new Set())}
          />
          {errorFor('variants') === undefined ? null : (
            <MessageBar intent="error">
              <MessageBarBody>{errorFor('variants')}</MessageBarBody>
            </MessageBar>
          )}
          <SizeRows
            format={format}
            sizes={sizes}
            rows={rows}
            skuFor={skuFor}
            errors={rowErrors}
            currency={currency}
            onChange={(size, change) =>
              setRows((prev) => ({ ...prev, [size]: { skuOverride: undefined, barcode: '', price: '', ...prev[size], ...change } }))
            }
          />
        </PageSection>

        {messages.general === undefined ? null : (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{messages.general}</MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.actions}>
          <Button
            type="submit"
            appearance="primary"
            disabledFocusable={create.isPending}
            icon={create.isPending ? <Spinner size="tiny" /> : undefined}
          >
            {sizes.length === 0 ? 'Create product' : `Create product with ${sizes.length} ${sizes.length === 1 ? 'size' : 'sizes'}`}
          </Button>
          <ButtonLink to="/products" appearance="subtle">
            Cancel
          </ButtonLink>
        </div>
      </form>
    </AppPage>
  );
}
