const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
];

/** '3 minutes ago', 'yesterday'; 'never' when there is no time. */
export function sinceText(iso: string | null, now: number = Date.now()): string {
  if (iso === null) return 'never';
  let amount = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of steps) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return relative.format(Math.round(amount), 'year');
}

/** 0.0312 → '3.1%'; null (nothing sent) → '—'. */
export function percentText(rate: number | null): string {
  if (rate === null) return '—';
  return `${(rate * 100).toFixed(rate > 0 && rate < 0.1 ? 1 : 0)}%`;
}

const hourFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric' });
/** The hour a point covers, in the viewer's time zone: '14' or '2 PM'. */
export const hourText = (iso: string): string => hourFormat.format(new Date(iso));
