import { makeStyles } from '@fluentui/react-components';
import { ChartCardSkeleton } from '../charts/chart-card-skeleton.tsx';

// The grid of dashboard-charts-section.tsx, which this stands in for.
const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: '16px',
    '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  wide: { gridColumn: '1 / -1' },
});

/**
 * The dashboard's chart cards while the figures or the charts' code load. A module of its own: the
 * dashboard's first paint shows it without loading the charts section (issue #16).
 */
export function DashboardChartsLoading() {
  const styles = useStyles();
  return (
    <div className={styles.grid}>
      <ChartCardSkeleton className={styles.wide} title="Revenue and profit, last 30 days" />
      <ChartCardSkeleton title="Revenue by channel, last 30 days" />
      <ChartCardSkeleton title="Stock by age" />
    </div>
  );
}
