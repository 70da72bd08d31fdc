/** Currencies resellers commonly trade in; a business's own currency is always offered even when not listed. */
const common = [
  'USD',
  'CAD',
  'EUR',
  'GBP',
  'AUD',
  'NZD',
  'JPY',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'SGD',
  'HKD',
  'KRW',
  'CNY',
  'MXN',
  'BRL',
  'ZAR',
  'AED',
] as const;

export function currencyOptions(current: string): readonly string[] {
  return common.includes(current as (typeof common)[number]) || current === '' ? common : [current, ...common];
}

let names: Intl.DisplayNames | undefined;

/** "USD" → "USD · US Dollar" (in the browser's language), or the code alone when the browser cannot name it. */
export function currencyLabel(code: string): string {
  try {
    names ??= new Intl.DisplayNames(undefined, { type: 'currency' });
    const name = names.of(code);
    return name === undefined || name === code ? code : `${code} · ${name}`;
  } catch {
    return code;
  }
}
