import {
  Badge,
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  Select,
  Spinner,
  Textarea,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { BoxRegular, ImageMultipleRegular, RulerRegular, SaveRegular, ShieldCheckmarkRegular } from '@fluentui/react-icons';
import { toApiError } from '@tradepost/shared/client/api-error.ts';
import {
  type Product,
  type ProductCondition,
  type ProductGrade,
  productCategories,
  productConditions,
  productGrades,
  type Variant,
} from '@tradepost/shared/schemas/catalog.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { type FormEvent, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAccountFormStyles } from '../../../features/account/use-account-form-styles.ts';
import {
  CHECK_FIELDS,
  type FormMessages,
  hasMessages,
  noMessages,
  refusedBeforeSending,
  refusedBy,
} from '../../../features/catalog/product-form-model.ts';
import { categoryLabels, conditionLabels, conditionText, gradeLabels, statusLabels } from '../../../features/catalog/product-labels.ts';
import { sizeRunOf } from '../../../features/catalog/size-run.ts';
import { UnsavedChangesGuard } from '../../../features/catalog/unsaved-changes.tsx';
import { useUpdateProduct } from '../../../features/catalog/use-product-mutations.ts';
import { useProduct, useProductSizeRun } from '../../../features/catalog/use-products.ts';
import { PrintLabelsButton } from '../../../features/catalog-io/print-labels-button.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ImageUploader } from '../../../features/media/image-uploader.tsx';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { type BusinessScope, useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { AddSize } from './add-size.tsx';
import { ChannelSettingsSection } from './channel-settings-section.tsx';
import {
  configureFormFrom,
  type DetailsForm,
  type ImageChoice,
  planUpdate,
  rowErrorsFrom,
  type SizeEdit,
  sizeEditFrom,
} from './configure-form.ts';
import { LifecycleSection } from './lifecycle-section.tsx';
import { SizesTable } from './sizes-table.tsx';

const useStyles = makeStyles({
  headerActions: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  badges: { display: 'inline-flex', gap: '6px', marginLeft: '8px', verticalAlign: 'middle' },
  sizeTools: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  saveBar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '8px 16px',
    padding: '12px 16px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  /** Only while there is something to save does the bar follow the scroll. */
  saveBarSticky: { position: 'sticky', bottom: 0, zIndex: 2, boxShadow: tokens.shadow16 },
  saveText: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  saveActions: { display: 'flex', gap: '8px' },
  centered: { display: 'grid', placeItems: 'center', padding: '64px 16px' },
});

const topFields = [
  'title',
  'brand',
  'style_code',
  'colorway',
  'category',
  'retail_price_cents',
  'release_date',
  'tags',
  'description',
  'condition',
  'grade',
  'condition_notes',
] as const;
type TopField = (typeof topFields)[number];
/** Where the API's messages about a save land: the fields above, each size's row, the photos. */
const messagePlaces = { fields: topFields, rows: ['variants'], folded: { images: 'images' } };

const sameEdit = (a: SizeEdit, b: SizeEdit) => a.sku.trim() === b.sku && a.price.trim() === b.price && a.weight.trim() === b.weight;

function ConfigureForm({ scope, product }: { scope: BusinessScope | undefined; product: Product }) {
  const styles = useStyles();
  const form$ = useAccountFormStyles();
  const toast = useAppToast();
  const currency = scope?.currency ?? 'USD';
  const update = useUpdateProduct(scope, product.id);
  const sizeRun = useProductSizeRun(scope, product.id);
  const run = sizeRunOf({ id: product.size_format, name: sizeRun.data?.name ?? product.size_format, sizes: sizeRun.data?.sizes ?? [] });

  const [form, setForm] = useState<DetailsForm>(() => configureFormFrom(product, currency));
  const [edits, setEdits] = useState<Record<string, SizeEdit>>({});
  const [images, setImages] = useState<ImageChoice[]>(() => product.images);
  const [uploading, setUploading] = useState(false);
  const [messages, setMessages] = useState<FormMessages>(noMessages);
  const [variantOrder, setVariantOrder] = useState<string[]>([]);

  const plan = useMemo(() => planUpdate(product, form, edits, images, currency), [product, form, edits, images, currency]);
  const dirty = plan.changed;
  const set = <K extends keyof DetailsForm>(key: K, value: DetailsForm[K]) => setForm((prev) => ({ ...prev, [key]: value }));
  const errorFor = (field: TopField) => messages.fields[field];
  const values = (variant: Variant) => edits[variant.id] ?? sizeEditFrom(variant, currency);
  const rowErrors = rowErrorsFrom(messages.fields, variantOrder);

  const reset = (saved: Product) => {
    setForm(configureFormFrom(saved, currency));
    setEdits({});
    setImages(saved.images);
    setMessages(noMessages);
  };

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    setVariantOrder(plan.variantOrder);
    setMessages(refusedBeforeSending(plan.local, CHECK_FIELDS));
    if (hasMessages(plan.local) || !plan.changed) return;
    update.mutate(plan.body, {
      onSuccess: (saved) => {
        reset(saved);
        toast({ intent: 'success', title: 'Changes saved', body: saved.title });
      },
      onError: (failure) => setMessages(refusedBy(failure, messagePlaces, 'The changes could not be saved.')),
    });
  };

  const condition = conditionText(product.condition, product.grade);

  return (
    <AppPage
      title={product.title}
      wide
      description={
        <>
          {[product.style_code, product.brand, product.colorway].filter(Boolean).join(' · ') || categoryLabels[product.category]}
          <span className={styles.badges}>
            <Badge appearance="tint" color={product.status === 'active' ? 'success' : product.status === 'draft' ? 'warning' : 'subtle'}>
              {statusLabels[product.status]}
            </Badge>
            {condition === null ? null : (
              <Badge appearance="tint" color="informative">
                {condition}
              </Badge>
            )}
          </span>
        </>
      }
      actions={
        <div className={styles.headerActions}>
          <ButtonLink to={`/inventory/adjustments?product=${encodeURIComponent(product.id)}`}>Add stock</ButtonLink>
          <ButtonLink to="/products" appearance="subtle">
            All products
          </ButtonLink>
        </div>
      }
    >
      <UnsavedChangesGuard dirty={dirty} what="product changes" />
      {product.status === 'archived' ? (
        <MessageBar intent="info">
          <MessageBarBody>
            This product is archived: it is hidden from your active catalog and pickers. Restore it under “Archive or delete” below.
          </MessageBarBody>
        </MessageBar>
      ) : null}

      <form className={form$.form} onSubmit={save} noValidate aria-label="Configure product">
        <PageSection id="configure-details" title="Details" icon={<BoxRegular />}>
          <div className={form$.grid}>
            <Field className={mergeClasses(form$.field, form$.full)} label="Title" required validationMessage={errorFor('title')}>
              <Input className={form$.input} value={form.title} onChange={(_, d) => set('title', d.value)} />
            </Field>
            <Field className={form$.field} label="Brand" validationMessage={errorFor('brand')}>
              <Input className={form$.input} value={form.brand} onChange={(_, d) => set('brand', d.value)} />
            </Field>
            <Field
              className={form$.field}
              label="Style code"
              hint="The manufacturer's code, e.g. DZ5485-612."
              validationMessage={errorFor('style_code')}
            >
              <Input className={form$.input} value={form.styleCode} spellCheck={false} onChange={(_, d) => set('styleCode', d.value)} />
            </Field>
            <Field className={form$.field} label="Colorway" validationMessage={errorFor('colorway')}>
              <Input className={form$.input} value={form.colorway} onChange={(_, d) => set('colorway', d.value)} />
            </Field>
            <Field className={form$.field} label="Category" validationMessage={errorFor('category')}>
              <Select value={form.category} onChange={(_, d) => set('category', d.value as DetailsForm['category'])}>
                {productCategories.map((category) => (
                  <option key={category} value={category}>
                    {categoryLabels[category]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              className={form$.field}
              label={`Retail price (${currency})`}
              hint="The price of every size without its own."
              validationMessage={errorFor('retail_price_cents')}
            >
              <Input
                className={form$.input}
                inputMode="decimal"
                value={form.retailPrice}
                onChange={(_, d) => set('retailPrice', d.value)}
              />
            </Field>
            <Field className={form$.field} label="Release date" validationMessage={errorFor('release_date')}>
              <Input className={form$.input} type="date" value={form.releaseDate} onChange={(_, d) => set('releaseDate', d.value)} />
            </Field>
            <Field
              className={mergeClasses(form$.field, form$.full)}
              label="Tags"
              hint="Separate tags with commas."
              validationMessage={errorFor('tags')}
            >
              <Input className={form$.input} value={form.tags} onChange={(_, d) => set('tags', d.value)} />
            </Field>
            <Field className={mergeClasses(form$.field, form$.full)} label="Description" validationMessage={errorFor('description')}>
              <Textarea
                className={form$.input}
                resize="vertical"
                rows={3}
                value={form.description}
                onChange={(_, d) => set('description', d.value)}
              />
            </Field>
          </div>
        </PageSection>

        <PageSection
          id="configure-condition"
          title="Condition"
          icon={<ShieldCheckmarkRegular />}
          description="New, new with defects, or pre-owned with a grade. Notes tell a buyer what to expect."
        >
          <div className={form$.grid}>
            <Field className={form$.field} label="Condition" validationMessage={errorFor('condition')}>
              <Select value={form.condition} onChange={(_, d) => set('condition', d.value as ProductCondition)}>
                {productConditions.map((value) => (
                  <option key={value} value={value}>
                    {conditionLabels[value]}
                  </option>
                ))}
              </Select>
            </Field>
            {form.condition === 'pre_owned' ? (
              <Field className={form$.field} label="Grade" required validationMessage={errorFor('grade')}>
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
              <Field className={form$.field} label="Grade" validationMessage={errorFor('grade')} hint="Grades apply to pre-owned items.">
                <Select value="" disabled>
                  <option value="">Not graded</option>
                </Select>
              </Field>
            )}
            <Field
              className={mergeClasses(form$.field, form$.full)}
              label="Condition notes"
              hint="Defects, wear, missing box or extras."
              validationMessage={errorFor('condition_notes')}
            >
              <Textarea
                className={form$.input}
                resize="vertical"
                rows={2}
                value={form.conditionNotes}
                onChange={(_, d) => set('conditionNotes', d.value)}
              />
            </Field>
          </div>
        </PageSection>

        <PageSection id="configure-photos" title="Photos" icon={<ImageMultipleRegular />}>
          <ImageUploader
            scope={scope}
            value={images}
            onChange={(next) => setImages(next.map((image) => ({ media_id: image.media_id, url: image.url })))}
            validationMessage={messages.fields.images}
            onBusyChange={setUploading}
            subject={product.title}
            labelHidden
          />
        </PageSection>

        <PageSection
          id="configure-sizes"
          title="Sizes"
          icon={<RulerRegular />}
          description={`${sizeRun.data === undefined ? 'Each size' : `${run.name} size run`}: SKU, price and weight are saved with the page; barcodes, new sizes and removals take effect at once.`}
        >
          <div className={styles.sizeTools}>
            <PrintLabelsButton variantIds={product.variants.map((variant) => variant.id)} />
          </div>
          <SizesTable
            scope={scope}
            product={product}
            run={run}
            currency={currency}
            values={values}
            errors={rowErrors}
            onEdit={(variant, change) =>
              setEdits((prev) => {
                const next = { ...(prev[variant.id] ?? sizeEditFrom(variant, currency)), ...change };
                const rest = { ...prev };
                delete rest[variant.id];
                return sameEdit(next, sizeEditFrom(variant, currency)) ? rest : { ...rest, [variant.id]: next };
              })
            }
            onRemoved={(variantId) =>
              setEdits((prev) => {
                const rest = { ...prev };
                delete rest[variantId];
                return rest;
              })
            }
          />
          {sizeRun.isPending ? (
            <Spinner size="tiny" label="Loading the size run…" />
          ) : (
            <AddSize scope={scope} product={product} run={run} currency={currency} />
          )}
        </PageSection>

        <section className={mergeClasses(styles.saveBar, dirty && styles.saveBarSticky)} aria-label="Save changes">
          <p className={styles.saveText} aria-live="polite">
            {messages.general ?? (dirty ? 'You have unsaved changes.' : 'All changes saved.')}
          </p>
          <div className={styles.saveActions}>
            <Button disabled={!dirty || update.isPending} onClick={() => reset(product)}>
              Discard
            </Button>
            <Button
              type="submit"
              appearance="primary"
              icon={update.isPending ? <Spinner size="tiny" /> : <SaveRegular />}
              disabled={!dirty && !update.isPending}
              disabledFocusable={update.isPending || uploading}
            >
              {uploading ? 'Waiting for photos…' : 'Save changes'}
            </Button>
          </div>
        </section>
      </form>

      <ChannelSettingsSection scope={scope} product={product} currency={currency} />

      <LifecycleSection scope={scope} product={product} dirty={dirty} />
    </AppPage>
  );
}

/** products/{id}/configure: details, condition, photos, sizes and barcodes, labels, channels, archive or delete. */
export function ConfigureProductPage() {
  const styles = useStyles();
  const { productId = '' } = useParams();
  const scope = useBusinessScope();
  const product = useProduct(scope, productId);

  if (product.data !== undefined) return <ConfigureForm key={product.data.id} scope={scope} product={product.data} />;
  if (product.isError && toApiError(product.error)?.status !== 404) {
    return (
      <AppPage title="Configure product">
        <LoadFailed subject="The product" onRetry={() => void product.refetch()} retrying={product.isFetching} />
      </AppPage>
    );
  }
  if (product.isError) {
    return (
      <AppPage title="Product not found">
        <PageSection
          id="configure-missing"
          icon={<BoxRegular />}
          title="This product is not in your catalog"
          description="It may have been deleted, or the link belongs to another business. Find the product in your catalog instead."
        >
          <div>
            <ButtonLink to="/products" appearance="primary">
              Go to products
            </ButtonLink>
          </div>
        </PageSection>
      </AppPage>
    );
  }
  return (
    <AppPage title="Configure product">
      <div className={styles.centered}>
        <Spinner label="Loading the product…" />
      </div>
    </AppPage>
  );
}
