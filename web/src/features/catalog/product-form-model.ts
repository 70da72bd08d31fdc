// The form model of the three product editors: the pre-owned item drawer, products/{id}/configure
// (with its add-a-size box) and products/create-custom. What they have in common lives here: the
// product details as typed, amounts as input text, reading typed text into an API body (money only
// through the shared parser), what changed since the last save, and where each message lands. Each
// editor keeps its own fields, wording and layout on top.
import type { ProductCategory, ProductCondition, ProductGrade, VariantInput } from '@tradepost/shared/schemas/catalog.ts';
import { moneyInputText, parseMoney } from '@tradepost/shared/ui/money.ts';
import { fieldErrors } from './field-errors.ts';

// ── Values, as typed ────────────────────────────────────────────────────────────────────────────

/** The details every product editor shows, as typed. */
export type ProductDetails = { title: string; brand: string; styleCode: string; colorway: string; category: ProductCategory };

/** A saved product's or pre-owned item's details, as the API answers them. */
export type SavedDetails = {
  title: string;
  brand: string | null;
  style_code: string | null;
  colorway: string | null;
  category: ProductCategory;
};

export const newProductDetails: ProductDetails = { title: '', brand: '', styleCode: '', colorway: '', category: 'sneakers' };

export function detailsFrom(saved: SavedDetails): ProductDetails {
  return {
    title: saved.title,
    brand: saved.brand ?? '',
    styleCode: saved.style_code ?? '',
    colorway: saved.colorway ?? '',
    category: saved.category,
  };
}

/** A catalog product's condition as typed (the pre-owned drawer's items are always pre-owned). */
export type ConditionValues = { condition: ProductCondition; grade: ProductGrade | ''; conditionNotes: string };

export const newConditionValues: ConditionValues = { condition: 'new', grade: '', conditionNotes: '' };

/** An amount as its input shows it: blank for none. */
export function moneyText(cents: number | null, currency: string): string {
  return cents === null ? '' : moneyInputText(cents, currency);
}

// ── Typed text into an API body ─────────────────────────────────────────────────────────────────

/** The catalog editors' words for an amount they cannot read. */
export const AMOUNT_MESSAGE = 'Enter an amount such as 180 or 179.99';
const GRAMS_MESSAGE = 'Enter whole grams, such as 1200';

export type FieldReader = {
  /** What could not be read, by the API's field path; nothing is sent while it has an entry. */
  problems: Record<string, string>;
  /** An amount in cents (the shared money parser); undefined when blank, or unreadable (then a problem). */
  money(path: string, text: string): number | undefined;
  /** Whole grams; undefined when blank, or unreadable (then a problem). */
  grams(path: string, text: string): number | undefined;
};

/** Reads one save's typed text; `amountMessage` is what the editor says about an amount it cannot read. */
export function fieldReader(currency: string, amountMessage: string = AMOUNT_MESSAGE): FieldReader {
  const problems: Record<string, string> = {};
  return {
    problems,
    money(path, text) {
      const cents = parseMoney(text, currency);
      if (cents === null) problems[path] = amountMessage;
      return cents ?? undefined;
    },
    grams(path, text) {
      const trimmed = text.trim();
      if (trimmed === '') return undefined;
      const grams = Number(trimmed);
      if (Number.isInteger(grams) && grams >= 0) return grams;
      problems[path] = GRAMS_MESSAGE;
      return undefined;
    },
  };
}

/** Typed text as the API takes it: trimmed, and `blank` when nothing is left. */
export function typedText<B extends null | undefined>(text: string, blank: B): string | B {
  const trimmed = text.trim();
  return trimmed === '' ? blank : trimmed;
}

export type DetailsBody<B extends null | undefined> = {
  title: string;
  brand: string | B;
  style_code: string | B;
  colorway: string | B;
  category: ProductCategory;
};

/**
 * The details as the API takes them. `blank` is what an empty field becomes: undefined leaves it
 * out of a new product, null clears it on a saved one.
 */
export function detailsBody<B extends null | undefined>(details: ProductDetails, blank: B): DetailsBody<B> {
  return {
    title: details.title.trim(),
    brand: typedText(details.brand, blank),
    style_code: typedText(details.styleCode, blank),
    colorway: typedText(details.colorway, blank),
    category: details.category,
  };
}

/** The fields of `now` that differ from `was`, so a PATCH leaves what the user did not touch out. */
function changedFields<T extends Record<string, unknown>>(now: T, was: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(now) as (keyof T)[]) if (now[key] !== was[key]) changed[key] = now[key];
  return changed;
}

/** The details that differ from the saved ones (text compared trimmed), blank ones cleared. */
export function changedDetails(typed: ProductDetails, saved: ProductDetails): Partial<DetailsBody<null>> {
  return changedFields(detailsBody(typed, null), detailsBody(saved, null));
}

/** A new size as typed: the SKU (generated or the user's), an optional price and barcode. */
export type NewSize = { size: string; sku: string; price: string; barcode: string };

/**
 * A new size's body; `path` is where its messages go ('' for a form of one size, 'variants.3.' for
 * the fourth of a new product's). A blank price is the `defaultCents` (the retail price), if any.
 */
export function newSizeBody(read: FieldReader, path: string, row: NewSize, defaultCents: number | null | undefined): VariantInput {
  const barcode = row.barcode.trim();
  return {
    size: row.size,
    sku: row.sku.trim(),
    price_cents: read.money(`${path}price_cents`, row.price) ?? defaultCents ?? undefined,
    barcodes: barcode === '' ? [] : [{ code: barcode }],
  };
}

// ── Messages ────────────────────────────────────────────────────────────────────────────────────

/** What a form shows after a refused save: messages beside fields, by the API's path, and one line for the rest. */
export type FormMessages = { fields: Record<string, string>; general: string | undefined };

export const noMessages: FormMessages = { fields: {}, general: undefined };

/** The line under a refused form when every message found its field. */
export const CHECK_FIELDS = 'Check the highlighted fields.';

export const hasMessages = (fields: Readonly<Record<string, string>>) => Object.keys(fields).length > 0;

/** Problems found before sending; `general` is the editor's line for them (none: the fields speak for themselves). */
export function refusedBeforeSending(fields: Record<string, string>, general?: string): FormMessages {
  return { fields, general: hasMessages(fields) ? general : undefined };
}

/**
 * Which of the API's field paths a form shows beside an input: its own `fields`; lists whose
 * items have a row each (`variants.2.sku`, see `rowMessages`); lists shown as one input, whose
 * first message goes to that input (`folded`: `images.3.media_id` → `images`).
 */
export type MessagePlaces = { fields: readonly string[]; rows?: readonly string[]; folded?: Readonly<Record<string, string>> };

const inList = (path: string, list: string) => path === list || path.startsWith(`${list}.`);

/**
 * A failed save's messages, each beside its field; the rest (or `fallback`, offline or unexplained)
 * on the general line, which otherwise points to the fields unless `pointToFields` is false.
 */
export function refusedBy(error: unknown, places: MessagePlaces, fallback: string, { pointToFields = true } = {}): FormMessages {
  const rows = places.rows ?? [];
  const folded = places.folded ?? {};
  const lists = Object.keys(folded);
  const known = (path: string) =>
    places.fields.includes(path) || rows.some((list) => path.startsWith(`${list}.`)) || lists.some((list) => inList(path, list));
  const result = fieldErrors(error, known, fallback);
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(result.fields)) {
    const list = lists.find((name) => inList(path, name));
    if (list === undefined) fields[path] = message;
    else fields[folded[list] ?? list] ??= message;
  }
  return { fields, general: result.general ?? (pointToFields && hasMessages(fields) ? CHECK_FIELDS : undefined) };
}

/**
 * Messages about `<list>.<i>.<field>` placed on the row that was i-th in the body (`rowKeys`),
 * under the row's own name for the field (`names`); a field without one goes to `otherwise`, or nowhere.
 */
export function rowMessages<F extends string>(
  fields: Readonly<Record<string, string>>,
  list: string,
  rowKeys: readonly string[],
  names: Readonly<Record<string, F>>,
  otherwise?: F,
): Record<string, Partial<Record<F, string>>> {
  const rows: Record<string, Partial<Record<F, string>>> = {};
  const pattern = new RegExp(`^${list}\\.(\\d+)\\.(\\w+)`);
  for (const [path, message] of Object.entries(fields)) {
    const match = pattern.exec(path);
    const key = match === null ? undefined : rowKeys[Number(match[1])];
    const field = match?.[2] ?? '';
    const name = match === null ? undefined : Object.hasOwn(names, field) ? names[field] : otherwise;
    if (key === undefined || name === undefined) continue;
    rows[key] = { ...rows[key], [name]: message } as Partial<Record<F, string>>;
  }
  return rows;
}
