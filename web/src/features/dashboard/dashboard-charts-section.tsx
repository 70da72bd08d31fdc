import { makeStyles, tokens } from '@fluentui/react-components';
import type { Dashboard } from '@tradepost/shared/schemas/sales.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { lazy, Suspense } from 'react';
import { formatMoney } from '../catalog/money.ts';
import { channelKindLabels } from '../channels/channel-labels.ts';
import { ChartCard } from '../charts/chart-card.tsx';
import { ChartBodySkeleton } from '../charts/chart-card-skeleton.tsx';
import { Sensitive } from '../demo-mode/sensitive.tsx';

// The chart library loads after the figures, in a chunk of its own: the numbers never wait for it.
const RevenueProfitChart = lazy(() => import('../charts/dashboard-charts.tsx').then((m) => ({ default: m.RevenueProfitChart })));
const ChannelRevenueChart = lazy(() => import('../charts/dashboard-charts.tsx').then((m) => ({ default: m.ChannelRevenueChart })));
const AgedStockChart = lazy(() => import('../charts/dashboard-charts.tsx').then((m) => ({ default: m.AgedStockChart })));

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: '16px',
    '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  wide: { gridColumn: '1 / -1' },
  tableBox: { maxHeight: '300px', overflowY: 'auto' },
  loss: { color: tokens.colorPaletteRedForeground1 },
});

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
const dayLabel = (date: string) => {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return dayFormat.format(new Date(y, m - 1, d));
};

const agedLabels: Record<Dashboard['aged_stock'][number]['bucket'], string> = {
  '0-30': '0–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '91-180': '91–180 days',
  '180+': 'Over 180 days',
};

// Short enough for five bars side by side on a phone; the card says they are days.
const agedAxisLabels: Record<Dashboard['aged_stock'][number]['bucket'], string> = {
  '0-30': '0–30',
  '31-60': '31–60',
  '61-90': '61–90',
  '91-180': '91–180',
  '180+': '180+',
};

/** The dashboard's charts, each with its numbers one click away. */
export function DashboardCharts({ figures }: { figures: Dashboard }) {
  const styles = useStyles();
  const table = useTableStyles();
  const currency = figures.currency;
  const money = (cents: number) => <Sensitive kind="money">{formatMoney(cents, currency)}</Sensitive>;
  const hasSales = figures.daily.some((day) => day.sales > 0);
  const channelTotal = figures.by_channel.reduce((sum, c) => sum + c.revenue_cents, 0);
  const hasAged = figures.aged_stock.some((bucket) => bucket.units > 0);

  const dailyTitle = 'Revenue and profit, last 30 days';
  const channelTitle = 'Revenue by channel, last 30 days';
  const agedTitle = 'Stock by age';

  return (
    <div className={styles.grid}>
      <ChartCard
        className={styles.wide}
        title={dailyTitle}
        description="Per day: revenue with shipping; profit after fees, FIFO cost and refunds, as on the Sales list."
        empty={hasSales ? undefined : 'No sales in the last 30 days yet. Ring up a sale at Retail → Sales and it shows here.'}
        chart={
          <Suspense fallback={<ChartBodySkeleton label={`Loading the chart: ${dailyTitle.toLowerCase()}`} />}>
            <RevenueProfitChart
              title={dailyTitle}
              currency={currency}
              points={figures.daily.map((d) => ({
                date: d.date,
                revenueCents: d.revenue_cents,
                profitCents: d.profit_cents,
                sales: d.sales,
              }))}
            />
          </Suspense>
        }
        table={
          <div className={styles.tableBox}>
            <DataTable
              label={`${dailyTitle}, as a table`}
              head={
                <>
                  <th className={table.th}>Day</th>
                  <th className={`${table.th} ${table.num}`}>Sales</th>
                  <th className={`${table.th} ${table.num}`}>Revenue</th>
                  <th className={`${table.th} ${table.num}`}>Profit</th>
                </>
              }
            >
              {[...figures.daily].reverse().map((day) => (
                <tr key={day.date}>
                  <td className={`${table.td} ${table.nowrap}`}>{dayLabel(day.date)}</td>
                  <td className={`${table.td} ${table.num}`}>{day.sales}</td>
                  <td className={`${table.td} ${table.num}`}>{money(day.revenue_cents)}</td>
                  <td className={`${table.td} ${table.num} ${day.profit_cents < 0 ? styles.loss : ''}`}>{money(day.profit_cents)}</td>
                </tr>
              ))}
            </DataTable>
          </div>
        }
      />
      <ChartCard
        title={channelTitle}
        description="Where your sales come from: the same revenue as the 30-day card."
        empty={figures.by_channel.length === 0 ? 'Once you sell, each channel’s share of revenue shows here.' : undefined}
        chart={
          <Suspense fallback={<ChartBodySkeleton label={`Loading the chart: ${channelTitle.toLowerCase()}`} />}>
            <ChannelRevenueChart
              currency={currency}
              slices={figures.by_channel.map((c) => ({ label: channelKindLabels[c.kind], cents: c.revenue_cents, sales: c.sales }))}
            />
          </Suspense>
        }
        table={
          <DataTable
            label={`${channelTitle}, as a table`}
            head={
              <>
                <th className={table.th}>Channel</th>
                <th className={`${table.th} ${table.num}`}>Sales</th>
                <th className={`${table.th} ${table.num}`}>Revenue</th>
                <th className={`${table.th} ${table.num}`}>Share</th>
              </>
            }
          >
            {figures.by_channel.map((c) => (
              <tr key={c.kind}>
                <td className={table.td}>{channelKindLabels[c.kind]}</td>
                <td className={`${table.td} ${table.num}`}>{c.sales}</td>
                <td className={`${table.td} ${table.num}`}>{money(c.revenue_cents)}</td>
                <td className={`${table.td} ${table.num}`}>
                  {channelTotal === 0 ? '—' : `${Math.round((c.revenue_cents / channelTotal) * 1000) / 10}%`}
                </td>
              </tr>
            ))}
          </DataTable>
        }
      />
      <ChartCard
        title={agedTitle}
        description="Units on hand by days since they came in."
        empty={hasAged ? undefined : 'No stock with a cost yet. Receive stock with its unit cost and its age shows here.'}
        chart={
          <Suspense fallback={<ChartBodySkeleton label={`Loading the chart: ${agedTitle.toLowerCase()}`} />}>
            <AgedStockChart
              title={agedTitle}
              currency={currency}
              buckets={figures.aged_stock.map((b) => ({ label: agedAxisLabels[b.bucket], units: b.units, valueCents: b.value_cents }))}
            />
          </Suspense>
        }
        table={
          <DataTable
            label={`${agedTitle}, as a table`}
            head={
              <>
                <th className={table.th}>Age</th>
                <th className={`${table.th} ${table.num}`}>Units</th>
                <th className={`${table.th} ${table.num}`}>Value at cost</th>
              </>
            }
          >
            {figures.aged_stock.map((b) => (
              <tr key={b.bucket}>
                <td className={table.td}>{agedLabels[b.bucket]}</td>
                <td className={`${table.td} ${table.num}`}>{b.units}</td>
                <td className={`${table.td} ${table.num}`}>{money(b.value_cents)}</td>
              </tr>
            ))}
          </DataTable>
        }
      />
    </div>
  );
}
