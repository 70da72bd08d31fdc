import { DataVizPalette, getColorFromToken, ResponsiveContainer, VerticalStackedBarChart } from '@fluentui/react-charts';
import type { HourlySyncPoint } from '@tradepost/shared/schemas/sync.ts';
import { useResolvedTheme } from '../preferences/use-resolved-theme.ts';
import { hourText } from '../sync/sync-format.ts';
import { niceAxisMax } from './chart-format.ts';

/*
 * Imports @fluentui/react-charts, so it is loaded lazily (sync health only): the chart library
 * never weighs on any other screen.
 */

/** Calls to a platform per hour over the last day: succeeded and failed stacked, failures in the error colour. */
export function SyncActivityChart({ points, title }: { points: HourlySyncPoint[]; title: string }) {
  const dark = useResolvedTheme() === 'dark';
  const ok = getColorFromToken(DataVizPalette.color1, dark);
  const failed = getColorFromToken(DataVizPalette.error, dark);
  const top = niceAxisMax(Math.max(...points.map((p) => p.ok + p.failed)));
  return (
    <ResponsiveContainer height={220}>
      <VerticalStackedBarChart
        chartTitle={title}
        data={points.map((point) => {
          const hour = hourText(point.hour);
          return {
            xAxisPoint: hour,
            chartData: [
              { legend: 'Succeeded', data: point.ok, color: ok, xAxisCalloutData: hour },
              { legend: 'Failed', data: point.failed, color: failed, xAxisCalloutData: hour },
            ],
          };
        })}
        yMaxValue={top}
        yAxisTickCount={4}
        barWidth="auto"
        maxBarWidth={18}
        // A label every sixth hour: twenty-four do not fit on a phone.
        tickValues={points.filter((_, i) => (points.length - 1 - i) % 6 === 0).map((p) => hourText(p.hour))}
        margins={{ left: 36, right: 12, top: 12, bottom: 32 }}
      />
    </ResponsiveContainer>
  );
}
