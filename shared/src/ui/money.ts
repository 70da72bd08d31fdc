// Money as people read and type it, for every front end (web app and extension).

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string): Intl.NumberFormat {
  let found = formatters.get(currency);
  if (found === undefined) {
    try {
      found = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    } catch {
      // An unknown code still shows an amount rather than breaking the page.
      found = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });
    }
    formatters.set(currency, found);
  }
  return found;
}

/** Digits after the decimal point of the currency's minor unit (2 for USD, 0 for JPY). */
export function minorDigits(currency: string): number {
  return formatter(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Integer minor units ("cents") shown in the business currency: 12999 → '$129.99'. */
export function formatMoney(cents: number, currency: string): string {
  return formatter(currency).format(cents / 10 ** minorDigits(currency));
}

const compactFormatters = new Map<string, Intl.NumberFormat>();

/**
 * A headline figure in a card: exact below a million ('$948,120.50'), compact from there
 * ('$239.5M') so it fits on one line at any width; show `formatMoney` beside it (a tooltip).
 */
export function formatMoneyFigure(cents: number, currency: string): string {
  const amount = cents / 10 ** minorDigits(currency);
  if (Math.abs(amount) < 1_000_000) return formatMoney(cents, currency);
  let found = compactFormatters.get(currency);
  if (found === undefined) {
    const code = formatter(currency).resolvedOptions().currency;
    found = new Intl.NumberFormat(undefined, { style: 'currency', currency: code, notation: 'compact', maximumFractionDigits: 1 });
    compactFormatters.set(currency, found);
  }
  return found.format(amount);
}

/** A margin as a percentage with one decimal at most: 23.5 → '23.5%', 20 → '20%'. */
export function formatPercent(percent: number): string {
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
}

/** What a user typed ('129.99', '$1,200', '80') as integer minor units; null when it is not an amount. Empty → undefined. */
export function parseMoney(text: string, currency: string): number | null | undefined {
  const cleaned = text.replace(/[\s,$€£¥]/g, '');
  if (cleaned === '') return undefined;
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  const digits = minorDigits(currency);
  const [whole = '0', fraction = ''] = cleaned.split('.');
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** Minor units back to the plain text of an input ('12999' → '129.99'). */
export function moneyInputText(cents: number, currency: string): string {
  const digits = minorDigits(currency);
  return (cents / 10 ** digits).toFixed(digits);
}
