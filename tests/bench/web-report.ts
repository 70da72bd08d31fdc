import { percentiles } from './stats.ts';
import type { LoadFigures } from './web-load.ts';

// The printed table of `npm run bench:web`: one column group per page (p50 and max of the cold
// loads, then the warm load), and the issue's goals beside the figures they are about.

export type PageResult = { name: string; path: string; signedIn: boolean; cold: LoadFigures[]; warm: LoadFigures | null };

type Metric = { label: string; value: (load: LoadFigures) => number | null; format: (n: number) => string };

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')} ms`;
const count = (n: number) => String(n);

const METRICS: Metric[] = [
  { label: 'requests', value: (l) => l.requests, format: count },
  { label: '  of which from cache', value: (l) => l.fromCache, format: count },
  { label: 'bytes over the wire (as sent)', value: (l) => l.wire, format: kB },
  { label: 'bytes decoded', value: (l) => l.decoded, format: kB },
  { label: '  JS over the wire', value: (l) => l.byKind.js.wire, format: kB },
  { label: '  JS decoded', value: (l) => l.byKind.js.decoded, format: kB },
  { label: '  JS gzip (each file, level 6)', value: (l) => l.jsGzip, format: kB },
  { label: '  JS files', value: (l) => l.byKind.js.requests, format: count },
  { label: '  CSS over the wire', value: (l) => l.byKind.css.wire, format: kB },
  { label: '  CSS decoded', value: (l) => l.byKind.css.decoded, format: kB },
  { label: '  other over the wire', value: (l) => l.byKind.other.wire, format: kB },
  { label: '  other decoded', value: (l) => l.byKind.other.decoded, format: kB },
  { label: 'LCP', value: (l) => l.lcpMs, format: ms },
  { label: 'navigation → first API call', value: (l) => l.firstApiMs, format: ms },
  { label: 'navigation → first rows', value: (l) => l.firstRowsMs, format: ms },
  { label: 'session checks (GET /auth/me)', value: (l) => l.sessionChecks, format: count },
];

const LABEL = 32;
const CELL = 10;
const pad = (text: string) => text.padStart(CELL);

/** p50 and max of a metric over loads, null when no load had a value (no API call, no rows). */
export function spread(loads: readonly LoadFigures[], value: (load: LoadFigures) => number | null): { p50: number; max: number } | null {
  const values = loads.map(value).filter((v): v is number => v !== null);
  if (values.length === 0) return null;
  const { p50, max } = percentiles(values);
  return { p50, max };
}

export function figuresTable(pages: readonly PageResult[]): string {
  const lines: string[] = [];
  const header = ' '.repeat(LABEL) + pages.map((p) => `  ${`${p.name} ${p.path}`.padEnd(CELL * 3)}`).join('');
  const sub = ' '.repeat(LABEL) + pages.map(() => `  ${pad('p50')}${pad('max')}${pad('warm')}`).join('');
  lines.push(header, sub);
  for (const metric of METRICS) {
    const cells = pages.map((page) => {
      const cold = spread(page.cold, metric.value);
      const warmValue = page.warm ? metric.value(page.warm) : null;
      return `  ${pad(cold ? metric.format(cold.p50) : '—')}${pad(cold ? metric.format(cold.max) : '—')}${pad(warmValue === null ? '—' : metric.format(warmValue))}`;
    });
    lines.push(metric.label.padEnd(LABEL) + cells.join(''));
  }
  return lines.join('\n');
}

export type Goal = { label: string; measured: string; goal: string; met: boolean | null };

export function goalsTable(goals: readonly Goal[]): string {
  const width = Math.max(...goals.map((g) => g.label.length)) + 2;
  const measuredWidth = Math.max(...goals.map((g) => g.measured.length)) + 2;
  const goalWidth = Math.max(...goals.map((g) => g.goal.length)) + 2;
  return goals
    .map(
      (g) =>
        `${g.label.padEnd(width)}${g.measured.padEnd(measuredWidth)}${g.goal.padEnd(goalWidth)}${g.met === null ? '' : g.met ? 'met' : 'NOT MET'}`,
    )
    .join('\n');
}
