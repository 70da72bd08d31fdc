import type { Product, UpdateProductBody, Variant } from '@tradepost/shared/schemas/catalog.ts';
import {
  type ConditionValues,
  changedDetails,
  detailsFrom,
  fieldReader,
  moneyText,
  type ProductDetails,
  rowMessages,
  typedText,
} from '../../../features/catalog/product-form-model.ts';

/** The configure screen's details, as typed (text until saved). */
export type DetailsForm = ProductDetails &
  ConditionValues & {
    retailPrice: string;
    releaseDate: string;
    tags: string;
    description: string;
  };

/** One size's editable values, as typed. */
export type SizeEdit = { sku: string; price: string; weight: string };

export type ImageChoice = { media_id: string; url: string };

export function configureFormFrom(product: Product, currency: string): DetailsForm {
  return {
    ...detailsFrom(product),
    retailPrice: moneyText(product.retail_price_cents, currency),
    releaseDate: product.release_date ?? '',
    tags: product.tags.join(', '),
    description: product.description ?? '',
    condition: product.condition,
    grade: product.grade ?? '',
    conditionNotes: product.condition_notes ?? '',
  };
}

export function sizeEditFrom(variant: Variant, currency: string): SizeEdit {
  return {
    sku: variant.sku,
    price: moneyText(variant.price_cents, currency),
    weight: variant.weight_grams === null ? '' : String(variant.weight_grams),
  };
}

const tagList = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
  ),
];
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i]);

export type UpdatePlan = {
  body: UpdateProductBody;
  /** Problems found before sending, keyed like the API's field paths. */
  local: Record<string, string>;
  /** The variant id behind each `variants.<i>` of the body, to put the API's messages on the right row. */
  variantOrder: string[];
  changed: boolean;
};

/**
 * The PATCH for what differs from the saved product, and nothing else: unchanged fields are left
 * out, so a save never re-checks what the user did not touch.
 */
export function planUpdate(
  product: Product,
  form: DetailsForm,
  edits: Readonly<Record<string, SizeEdit>>,
  images: readonly ImageChoice[],
  currency: string,
): UpdatePlan {
  const saved = configureFormFrom(product, currency);
  const read = fieldReader(currency);
  const body: UpdateProductBody = changedDetails(form, saved);

  if (form.retailPrice.trim() !== saved.retailPrice) body.retail_price_cents = read.money('retail_price_cents', form.retailPrice) ?? null;
  if (form.releaseDate !== saved.releaseDate) body.release_date = form.releaseDate === '' ? null : form.releaseDate;
  if (!sameList(tagList(form.tags), product.tags)) body.tags = tagList(form.tags);
  if (form.description.trim() !== saved.description.trim()) body.description = typedText(form.description, null);
  if (form.condition !== saved.condition) body.condition = form.condition;
  // Leaving pre-owned drops the grade on the server; only a grade chosen for a pre-owned item is sent.
  if (form.condition === 'pre_owned' && form.grade !== saved.grade) body.grade = form.grade === '' ? null : form.grade;
  if (form.conditionNotes.trim() !== saved.conditionNotes) body.condition_notes = typedText(form.conditionNotes, null);
  if (
    !sameList(
      images.map((image) => image.media_id),
      product.images.map((image) => image.media_id),
    )
  )
    body.images = images.map((image) => ({ media_id: image.media_id }));

  const variantOrder: string[] = [];
  const variants: NonNullable<UpdateProductBody['variants']> = [];
  for (const variant of product.variants) {
    const edit = edits[variant.id];
    if (edit === undefined) continue;
    const was = sizeEditFrom(variant, currency);
    const change: NonNullable<UpdateProductBody['variants']>[number] = { id: variant.id };
    const i = variants.length;
    if (edit.sku.trim() !== was.sku) change.sku = edit.sku.trim();
    if (edit.price.trim() !== was.price) change.price_cents = read.money(`variants.${i}.price_cents`, edit.price) ?? null;
    if (edit.weight.trim() !== was.weight) change.weight_grams = read.grams(`variants.${i}.weight_grams`, edit.weight) ?? null;
    if (Object.keys(change).length > 1) {
      variants.push(change);
      variantOrder.push(variant.id);
    }
  }
  if (variants.length > 0) body.variants = variants;
  const local = read.problems;
  return { body, local, variantOrder, changed: Object.keys(body).length > 0 || Object.keys(local).length > 0 };
}

export type RowErrors = { sku?: string; price?: string; weight?: string };

/** Messages about `variants.<i>.<field>` placed on the row of the variant that was i-th in the request. */
export const rowErrorsFrom = (fields: Readonly<Record<string, string>>, variantOrder: readonly string[]): Record<string, RowErrors> =>
  rowMessages(fields, 'variants', variantOrder, { sku: 'sku', price_cents: 'price', weight_grams: 'weight' });
