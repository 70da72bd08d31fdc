/**
 * What marketplace pages publish for machines: JSON-LD (schema.org Product/Offer), Open Graph meta
 * tags and the state a server-rendered app embeds in a script tag. Readers try these before any
 * CSS selector, because markup changes with every redesign while structured data rarely does.
 *
 * Content scripts live in an isolated world and cannot see the page's `window.__INITIAL_STATE__`,
 * so embedded state is read from the script text that assigned it, never from page globals.
 */

export type JsonObject = { [key: string]: unknown };

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string | null | undefined): unknown {
  if (text === null || text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Every JSON-LD object on the page, with arrays and `@graph` containers flattened. */
export function jsonLdObjects(doc: Document): JsonObject[] {
  const objects: JsonObject[] = [];
  const add = (value: unknown) => {
    if (Array.isArray(value)) for (const item of value) add(item);
    else if (isObject(value)) {
      objects.push(value);
      if (Array.isArray(value['@graph'])) add(value['@graph']);
    }
  };
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) add(parseJson(script.textContent));
  return objects;
}

export function hasSchemaType(object: JsonObject, type: string): boolean {
  const value = object['@type'];
  const types = Array.isArray(value) ? value : [value];
  return types.some((item) => typeof item === 'string' && item.replace(/^https?:\/\/schema\.org\//, '') === type);
}

/** The page's schema.org Product (or ProductGroup), if it publishes one. */
export function jsonLdProduct(doc: Document): JsonObject | null {
  const objects = jsonLdObjects(doc);
  return (
    objects.find((object) => hasSchemaType(object, 'Product')) ?? objects.find((object) => hasSchemaType(object, 'ProductGroup')) ?? null
  );
}

/** A schema.org text value: a string, a Thing with a name ('brand': {'@type': 'Brand', name}), or the first of a list. */
export function schemaText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = schemaText(item);
      if (text !== null) return text;
    }
    return null;
  }
  if (isObject(value)) return schemaText(value.name ?? value['@value'] ?? value.value);
  return null;
}

/** Image URLs from `image`: a URL, a list of them, or ImageObjects with `url`/`contentUrl`. */
export function schemaImages(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(schemaImages);
  if (isObject(value)) return schemaImages(value.contentUrl ?? value.url);
  return [];
}

const conditionNames: Record<string, string> = {
  NewCondition: 'New',
  UsedCondition: 'Used',
  RefurbishedCondition: 'Refurbished',
  DamagedCondition: 'Damaged',
};

/** 'https://schema.org/UsedCondition' → 'Used'. */
export function schemaCondition(value: unknown): string | null {
  const text = schemaText(value);
  if (text === null) return null;
  const name = text.replace(/^https?:\/\/schema\.org\//, '');
  return conditionNames[name] ?? name;
}

/** The offers of a Product: one Offer, a list, or an AggregateOffer (whose own offers may be listed). */
export function schemaOffers(product: JsonObject): JsonObject[] {
  const offers = product.offers;
  const list = Array.isArray(offers) ? offers : [offers];
  return list
    .filter(isObject)
    .flatMap((offer) =>
      hasSchemaType(offer, 'AggregateOffer') && Array.isArray(offer.offers) ? [offer, ...offer.offers.filter(isObject)] : [offer],
    );
}

/** The price a buyer sees: an Offer's price, or an AggregateOffer's low price, with its currency. */
export function schemaPrice(product: JsonObject): { cents: number; currency: string } | null {
  for (const offer of schemaOffers(product)) {
    const specification = isObject(offer.priceSpecification) ? offer.priceSpecification : {};
    const amount = offer.price ?? offer.lowPrice ?? specification.price;
    const currency = schemaText(offer.priceCurrency ?? specification.priceCurrency);
    if (currency === null) continue;
    const cents = amountToCents(amount, currency);
    if (cents !== null) return { cents, currency: currency.toUpperCase() };
  }
  return null;
}

/**
 * A schema.org item published as HTML microdata (`itemscope itemtype=…/Product` with `itemprop`
 * children), as eBay's older item pages and many auction pages do: property name → values, a nested
 * item (`itemprop="offers" itemscope`) as a MicrodataItem.
 */
export type MicrodataItem = { type: string; properties: Map<string, Array<string | MicrodataItem>> };

const itemTypeOf = (element: Element) => (element.getAttribute('itemtype') ?? '').trim().replace(/^https?:\/\/schema\.org\//, '');

/** The item an `itemprop` belongs to: its nearest ancestor with `itemscope`. */
function owningScope(element: Element): Element | null {
  let parent = element.parentElement;
  while (parent !== null && !parent.hasAttribute('itemscope')) parent = parent.parentElement;
  return parent;
}

/** A property's value as microdata defines it: `content` first, then the address of links and media, then the text. */
function microdataValue(element: Element): string | null {
  const content = element.getAttribute('content');
  if (content !== null) return content.trim() === '' ? null : content.trim();
  const tag = element.tagName.toLowerCase();
  if (tag === 'a' || tag === 'link') return element.getAttribute('href');
  if (tag === 'img' || tag === 'source' || tag === 'video' || tag === 'audio') return element.getAttribute('src');
  if (tag === 'meta') return null;
  return textOf(element);
}

function readMicrodataItem(scope: Element, depth: number): MicrodataItem {
  const item: MicrodataItem = { type: itemTypeOf(scope), properties: new Map() };
  for (const element of scope.querySelectorAll('[itemprop]')) {
    if (owningScope(element) !== scope) continue;
    const value = element.hasAttribute('itemscope') && depth < 4 ? readMicrodataItem(element, depth + 1) : microdataValue(element);
    if (value === null) continue;
    for (const name of (element.getAttribute('itemprop') ?? '').split(/\s+/)) {
      if (name === '') continue;
      const values = item.properties.get(name) ?? [];
      values.push(value);
      item.properties.set(name, values);
    }
  }
  return item;
}

/** The page's first microdata item of the type (top-level or nested), or null. */
export function microdataItem(doc: Document, type: string): MicrodataItem | null {
  for (const scope of doc.querySelectorAll('[itemscope][itemtype]')) {
    if (itemTypeOf(scope) === type) return readMicrodataItem(scope, 0);
  }
  return null;
}

/** A property's first value as text: a string, or a nested item's `name` ('brand' → Brand → name). */
export function microdataText(item: MicrodataItem | null | undefined, name: string): string | null {
  for (const value of item?.properties.get(name) ?? []) {
    const text = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : microdataText(value, 'name');
    if (text !== null && text !== '') return text;
  }
  return null;
}

/** A property's first nested item ('offers' → Offer). */
export function microdataChild(item: MicrodataItem | null | undefined, name: string): MicrodataItem | null {
  for (const value of item?.properties.get(name) ?? []) if (typeof value !== 'string') return value;
  return null;
}

/**
 * The price microdata carries: the Product's Offer (`itemprop="price" content="5.98"` with
 * `priceCurrency`), else a lone `itemprop="price"` as auction pages print it in the bid element.
 * Without a currency the printed text is read ('US $25.00').
 */
export function microdataPrice(doc: Document, product: MicrodataItem | null): { cents: number; currency: string } | null {
  for (const holder of [microdataChild(product, 'offers'), product]) {
    const amount = microdataText(holder, 'price') ?? microdataText(holder, 'lowPrice');
    if (amount === null) continue;
    const currency = microdataText(holder, 'priceCurrency');
    const price = currency === null ? parsePriceText(amount) : priceOf(amount, currency);
    if (price !== null) return price;
  }
  const element = doc.querySelector('[itemprop~="price"]');
  if (element === null) return null;
  const currency = doc.querySelector('[itemprop~="priceCurrency"]')?.getAttribute('content')?.trim();
  const amount = element.getAttribute('content')?.trim();
  return (
    (amount !== undefined && currency !== undefined && currency !== '' ? priceOf(amount, currency) : null) ??
    parsePriceText(textOf(element), currency === '' ? undefined : currency)
  );
}

function priceOf(amount: string, currency: string): { cents: number; currency: string } | null {
  const cents = amountToCents(amount, currency);
  return cents === null || !/^[A-Za-z]{3}$/.test(currency) ? null : { cents, currency: currency.toUpperCase() };
}

/** Open Graph and product meta tags by property ('og:title', 'product:price:amount'…); the first of each wins. */
export function metaProperties(doc: Document): Map<string, string> {
  const meta = new Map<string, string>();
  for (const element of doc.querySelectorAll('meta[property], meta[name]')) {
    const key = (element.getAttribute('property') ?? element.getAttribute('name') ?? '').trim().toLowerCase();
    const content = element.getAttribute('content')?.trim();
    if (key !== '' && content !== undefined && content !== '' && !meta.has(key)) meta.set(key, content);
  }
  return meta;
}

/** Every `og:image` (a page may list several). */
export function openGraphImages(doc: Document): string[] {
  return [...doc.querySelectorAll('meta[property="og:image"], meta[property="og:image:url"]')]
    .map((element) => element.getAttribute('content')?.trim() ?? '')
    .filter((url) => url !== '');
}

/** The Open Graph price ('product:price:amount' + currency), as product pages publish it. */
export function openGraphPrice(meta: Map<string, string>): { cents: number; currency: string } | null {
  const amount = meta.get('product:price:amount') ?? meta.get('og:price:amount');
  const currency = meta.get('product:price:currency') ?? meta.get('og:price:currency');
  if (amount === undefined || currency === undefined) return null;
  const cents = amountToCents(amount, currency);
  return cents === null ? null : { cents, currency: currency.toUpperCase() };
}

/** JSON in a `<script type="application/json" id="…">` (Next.js' __NEXT_DATA__, for one). */
export function scriptJson(doc: Document, id: string): unknown {
  return parseJson(doc.getElementById(id)?.textContent);
}

/**
 * State a page assigns in an inline script (`window.__INITIAL_STATE__ = {…};`), parsed from the
 * script text: the object literal is cut out by matching braces, outside strings, then parsed as JSON.
 */
export function assignedState(doc: Document, name: string): unknown {
  const pattern = new RegExp(`(?:window\\.|self\\.|var |let |const )?${name.replace(/[$.]/g, '\\$&')}\\s*=\\s*`);
  for (const script of doc.querySelectorAll('script:not([src])')) {
    const source = script.textContent ?? '';
    const match = pattern.exec(source);
    if (match === null) continue;
    const literal = objectLiteralAt(source, match.index + match[0].length);
    const parsed = parseJson(literal);
    if (parsed !== undefined) return parsed;
  }
  return undefined;
}

function objectLiteralAt(source: string, start: number): string | null {
  const open = source[start];
  if (open !== '{' && open !== '[') return null;
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < source.length; i += 1) {
    const char = source[i];
    if (quote !== null) {
      if (char === '\\') i += 1;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return source.slice(start, i + 1);
    }
  }
  return null;
}

/** Walks parsed JSON depth first and returns the objects the test accepts (at most `limit`). */
export function findObjects(root: unknown, accept: (object: JsonObject) => boolean, limit = 50): JsonObject[] {
  const results: JsonObject[] = [];
  const seen = new Set<unknown>();
  const stack: unknown[] = [root];
  let visited = 0;
  // Embedded state can be large; a bound keeps a pathological page from stalling the panel.
  while (stack.length > 0 && results.length < limit && visited < 200_000) {
    const value = stack.pop();
    visited += 1;
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push(value[i]);
      continue;
    }
    const object = value as JsonObject;
    if (accept(object)) results.push(object);
    const keys = Object.keys(object);
    for (let i = keys.length - 1; i >= 0; i -= 1) stack.push(object[keys[i] as string]);
  }
  return results;
}

const minorDigitsCache = new Map<string, number>();

/** Digits of the currency's minor unit (2 for USD, 0 for JPY). */
export function minorDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = minorDigitsCache.get(code);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    minorDigitsCache.set(code, digits);
  }
  return digits;
}

/**
 * A decimal amount ('189.99', '1,299.00', '1.299,00', 189.99) as integer minor units of the currency,
 * or null when it is not an amount.
 */
export function amountToCents(amount: unknown, currency: string): number | null {
  let text = typeof amount === 'number' ? String(amount) : typeof amount === 'string' ? amount.trim() : '';
  text = text.replace(/[\s\u00a0]/g, '');
  if (!/^\d[\d.,]*$/.test(text)) return null;
  // The last separator followed by one or two digits is the decimal point; the others group thousands.
  const decimal = /[.,](\d{1,2})$/.exec(text);
  const whole = (decimal ? text.slice(0, decimal.index) : text).replace(/[.,]/g, '');
  const fraction = decimal?.[1] ?? '';
  const digits = minorDigits(currency);
  if (fraction.length > digits) return null;
  const cents = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Currency marks as marketplaces print them, longest first so 'US $' wins over '$'. */
const currencyMarks: Array<[RegExp, string]> = [
  [/\bUS\s?\$/i, 'USD'],
  [/\bC\s?\$|\bCA\s?\$/i, 'CAD'],
  [/\bAU\s?\$|\bA\s?\$/i, 'AUD'],
  [/\bNZ\s?\$/i, 'NZD'],
  [/\bHK\s?\$/i, 'HKD'],
  [/£|\bGBP\b/i, 'GBP'],
  [/€|\bEUR\b/i, 'EUR'],
  [/¥|\bJPY\b/i, 'JPY'],
  [/\bUSD\b/i, 'USD'],
  [/\bCAD\b/i, 'CAD'],
  [/\bAUD\b/i, 'AUD'],
  [/\$/, 'USD'],
];

/** A printed price ('US $189.99', '£120.00', 'EUR 1.299,00') as minor units and currency; the first amount wins. */
export function parsePriceText(text: string | null | undefined, fallbackCurrency?: string): { cents: number; currency: string } | null {
  if (text === null || text === undefined) return null;
  const amount = /\d[\d.,\s\u00a0]*/.exec(text)?.[0]?.trim();
  if (amount === undefined) return null;
  const currency = currencyMarks.find(([mark]) => mark.test(text))?.[1] ?? fallbackCurrency;
  if (currency === undefined) return null;
  const cents = amountToCents(amount.replace(/[.,]$/, ''), currency);
  return cents === null ? null : { cents, currency };
}

/** The element's text with runs of whitespace collapsed; null when empty or absent. */
export function textOf(element: Element | null | undefined): string | null {
  const text = element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  return text === '' ? null : text;
}
