const compactFormatters = new Map<string, Intl.NumberFormat>();

/** An axis label: 1200 → '$1.2K' in the business currency; amounts here are whole currency units, not cents. */
export function compactMoney(amount: number, currency: string): string {
  let format = compactFormatters.get(currency);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(undefined, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
    } catch {
      format = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
    }
    compactFormatters.set(currency, format);
  }
  return format.format(amount);
}

/**
 * The top of a value axis with `ticks` even steps of 1, 2, 2.5, 5 or 7.5 × 10ⁿ (at least 1, so
 * units never get fractional ticks): the labels read 0, 75, 150, 225, 300, not 0, 63, 126, 189, 252.
 */
export function niceAxisMax(max: number, ticks = 4): number {
  if (!(max > 0)) return ticks;
  const raw = max / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  const step = (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 2.5 ? 2.5 : scaled <= 5 ? 5 : scaled <= 7.5 ? 7.5 : 10) * power;
  return Math.max(step, 1) * ticks;
}
