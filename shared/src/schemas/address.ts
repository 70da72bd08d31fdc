import { z } from 'zod';

import type { ShippingAddress } from './sales-answers.ts';

export { type ShippingAddress, shippingAddressSchema } from './sales-answers.ts';

// A shipping address: one shape for every channel. Marketplaces send theirs in their own words
// (eBay `addressLine1`/`stateOrProvince`/`postalCode`/`countryCode`, Shopify `address1`/`province`/
// `zip`/`countryCodeV2`, Square `address_line_1`/`administrative_district_level_1`); the adapters
// and `normalizeAddress` turn them into this one, and a manual order is typed in it.

/** Countries whose labels read "City, REGION POSTAL" (and where the region is required). */
const CITY_REGION_POSTAL = new Set(['US', 'CA', 'AU']);
/** Countries whose labels put the postal code on a line of its own, under the city. */
const POSTAL_OWN_LINE = new Set(['GB', 'IE']);

let regionNames: Intl.DisplayNames | null | undefined;
/** The English name of an ISO 3166-1 alpha-2 code, or null when the code names no country. */
export function countryName(code: string): string | null {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    } catch {
      regionNames = null;
    }
  }
  if (!/^[A-Z]{2}$/.test(code)) return null;
  // Without ICU region data every well-formed code is taken at its word.
  if (regionNames === null) return code;
  return regionNames.of(code) ?? null;
}

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** A shipping address typed in Tradepost (a manual order): checked field by field. */
export const shippingAddressInputSchema = z
  .object({
    name: z
      .string({ error: 'Enter the name to ship to' })
      .trim()
      .min(1, { error: 'Enter the name to ship to' })
      .max(120, { error: 'Name must be at most 120 characters' }),
    line1: z
      .string({ error: 'Enter the street address' })
      .trim()
      .min(1, { error: 'Enter the street address' })
      .max(200, { error: 'Address line 1 must be at most 200 characters' }),
    line2: optionalText(200, 'Address line 2'),
    city: z
      .string({ error: 'Enter the city' })
      .trim()
      .min(1, { error: 'Enter the city' })
      .max(120, { error: 'City must be at most 120 characters' }),
    region: optionalText(80, 'State or region'),
    postal_code: z
      .string({ error: 'Enter the postal code' })
      .trim()
      .min(1, { error: 'Enter the postal code' })
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/, { error: 'Postal code must be 2 to 12 letters, digits, spaces or dashes' }),
    country: z
      .string({ error: 'Enter the country as a two-letter code such as US' })
      .trim()
      .toUpperCase()
      .refine((code) => countryName(code) !== null, { error: 'Country must be a two-letter ISO code such as US, CA or GB' }),
    phone: z
      .string({ error: 'Phone must be text' })
      .trim()
      .regex(/^(|\+?[0-9 ()./-]{4,40})$/, { error: 'Phone must be 4 to 40 digits, spaces, +, (, ), dots or dashes' })
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
  })
  .superRefine((address, ctx) => {
    if (address.country === 'US' && !/^\d{5}(-\d{4})?$/.test(address.postal_code)) {
      ctx.addIssue({ code: 'custom', path: ['postal_code'], message: 'A US ZIP code is 5 digits, or 5 + 4 (97201 or 97201-1234)' });
    }
    if (CITY_REGION_POSTAL.has(address.country) && address.region === undefined) {
      ctx.addIssue({ code: 'custom', path: ['region'], message: 'Enter the state or province' });
    }
  });
export type ShippingAddressInput = z.input<typeof shippingAddressInputSchema>;

/**
 * What an imported order carries: the same parts, each optional and unchecked beyond its length
 * (a marketplace's address is what the buyer gave it; refusing it would lose the order).
 */
export const importedAddressSchema = z.object({
  name: z.string().max(200).optional(),
  line1: z.string().max(300).optional(),
  line2: z.string().max(300).optional(),
  city: z.string().max(200).optional(),
  region: z.string().max(120).optional(),
  postal_code: z.string().max(40).optional(),
  country: z.string().max(80).optional(),
  phone: z.string().max(60).optional(),
});
export type ImportedAddress = z.infer<typeof importedAddressSchema>;

const addressKeys = ['name', 'line1', 'line2', 'city', 'region', 'postal_code', 'country', 'phone'] as const;

/** Each part's spellings across channels and older rows, ours first. */
const spellings: Record<(typeof addressKeys)[number], readonly string[]> = {
  name: ['name', 'fullName', 'display_name'],
  line1: ['line1', 'address1', 'addressLine1', 'address_line_1'],
  line2: ['line2', 'address2', 'addressLine2', 'address_line_2'],
  city: ['city', 'locality'],
  region: ['region', 'provinceCode', 'province_code', 'province', 'stateOrProvince', 'administrative_district_level_1'],
  postal_code: ['postal_code', 'postalCode', 'zip'],
  country: ['country', 'countryCode', 'countryCodeV2', 'country_code'],
  phone: ['phone', 'phone_number', 'phoneNumber'],
};

/**
 * Any address we stored or were sent (ours, or a marketplace's words for it: older sales kept
 * eBay's and Shopify's keys) in our shape; null when it holds nothing.
 */
export function normalizeAddress(raw: unknown): ShippingAddress | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const record = raw as Record<string, unknown>;
  const address = Object.fromEntries(addressKeys.map((key) => [key, null])) as ShippingAddress;
  let found = false;
  for (const key of addressKeys) {
    for (const spelling of spellings[key]) {
      const value = record[spelling];
      if (typeof value === 'string' && value.trim() !== '') {
        address[key] = value.trim();
        found = true;
        break;
      }
    }
  }
  if (address.country !== null && /^[a-z]{2}$/i.test(address.country)) address.country = address.country.toUpperCase();
  return found ? address : null;
}

/**
 * The address as it is written on a parcel, one line each: name, street lines, the city line in
 * the country's order, and the country's name in capitals. `fallbackName` (the customer) when the
 * address names nobody. The phone is not on the label; callers show it apart.
 */
export function addressLabelLines(address: ShippingAddress, fallbackName?: string | null): string[] {
  const country = address.country ?? '';
  const { city, region, postal_code: postal } = address;
  const join = (...parts: (string | null | undefined)[]) => parts.filter((p) => p !== null && p !== undefined && p !== '').join(' ');
  let place: string[];
  if (CITY_REGION_POSTAL.has(country)) {
    place = [join(city && (region || postal) ? `${city},` : city, region, postal)];
  } else if (POSTAL_OWN_LINE.has(country)) {
    place = [join(city), join(region), join(postal)];
  } else {
    place = [join(postal, city), join(region)];
  }
  const countryLine = country === '' ? '' : (countryName(country) ?? country).toUpperCase();
  return [address.name ?? fallbackName ?? '', address.line1 ?? '', address.line2 ?? '', ...place, countryLine].filter(
    (line) => line.trim() !== '',
  );
}

/** Shown where an order has no shipping address. */
export const NO_SHIPPING_ADDRESS = 'No shipping address — pickup or in-store';

/** A channel's address parts in our shape, empty ones left out; undefined when none is left (the adapters' last step). */
export function compactAddress(parts: Partial<Record<(typeof addressKeys)[number], string>>): ImportedAddress | undefined {
  const address: ImportedAddress = {};
  for (const key of addressKeys) {
    const value = parts[key]?.trim();
    if (value) address[key] = value;
  }
  return Object.keys(address).length > 0 ? address : undefined;
}
