import type {
  Product,
  ProductCategory,
  ProductCondition,
  ProductGrade,
  UpdateProductBody,
  Variant,
} from '@tradepost/shared/schemas/catalog.ts';
import { moneyInputText, parseMoney } from '../../../features/catalog/money.ts';

/** The configure screen's details, as typed (text until saved). */
export type DetailsForm = {
  title: string;
  brand: string;
  styleCode: string;
  colorway: string;
  category: ProductCategory;
  retailPrice: string;
  releaseDate: string;
  tags: string;
  description: string;
  condition: ProductCondition;
  grade: ProductGrade | '';
  conditionNotes: string;
};

/** One size's editable values, as typed. */
export type SizeEdit = { sku: string; price: string; weight: string };

export type ImageChoice = { media_id: string; url: string };

const money = (cents: number | null, currency: string) => (cents === null ? '' : moneyInputText(cents, currency));

export function detailsFrom(product: Product, currency: string): DetailsForm {
  return {
    title: product.title,
    brand: product.brand ?? '',
    styleCode: product.style_code ?? '',
    colorway: product.colorway ?? '',
    category: product.category,
    retailPrice: money(product.retail_price_cents, currency),
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
    price: money(variant.price_cents, currency),
    weight: variant.weight_grams === null ? '' : String(variant.weight_grams),
  };
}

const MONEY_MESSAGE = 'Enter an amount such as 180 or 179.99';
const WEIGHT_MESSAGE = 'Enter whole grams, such as 1200';

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
  const saved = detailsFrom(product, currency);
  const body: UpdateProductBody = {};
  const local: Record<string, string> = {};
  const text = (value: string) => (value.trim() === '' ? null : value.trim());

  if (form.title.trim() !== saved.title) body.title = form.title.trim();
  if (form.brand.trim() !== saved.brand) body.brand = text(form.brand);
  if (form.styleCode.trim() !== saved.styleCode) body.style_code = text(form.styleCode);
  if (form.colorway.trim() !== saved.colorway) body.colorway = text(form.colorway);
  if (form.category !== saved.category) body.category = form.category;
  if (form.retailPrice.trim() !== saved.retailPrice) {
    const cents = parseMoney(form.retailPrice, currency);
    if (cents === null) local.retail_price_cents = MONEY_MESSAGE;
    else body.retail_price_cents = cents ?? null;
  }
  if (form.releaseDate !== saved.releaseDate) body.release_date = form.releaseDate === '' ? null : form.releaseDate;
  if (!sameList(tagList(form.tags), product.tags)) body.tags = tagList(form.tags);
  if (form.description.trim() !== saved.description.trim()) body.description = text(form.description);
  if (form.condition !== saved.condition) body.condition = form.condition;
  // Leaving pre-owned drops the grade on the server; only a grade chosen for a pre-owned item is sent.
  if (form.condition === 'pre_owned' && form.grade !== saved.grade) body.grade = form.grade === '' ? null : form.grade;
  if (form.conditionNotes.trim() !== saved.conditionNotes) body.condition_notes = text(form.conditionNotes);
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
    if (edit.price.trim() !== was.price) {
      const cents = parseMoney(edit.price, currency);
      if (cents === null) local[`variants.${i}.price_cents`] = MONEY_MESSAGE;
      else change.price_cents = cents ?? null;
    }
    if (edit.weight.trim() !== was.weight) {
      const grams = edit.weight.trim() === '' ? null : Number(edit.weight.trim());
      if (grams !== null && !(Number.isInteger(grams) && grams >= 0)) local[`variants.${i}.weight_grams`] = WEIGHT_MESSAGE;
      else change.weight_grams = grams;
    }
    if (Object.keys(change).length > 1 || local[`variants.${i}.price_cents`] || local[`variants.${i}.weight_grams`]) {
      variants.push(change);
      variantOrder.push(variant.id);
    }
  }
  if (variants.length > 0) body.variants = variants;
  return { body, local, variantOrder, changed: Object.keys(body).length > 0 || Object.keys(local).length > 0 };
}

export type RowErrors = { sku?: string; price?: string; weight?: string };

/** Messages about `variants.<i>.<field>` placed on the row of the variant that was i-th in the request. */
export function rowErrorsFrom(fields: Readonly<Record<string, string>>, variantOrder: readonly string[]): Record<string, RowErrors> {
  const rows: Record<string, RowErrors> = {};
  for (const [path, message] of Object.entries(fields)) {
    const match = /^variants\.(\d+)\.(\w+)/.exec(path);
    const id = match === null ? undefined : variantOrder[Number(match[1])];
    if (match === null || id === undefined) continue;
    const key = match[2] === 'price_cents' ? 'price' : match[2] === 'weight_grams' ? 'weight' : match[2] === 'sku' ? 'sku' : undefined;
    if (key !== undefined) rows[id] = { ...rows[id], [key]: message };
  }
  return rows;
}
