import { shippingAddressInputSchema } from '@tradepost/shared/schemas/address.ts';
import type { CreateSaleBody } from '@tradepost/shared/schemas/sales.ts';
import { moneyInputText, parseMoney } from '../catalog/money.ts';
import type { VariantInfo } from '../catalog/variant-info.ts';

/** One line of a manual order as typed: text fields, parsed on submit. */
export type OrderLineDraft = { key: string; choice: VariantInfo; quantity: string; price: string; fees: string; tax: string };

export type CustomerDraft =
  | { mode: 'none' }
  | { mode: 'existing'; id: string | null; label: string }
  | { mode: 'new'; name: string; email: string };

export const addressFields = ['name', 'line1', 'line2', 'city', 'region', 'postal_code', 'country', 'phone'] as const;
export type AddressField = (typeof addressFields)[number];
/** Where the order ships, as typed; `ship` off means picked up (no address). */
export type AddressDraft = { ship: boolean } & Record<AddressField, string>;

export type OrderDraft = { lines: OrderLineDraft[]; shipping: string; customer: CustomerDraft; note: string; address: AddressDraft };

export type LineField = 'item' | 'quantity' | 'price' | 'fees' | 'tax';
export type OrderErrors = {
  /** By line key. */
  lines: Record<string, Partial<Record<LineField, string>>>;
  shipping?: string;
  customer?: string;
  customerName?: string;
  customerEmail?: string;
  /** By address part, from `shipping_address.<part>`. */
  address?: Partial<Record<AddressField, string>>;
  general?: string;
};

export const emptyAddress: AddressDraft = {
  ship: false,
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postal_code: '',
  country: 'US',
  phone: '',
};

export const emptyOrder: OrderDraft = { lines: [], shipping: '', customer: { mode: 'none' }, note: '', address: emptyAddress };

export const hasErrors = (errors: OrderErrors): boolean =>
  Object.values(errors.lines).some((line) => Object.keys(line).length > 0) ||
  Object.keys(errors.address ?? {}).length > 0 ||
  [errors.shipping, errors.customer, errors.customerName, errors.customerEmail, errors.general].some((m) => m !== undefined);

/** Adds a size to the order: a second scan of the same size adds one to its quantity. Price defaults to the size's price. */
export function addLine(lines: readonly OrderLineDraft[], choice: VariantInfo, currency: string, key: string): OrderLineDraft[] {
  const existing = lines.find((line) => line.choice.variantId === choice.variantId);
  if (existing !== undefined) {
    const quantity = Number(existing.quantity);
    return lines.map((line) =>
      line === existing ? { ...line, quantity: String(Number.isInteger(quantity) && quantity > 0 ? quantity + 1 : 1) } : line,
    );
  }
  const price = choice.priceCents === null ? '' : moneyInputText(choice.priceCents, currency);
  return [...lines, { key, choice, quantity: '1', price, fees: '', tax: '' }];
}

const AMOUNT_HINT = 'Enter an amount such as 150 or 149.99';

function amount(text: string, currency: string, required: boolean): { cents: number } | { error: string } {
  const cents = parseMoney(text, currency);
  if (cents === null) return { error: AMOUNT_HINT };
  if (cents === undefined) return required ? { error: 'Enter the price' } : { cents: 0 };
  return { cents };
}

/** The request body, or the messages to show beside the fields; checked here so obvious slips never reach the server. */
export function buildSaleBody(draft: OrderDraft, currency: string, externalOrderId: string): { body: CreateSaleBody; errors: OrderErrors } {
  const errors: OrderErrors = { lines: {} };
  const lines: CreateSaleBody['lines'] = [];
  for (const line of draft.lines) {
    const lineErrors: Partial<Record<LineField, string>> = {};
    const quantity = Number(line.quantity.trim());
    if (line.quantity.trim() === '' || !Number.isInteger(quantity) || quantity < 1)
      lineErrors.quantity = 'Enter a whole number of at least 1';
    const price = amount(line.price, currency, true);
    const fees = amount(line.fees, currency, false);
    const tax = amount(line.tax, currency, false);
    if ('error' in price) lineErrors.price = price.error;
    if ('error' in fees) lineErrors.fees = fees.error;
    if ('error' in tax) lineErrors.tax = tax.error;
    if (Object.keys(lineErrors).length > 0) errors.lines[line.key] = lineErrors;
    lines.push({
      variant_id: line.choice.variantId,
      quantity,
      unit_price_cents: 'cents' in price ? price.cents : 0,
      fees_cents: 'cents' in fees ? fees.cents : 0,
      tax_cents: 'cents' in tax ? tax.cents : 0,
    });
  }
  if (draft.lines.length === 0) errors.general = 'Add at least one item: search for it or scan its barcode.';
  const shipping = amount(draft.shipping, currency, false);
  if ('error' in shipping) errors.shipping = shipping.error;

  const body: CreateSaleBody = {
    channel: 'manual',
    external_order_id: externalOrderId,
    shipping_cents: 'cents' in shipping ? shipping.cents : 0,
    lines,
  };
  const note = draft.note.trim();
  if (note !== '') body.note = note;
  if (draft.address.ship) {
    // The API's own schema, so a slip shows beside its field before anything is sent.
    const { ship: _, ...typed } = draft.address;
    const parsed = shippingAddressInputSchema.safeParse(typed);
    if (parsed.success) body.shipping_address = parsed.data;
    else {
      const address: Partial<Record<AddressField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = addressFields.find((f) => f === issue.path[0]);
        if (field !== undefined) address[field] ??= issue.message;
      }
      errors.address = address;
    }
  }
  const customer = draft.customer;
  if (customer.mode === 'existing') {
    if (customer.id === null) errors.customer = 'Choose a customer from the list, or switch to a new customer';
    else body.customer_id = customer.id;
  } else if (customer.mode === 'new') {
    if (customer.name.trim() === '') errors.customerName = 'Enter the customer’s name';
    const email = customer.email.trim();
    body.customer = { name: customer.name.trim(), ...(email === '' ? {} : { email }) };
  }
  return { body, errors };
}

const lineFieldByApi: Record<string, LineField> = {
  quantity: 'quantity',
  unit_price_cents: 'price',
  fees_cents: 'fees',
  tax_cents: 'tax',
  variant_id: 'item',
};

/** Puts the API's field messages (`lines.2.quantity`, `customer.email`) beside the line and field they name. */
export function orderErrorsFromApi(fields: Record<string, string>, lineKeys: readonly string[], general?: string): OrderErrors {
  const errors: OrderErrors = { lines: {} };
  const rest: string[] = general === undefined ? [] : [general];
  for (const [path, message] of Object.entries(fields)) {
    const line = /^lines\.(\d+)(?:\.(\w+))?/.exec(path);
    const key = line === null ? undefined : lineKeys[Number(line[1])];
    if (line !== null && key !== undefined) {
      const field = lineFieldByApi[line[2] ?? ''] ?? 'item';
      errors.lines[key] = { ...errors.lines[key], [field]: message };
    } else if (path === 'shipping_cents') errors.shipping = message;
    else if (path.startsWith('shipping_address.') && addressFields.some((f) => f === path.slice('shipping_address.'.length))) {
      const field = path.slice('shipping_address.'.length) as AddressField;
      errors.address = { ...errors.address, [field]: message };
    } else if (path === 'customer.name') errors.customerName = message;
    else if (path === 'customer.email') errors.customerEmail = message;
    else if (path === 'customer_id' || path.startsWith('customer')) errors.customer = message;
    else rest.push(message);
  }
  if (rest.length > 0) errors.general = rest.join(', ');
  return errors;
}

/** What the order comes to as typed (lines that do not parse count as nothing). */
export function orderTotals(draft: OrderDraft, currency: string) {
  const cents = (text: string) => parseMoney(text, currency) ?? 0;
  let subtotal = 0;
  let fees = 0;
  let tax = 0;
  let units = 0;
  for (const line of draft.lines) {
    const quantity = Number(line.quantity);
    const q = Number.isInteger(quantity) && quantity > 0 ? quantity : 0;
    units += q;
    subtotal += q * cents(line.price);
    fees += cents(line.fees);
    tax += cents(line.tax);
  }
  const shipping = cents(draft.shipping);
  return { units, subtotal, fees, tax, shipping, total: subtotal + shipping + tax };
}
