import {
  type ChartDataPoint,
  DataVizPalette,
  DonutChart,
  getColorFromToken,
  LineChart,
  type LineChartPoints,
  ResponsiveContainer,
  VerticalBarChart,
  type VerticalBarChartDataPoint,
} from '@fluentui/react-charts';
import { formatMoney, minorDigits } from '../catalog/money.ts';
import { useResolvedTheme } from '../preferences/use-resolved-theme.ts';
import { compactMoney, niceAxisMax } from './chart-format.ts';

/*
 * Imports @fluentui/react-charts, like every chart module in this folder (and only they do): each is
 * loaded lazily by its screen, so the chart library never weighs on any other screen.
 */

export type DailyPoint = { date: string; revenueCents: number; profitCents: number; sales: number };
export type Slice = { label: string; cents: number; sales: number };
export type AgedBucket = { label: string; units: number; valueCents: number };

const toUnits = (cents: number, currency: string) => cents / 10 ** minorDigits(currency);

/** 'YYYY-MM-DD' as a local calendar day (not UTC midnight, which would shift the day west of Greenwich). */
function dayOf(date: string): Date {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(y, m - 1, d);
}

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

export function RevenueProfitChart({ points, currency, title }: { points: DailyPoint[]; currency: string; title: string }) {
  const dark = useResolvedTheme() === 'dark';
  const series = (legend: string, color: string, pick: (p: DailyPoint) => number): LineChartPoints => ({
    legend,
    color: getColorFromToken(color, dark),
    data: points.map((p) => ({
      x: dayOf(p.date),
      y: toUnits(pick(p), currency),
      xAxisCalloutData: dayFormat.format(dayOf(p.date)),
      yAxisCalloutData: formatMoney(pick(p), currency),
    })),
  });
  const top = niceAxisMax(Math.max(...points.map((p) => toUnits(Math.max(p.revenueCents, p.profitCents), currency))));
  const bottom = Math.min(0, ...points.map((p) => toUnits(p.profitCents, currency)));
  return (
    <ResponsiveContainer height={260}>
      <LineChart
        data={{
          chartTitle: title,
          lineChartData: [
            series('Revenue', DataVizPalette.color1, (p) => p.revenueCents),
            series('Profit', DataVizPalette.color2, (p) => p.profitCents),
          ],
        }}
        useUTC={false}
        yMaxValue={top}
        yMinValue={bottom < 0 ? -niceAxisMax(-bottom) : 0}
        yAxisTickCount={4}
        yAxisTickFormat={(value: number) => compactMoney(value, currency)}
        customDateTimeFormatter={(date: Date) => dayFormat.format(date)}
        // A label a week, counted back from today so today has one: thirty do not fit on a phone.
        tickValues={points.filter((_, i) => (points.length - 1 - i) % 7 === 0).map((p) => dayOf(p.date))}
        margins={{ left: 56, right: 16, top: 16, bottom: 32 }}
      />
    </ResponsiveContainer>
  );
}

const sliceColors = [
  DataVizPalette.color1,
  DataVizPalette.color2,
  DataVizPalette.color3,
  DataVizPalette.color4,
  DataVizPalette.color5,
  DataVizPalette.color6,
  DataVizPalette.color7,
  DataVizPalette.color8,
];

/** The card around it names the chart (a figure labelled by its heading). */
export function ChannelRevenueChart({ slices, currency }: { slices: Slice[]; currency: string }) {
  const dark = useResolvedTheme() === 'dark';
  const total = slices.reduce((sum, slice) => sum + slice.cents, 0);
  const data: ChartDataPoint[] = slices.map((slice, i) => ({
    legend: slice.label,
    data: toUnits(slice.cents, currency),
    color: getColorFromToken(sliceColors[i % sliceColors.length] ?? DataVizPalette.color1, dark),
    xAxisCalloutData: slice.label,
    yAxisCalloutData: `${formatMoney(slice.cents, currency)} · ${slice.sales} ${slice.sales === 1 ? 'sale' : 'sales'}`,
  }));
  return (
    <ResponsiveContainer height={240}>
      <DonutChart
        // No chartTitle: the donut would draw it above itself, under the card's own heading.
        data={{ chartData: data }}
        innerRadius={62}
        valueInsideDonut={compactMoney(toUnits(total, currency), currency)}
        hideLabels
      />
    </ResponsiveContainer>
  );
}

export function AgedStockChart({ buckets, currency, title }: { buckets: AgedBucket[]; currency: string; title: string }) {
  const dark = useResolvedTheme() === 'dark';
  const data: VerticalBarChartDataPoint[] = buckets.map((bucket, i) => ({
    x: bucket.label,
    y: bucket.units,
    legend: bucket.label,
    color: getColorFromToken(i >= 3 ? DataVizPalette.warning : DataVizPalette.color1, dark),
    xAxisCalloutData: `${bucket.label} days`,
    yAxisCalloutData: `${bucket.units} units · ${formatMoney(bucket.valueCents, currency)} at cost`,
  }));
  return (
    <ResponsiveContainer height={240}>
      <VerticalBarChart
        data={data}
        yMaxValue={niceAxisMax(Math.max(...buckets.map((b) => b.units)))}
        yAxisTickCount={4}
        chartTitle={title}
        hideLegend
        barWidth="auto"
        maxBarWidth={56}
        margins={{ left: 40, right: 16, top: 16, bottom: 32 }}
      />
    </ResponsiveContainer>
  );
}
