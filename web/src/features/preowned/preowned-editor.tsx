import {
  Button,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Radio,
  RadioGroup,
  Select,
  Spinner,
  Textarea,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArchiveRegular, CopyRegular, DeleteRegular, DismissRegular } from '@fluentui/react-icons';
import { getSizeFormat, isSizeFormatId, SIZE_FORMATS } from '@tradepost/shared/domain/sizes/size-formats.ts';
import { type Product, type ProductCategory, productCategories } from '@tradepost/shared/schemas/catalog.ts';
import {
  type CreatePreownedBody,
  checkPreownedSize,
  createPreownedBodySchema,
  missingForPublish,
  type PreownedGrade,
  type PreownedItem,
  type PreownedSource,
  preownedGrades,
  preownedSources,
  publishRequirements,
  type UpdatePreownedBody,
  updatePreownedBodySchema,
} from '@tradepost/shared/schemas/preowned.ts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useAccountFormStyles } from '../account/use-account-form-styles.ts';
import { issuesToFields } from '../catalog/field-errors.ts';
import { formatMoney } from '../catalog/money.ts';
import {
  CHECK_FIELDS,
  type DetailsBody,
  detailsBody,
  detailsFrom,
  type FormMessages,
  fieldReader,
  hasMessages,
  moneyText,
  newProductDetails,
  noMessages,
  type ProductDetails,
  refusedBeforeSending,
  refusedBy,
} from '../catalog/product-form-model.ts';
import { categoryLabels } from '../catalog/product-labels.ts';
import { ProductPicker } from '../catalog/product-picker.tsx';
import { useLocations } from '../inventory/use-locations.ts';
import { ImageUploader, type UploadedImage } from '../media/image-uploader.tsx';
import { useAppToast } from '../notifications/use-app-toast.tsx';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { DeleteDraftDialog } from './delete-draft-dialog.tsx';
import { gradeDetails, missingText, sourceLabels, stateLabels } from './preowned-labels.ts';
import {
  useArchivePreowned,
  useCreatePreowned,
  useDeletePreowned,
  usePublishPreowned,
  useUpdatePreowned,
} from './use-preowned-mutations.ts';

type Form = ProductDetails & {
  sizeFormat: string;
  size: string;
  grade: PreownedGrade | '';
  notes: string;
  price: string;
  cost: string;
  locationId: string;
  acquiredVia: PreownedSource;
  sku: string;
  barcode: string;
};

const AMOUNT_HINT = 'Enter an amount such as 120 or 119.99';

/** Fields the API may name, so each message lands beside its input; every photo's goes to the uploader. */
const messagePlaces = {
  fields: [
    'title',
    'brand',
    'style_code',
    'colorway',
    'category',
    'size_format',
    'size',
    'grade',
    'condition_notes',
    'price_cents',
    'unit_cost_cents',
    'location_id',
    'acquired_via',
    'sku',
    'barcode',
  ],
  folded: { images: 'images' },
};

function formFrom(item: PreownedItem | null, currency: string, defaultLocation: string): Form {
  if (item === null) {
    return {
      ...newProductDetails,
      sizeFormat: 'us-men',
      size: '',
      grade: '',
      notes: '',
      price: '',
      cost: '',
      locationId: defaultLocation,
      acquiredVia: 'in_store_purchase',
      sku: '',
      barcode: '',
    };
  }
  return {
    ...detailsFrom(item),
    sizeFormat: item.size_format,
    size: item.size ?? '',
    grade: item.grade ?? '',
    notes: item.condition_notes ?? '',
    price: moneyText(item.price_cents, currency),
    cost: moneyText(item.unit_cost_cents, currency),
    locationId: item.location_id ?? defaultLocation,
    acquiredVia: item.acquired_via,
    sku: item.sku ?? '',
    barcode: item.barcode ?? '',
  };
}

const useStyles = makeStyles({
  header: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  body: { display: 'flex', flexDirection: 'column', gap: '24px', paddingTop: '16px', paddingBottom: '24px' },
  section: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  sectionTitle: { ...typographyStyles.subtitle2, margin: 0, color: tokens.colorNeutralForeground1 },
  sectionNote: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  copyRow: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  picker: {
    padding: '12px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  grades: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: '4px 12px',
    '@media (max-width: 640px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  gradeLabel: { display: 'flex', flexDirection: 'column', gap: '2px' },
  gradeName: { ...typographyStyles.body1Strong },
  gradeHint: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '8px',
    justifyContent: 'flex-end',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingTop: '12px',
  },
  footerStart: { marginRight: 'auto' },
  footerAlert: { flexBasis: '100%' },
});

type EditorProps = {
  scope: BusinessScope;
  /** null: a new item. */
  item: PreownedItem | null;
  onClose: () => void;
};

/** The drawer's content for one pre-owned item: details, size, condition, photos, price and stock. */
export function PreownedEditor({ scope, item, onClose }: EditorProps) {
  const styles = useStyles();
  const form$ = useAccountFormStyles();
  const toast = useAppToast();
  const ids = useId();
  const currency = scope.currency;
  const locations = useLocations(scope);
  const activeLocations = (locations.data ?? []).filter((location) => !location.archived || location.id === item?.location_id);
  const defaultLocation = activeLocations.find((location) => location.is_default)?.id ?? activeLocations[0]?.id ?? '';

  const [form, setForm] = useState<Form>(() => formFrom(item, currency, defaultLocation));
  const [images, setImages] = useState<UploadedImage[]>(() => item?.images ?? []);
  const [uploading, setUploading] = useState(false);
  const [messages, setMessages] = useState<FormMessages>(noMessages);
  const [picking, setPicking] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped on every refused save, so the first field with a message scrolls into view even if the messages did not change.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    first?.focus({ preventScroll: true });
  }, [refusals]);

  const create = useCreatePreowned(scope);
  const update = useUpdatePreowned(scope);
  const publish = usePublishPreowned(scope);
  const archive = useArchivePreowned(scope);
  const remove = useDeletePreowned(scope);
  const busy = create.isPending || update.isPending || publish.isPending || archive.isPending || remove.isPending;
  const [intent, setIntent] = useState<'draft' | 'publish' | null>(null);

  const isNew = item === null;
  const isDraft = item === null || item.state === 'draft';
  // Once published, cost, source and location are what the ledger recorded.
  const ledgerLocked = !isDraft;

  // The location list may arrive after the form opened: an unplaced draft takes the default location then.
  if (form.locationId === '' && defaultLocation !== '' && isDraft) setForm((prev) => ({ ...prev, locationId: defaultLocation }));

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((prev) => ({ ...prev, [key]: value }));
  const builtIn = isSizeFormatId(form.sizeFormat) ? getSizeFormat(form.sizeFormat) : null;
  const sizeListId = `${ids}-sizes`;

  const copyFrom = (product: Product) => {
    setForm((prev) => ({
      ...prev,
      ...detailsFrom(product),
      sizeFormat: product.size_format,
      size: prev.sizeFormat === product.size_format ? prev.size : '',
    }));
    setCopied(product.title);
    setPicking(false);
  };

  const buildBody = (): { body: UpdatePreownedBody & DetailsBody<null>; local: Record<string, string> } => {
    const read = fieldReader(currency, AMOUNT_HINT);
    const price = read.money('price_cents', form.price);
    const cost = read.money('unit_cost_cents', form.cost);
    if (form.size.trim() !== '') {
      const checked = checkPreownedSize(form.sizeFormat, form.size);
      if ('error' in checked) read.problems.size = checked.error;
    }
    const body: UpdatePreownedBody & DetailsBody<null> = {
      ...detailsBody(form, null),
      size_format: form.sizeFormat,
      size: form.size,
      grade: form.grade === '' ? null : form.grade,
      condition_notes: form.notes,
      images: images.map((image) => ({ media_id: image.media_id })),
      price_cents: price ?? null,
      sku: form.sku,
      barcode: form.barcode,
      ...(ledgerLocked
        ? {}
        : { unit_cost_cents: cost ?? null, location_id: form.locationId === '' ? null : form.locationId, acquired_via: form.acquiredVia }),
    };
    return { body, local: read.problems };
  };

  const showError = (error: unknown, fallback: string) => {
    setMessages(refusedBy(error, messagePlaces, fallback));
    setRefusals((n) => n + 1);
  };

  const finished = (saved: PreownedItem, published: boolean) => {
    if (published) {
      toast({
        intent: 'success',
        title: 'Published',
        body: `${saved.title} is in stock${saved.location_name === null ? '' : ` at ${saved.location_name}`}.`,
      });
    } else if (saved.state === 'draft') {
      toast({
        intent: 'success',
        title: 'Draft saved',
        body: saved.missing.length > 0 ? `${missingText(saved.missing)}. Finish it from Drafts.` : 'It is ready to publish.',
      });
    } else {
      toast({ intent: 'success', title: 'Changes saved', body: saved.title });
    }
    onClose();
  };

  const submit = (wantPublish: boolean) => {
    const { body, local } = buildBody();
    const checked = (isNew ? createPreownedBodySchema : updatePreownedBodySchema).safeParse(isNew ? { ...body, publish: false } : body);
    const found: Record<string, string> = { ...(checked.success ? {} : issuesToFields(checked.error.issues)), ...local };
    if (wantPublish || !isDraft) {
      const missing = new Set(
        missingForPublish({
          title: form.title,
          size: form.size,
          grade: body.grade,
          price_cents: body.price_cents,
          unit_cost_cents: ledgerLocked ? item?.unit_cost_cents : body.unit_cost_cents,
          location_id: ledgerLocked ? item?.location_id : body.location_id,
        }),
      );
      for (const { field, message } of publishRequirements) if (missing.has(field)) found[field] ??= message;
    }
    setMessages(
      refusedBeforeSending(found, wantPublish ? 'Fill in the highlighted fields to publish, or save it as a draft.' : CHECK_FIELDS),
    );
    if (hasMessages(found)) {
      setRefusals((n) => n + 1);
      return;
    }
    setIntent(wantPublish ? 'publish' : 'draft');

    if (item === null) {
      const createBody: CreatePreownedBody = { ...body, publish: wantPublish };
      create.mutate(createBody, {
        onSuccess: (saved) => finished(saved, wantPublish),
        onError: (error) => showError(error, 'The item could not be saved.'),
      });
      return;
    }
    update.mutate(
      { productId: item.id, body },
      {
        onSuccess: (saved) => {
          if (!wantPublish) {
            finished(saved, false);
            return;
          }
          publish.mutate(item.id, {
            onSuccess: (live) => finished(live, true),
            onError: (error) => showError(error, 'Your changes are saved, but the item could not be published.'),
          });
        },
        onError: (error) => showError(error, 'The item could not be saved.'),
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter in a field saves; on a draft that keeps it a draft, on a live item it saves the changes.
    submit(false);
  };

  const errorFor = (field: string) => messages.fields[field];
  const formId = `${ids}-form`;
  const heading = isNew ? 'New pre-owned item' : isDraft ? 'Finish draft' : item.title;
  const spinnerFor = (active: boolean) => (active && busy ? <Spinner size="tiny" /> : undefined);

  return (
    <>
      <DrawerHeader className={styles.header}>
        <DrawerHeaderTitle
          action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} disabled={busy} />}
        >
          {heading}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <form ref={formRef} id={formId} className={styles.body} onSubmit={onSubmit} noValidate aria-label={heading}>
          {ledgerLocked && item !== null ? (
            <MessageBar intent="info">
              <MessageBarBody>
                {stateLabels[item.state]}
                {item.location_name === null ? '' : ` · ${item.location_name}`}
                {item.unit_cost_cents === null ? '' : ` · cost ${formatMoney(item.unit_cost_cents, currency)}`}. Cost, source and location
                were posted to the stock ledger when it was published; move it with a transfer or take it out with an adjustment.
              </MessageBarBody>
            </MessageBar>
          ) : null}

          <section className={styles.section} aria-labelledby={`${ids}-details`}>
            <h3 id={`${ids}-details`} className={styles.sectionTitle}>
              Details
            </h3>
            {isDraft ? (
              <div className={styles.copyRow}>
                <Button icon={<CopyRegular />} onClick={() => setPicking((open) => !open)} aria-expanded={picking}>
                  {picking ? 'Close catalog search' : 'Copy details from your catalog'}
                </Button>
                {copied === null ? null : <span className={styles.sectionNote}>Copied from {copied}.</span>}
              </div>
            ) : null}
            {picking ? (
              <div className={styles.picker}>
                <ProductPicker
                  scope={scope}
                  onPick={copyFrom}
                  pickLabel="Copy"
                  label="Find the product in your catalog"
                  hint="Title, style code, SKU or barcode. Its title, brand, style code and colorway are copied."
                  autoFocus
                  pickSingleOnEnter={false}
                />
              </div>
            ) : null}
            <div className={form$.grid}>
              <Field className={`${form$.field} ${form$.full}`} label="Title" required validationMessage={errorFor('title')}>
                <Input className={form$.input} value={form.title} onChange={(_, d) => set('title', d.value)} autoFocus={isNew} />
              </Field>
              <Field className={form$.field} label="Brand" validationMessage={errorFor('brand')}>
                <Input className={form$.input} value={form.brand} onChange={(_, d) => set('brand', d.value)} />
              </Field>
              <Field className={form$.field} label="Style code" validationMessage={errorFor('style_code')}>
                <Input className={form$.input} value={form.styleCode} spellCheck={false} onChange={(_, d) => set('styleCode', d.value)} />
              </Field>
              <Field className={form$.field} label="Colorway" validationMessage={errorFor('colorway')}>
                <Input className={form$.input} value={form.colorway} onChange={(_, d) => set('colorway', d.value)} />
              </Field>
              <Field className={form$.field} label="Category" validationMessage={errorFor('category')}>
                <Select value={form.category} onChange={(_, d) => set('category', d.value as ProductCategory)}>
                  {productCategories.map((category) => (
                    <option key={category} value={category}>
                      {categoryLabels[category]}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field className={form$.field} label="Size format" validationMessage={errorFor('size_format')}>
                <Select value={form.sizeFormat} onChange={(_, d) => set('sizeFormat', d.value)}>
                  {SIZE_FORMATS.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.name}
                    </option>
                  ))}
                  {builtIn === null ? <option value={form.sizeFormat}>{form.sizeFormat}</option> : null}
                </Select>
              </Field>
              <Field
                className={form$.field}
                label="Size"
                hint={
                  builtIn === null
                    ? 'As written on the tag.'
                    : `In ${builtIn.name} sizes, e.g. ${builtIn.values[Math.floor(builtIn.values.length / 2)] ?? ''}.`
                }
                validationMessage={errorFor('size')}
              >
                <Input
                  className={form$.input}
                  value={form.size}
                  list={builtIn === null ? undefined : sizeListId}
                  autoComplete="off"
                  onChange={(_, d) => set('size', d.value)}
                />
              </Field>
              {builtIn === null ? null : (
                <datalist id={sizeListId}>
                  {builtIn.values.map((value) => (
                    <option key={value} value={value} />
                  ))}
                </datalist>
              )}
            </div>
          </section>

          <section className={styles.section} aria-labelledby={`${ids}-condition`}>
            <h3 id={`${ids}-condition`} className={styles.sectionTitle}>
              Condition
            </h3>
            <Field label="Grade" validationMessage={errorFor('grade')}>
              <RadioGroup className={styles.grades} value={form.grade} onChange={(_, d) => set('grade', d.value as PreownedGrade)}>
                {preownedGrades.map((grade) => (
                  <Radio
                    key={grade}
                    value={grade}
                    label={
                      <span className={styles.gradeLabel}>
                        <span className={styles.gradeName}>{gradeDetails[grade].label}</span>
                        <span className={styles.gradeHint}>{gradeDetails[grade].description}</span>
                      </span>
                    }
                  />
                ))}
              </RadioGroup>
            </Field>
            <Field
              label="Condition notes"
              hint="Flaws a buyer should know: creases, scuffs, missing box or laces."
              validationMessage={errorFor('condition_notes')}
            >
              <Textarea value={form.notes} resize="vertical" rows={3} onChange={(_, d) => set('notes', d.value)} />
            </Field>
          </section>

          <section className={styles.section} aria-labelledby={`${ids}-photos`}>
            <h3 id={`${ids}-photos`} className={styles.sectionTitle}>
              Photos
            </h3>
            <ImageUploader
              scope={scope}
              value={images}
              onChange={setImages}
              onBusyChange={setUploading}
              validationMessage={errorFor('images')}
              subject={form.title.trim() || 'Item'}
              labelHidden
              hint="Every angle and every flaw. The first photo is the cover; drag or use the arrows to reorder."
            />
          </section>

          <section className={styles.section} aria-labelledby={`${ids}-stock`}>
            <h3 id={`${ids}-stock`} className={styles.sectionTitle}>
              Price and stock
            </h3>
            <div className={form$.grid}>
              <Field className={form$.field} label={`Price (${currency})`} validationMessage={errorFor('price_cents')}>
                <Input className={form$.input} inputMode="decimal" value={form.price} onChange={(_, d) => set('price', d.value)} />
              </Field>
              <Field
                className={form$.field}
                label={`Cost (${currency})`}
                hint="What you paid or allowed in trade; it becomes the unit's cost for profit."
                validationMessage={errorFor('unit_cost_cents')}
              >
                <Input
                  className={form$.input}
                  inputMode="decimal"
                  value={form.cost}
                  disabled={ledgerLocked}
                  onChange={(_, d) => set('cost', d.value)}
                />
              </Field>
              <Field className={form$.field} label="Location" validationMessage={errorFor('location_id')}>
                <Select value={form.locationId} disabled={ledgerLocked} onChange={(_, d) => set('locationId', d.value)}>
                  {form.locationId === '' ? <option value="">Choose a location</option> : null}
                  {activeLocations.map((location) => (
                    <option key={location.id} value={location.id}>
                      {location.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field className={form$.field} label="How you got it" validationMessage={errorFor('acquired_via')}>
                <Select value={form.acquiredVia} disabled={ledgerLocked} onChange={(_, d) => set('acquiredVia', d.value as PreownedSource)}>
                  {preownedSources.map((source) => (
                    <option key={source} value={source}>
                      {sourceLabels[source]}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                className={form$.field}
                label="SKU"
                hint="Left blank, the item gets its own (PO-…)."
                validationMessage={errorFor('sku')}
              >
                <Input className={form$.input} value={form.sku} spellCheck={false} onChange={(_, d) => set('sku', d.value)} />
              </Field>
              <Field
                className={form$.field}
                label="Barcode"
                hint="Optional: a label you scan at the counter."
                validationMessage={errorFor('barcode')}
              >
                <Input className={form$.input} value={form.barcode} spellCheck={false} onChange={(_, d) => set('barcode', d.value)} />
              </Field>
            </div>
          </section>
        </form>
      </DrawerBody>
      <DrawerFooter className={styles.footer}>
        {messages.general === undefined ? null : (
          <div className={styles.footerAlert} role="alert">
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>{messages.general}</MessageBarBody>
            </MessageBar>
          </div>
        )}
        {item !== null && isDraft ? (
          <Button
            className={styles.footerStart}
            appearance="subtle"
            icon={<DeleteRegular />}
            disabled={busy}
            onClick={() => setConfirmDelete(true)}
          >
            Delete draft
          </Button>
        ) : null}
        {item !== null && item.state === 'sold' ? (
          <Button
            className={styles.footerStart}
            appearance="subtle"
            icon={<ArchiveRegular />}
            disabledFocusable={busy}
            onClick={() =>
              archive.mutate(item.id, {
                onSuccess: () => {
                  toast({ intent: 'success', title: 'Archived', body: `${item.title} is put away with its history.` });
                  onClose();
                },
                onError: (error) => showError(error, 'The item could not be archived.'),
              })
            }
          >
            Archive
          </Button>
        ) : null}
        <Button appearance="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        {isDraft ? (
          <>
            <Button
              appearance="secondary"
              disabledFocusable={busy || uploading}
              icon={spinnerFor(intent === 'draft')}
              onClick={() => submit(false)}
            >
              {uploading ? 'Waiting for photos…' : 'Save draft'}
            </Button>
            <Button
              appearance="primary"
              disabledFocusable={busy || uploading}
              icon={spinnerFor(intent === 'publish')}
              onClick={() => submit(true)}
            >
              Publish
            </Button>
          </>
        ) : (
          <Button appearance="primary" type="submit" form={formId} disabledFocusable={busy || uploading} icon={spinnerFor(true)}>
            {uploading ? 'Waiting for photos…' : 'Save changes'}
          </Button>
        )}
      </DrawerFooter>
      {item === null ? null : (
        <DeleteDraftDialog
          item={confirmDelete ? item : null}
          pending={remove.isPending}
          onDismiss={() => setConfirmDelete(false)}
          onConfirm={(draft) =>
            remove.mutate(draft.id, {
              onSuccess: () => {
                toast({ intent: 'success', title: 'Draft deleted', body: draft.title });
                setConfirmDelete(false);
                onClose();
              },
              onError: (error) => {
                setConfirmDelete(false);
                showError(error, 'The draft could not be deleted.');
              },
            })
          }
        />
      )}
    </>
  );
}
