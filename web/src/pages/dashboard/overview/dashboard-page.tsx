import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { BuildingShopRegular } from '@fluentui/react-icons';
import { displayName } from '@tradepost/shared/domain/session.ts';
import type { User } from '@tradepost/shared/schemas/auth.ts';
import { useEffect } from 'react';
import { AttentionLinks } from '../../../features/dashboard/attention-links.tsx';
import { DashboardChartsLoading } from '../../../features/dashboard/dashboard-charts-loading.tsx';
import { GettingStarted } from '../../../features/dashboard/getting-started.tsx';
import { KeyFigures, KeyFiguresLoading } from '../../../features/dashboard/key-figures.tsx';
import { RecentSales } from '../../../features/dashboard/recent-sales.tsx';
import { useDashboard } from '../../../features/dashboard/use-dashboard.ts';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { roleLabel } from '../../../features/session/role-label.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { useCurrentUser } from '../../../features/session/use-current-user.ts';
import { deferred } from '../../../features/shell/deferred.tsx';
import { useDashboardCardStyles } from './dashboard-card-styles.ts';
import { SetupCard } from './setup-card.tsx';

// The charts section (its cards, toggles and tables) loads beside the figures rather than in the
// dashboard's first screen (issue #16); its skeleton stands in until both are here.
const DashboardCharts = deferred(() =>
  import('../../../features/dashboard/dashboard-charts-section.tsx').then((module) => module.DashboardCharts),
);

const useStyles = makeStyles({
  page: {
    maxWidth: '1160px',
    margin: '0 auto',
    padding: '32px 24px 64px',
    '@media (max-width: 600px)': { padding: '24px 16px 48px' },
  },
  greeting: {
    ...typographyStyles.title1,
    fontSize: 'clamp(1.75rem, 1.5vw + 1rem, 2.25rem)',
    letterSpacing: '-0.02em',
    margin: 0,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
  },
  sub: {
    ...typographyStyles.body2,
    margin: '8px 0 0',
    overflowWrap: 'anywhere',
    color: tokens.colorNeutralForeground2,
  },
  stack: { display: 'flex', flexDirection: 'column', gap: '24px', marginTop: '28px' },
  pair: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: '16px',
    '@media (max-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

function greetingFor(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function BusinessCard({ user }: { user: User }) {
  const card = useDashboardCardStyles();
  return (
    <section className={card.card} aria-labelledby="business-title">
      <div className={card.head}>
        <span className={card.icon} aria-hidden="true">
          <BuildingShopRegular />
        </span>
        <h2 id="business-title" className={card.title}>
          Your business
        </h2>
      </div>
      <p className={card.value}>{user.business.business_name}</p>
      <dl className={card.list}>
        <dt className={card.term}>Your role</dt>
        <dd className={card.detail}>{roleLabel(user.role)}</dd>
        <dt className={card.term}>Currency</dt>
        <dd className={card.detail}>{user.business.currency}</dd>
        <dt className={card.term}>Time zone</dt>
        <dd className={card.detail}>{user.timezone}</dd>
      </dl>
    </section>
  );
}

/**
 * The signed-in home, inside the main layout: what sold and what it earned, what the stock is worth,
 * charts with their numbers one click away, recent sales, and what is waiting. A new business gets
 * its first steps instead of zeros. The guard has loaded the user.
 */
export function DashboardPage() {
  const styles = useStyles();
  const { data: user } = useCurrentUser();
  const scope = useBusinessScope();
  const figures = useDashboard(scope);
  useEffect(() => {
    void DashboardCharts.preload();
  }, []);
  if (user === undefined) return null;

  const data = figures.data;
  const isNew = data !== undefined && data.last_30_days.sales === 0 && data.inventory.units_on_hand === 0 && data.open_fulfillments === 0;
  const account = (
    <div className={styles.pair}>
      <BusinessCard user={user} />
      <SetupCard />
    </div>
  );

  return (
    <div className={styles.page}>
      <h1 className={styles.greeting}>
        {greetingFor(new Date().getHours())}, {displayName(user)}
      </h1>
      <p className={styles.sub}>Signed in as {user.email}</p>
      <div className={styles.stack}>
        {data === undefined ? (
          figures.isError ? (
            <LoadFailed subject="The dashboard figures" onRetry={() => void figures.refetch()} retrying={figures.isFetching} />
          ) : (
            <>
              <KeyFiguresLoading />
              <DashboardChartsLoading />
            </>
          )
        ) : (
          <>
            {isNew ? (
              <>
                <GettingStarted figures={data} />
                {account}
              </>
            ) : null}
            <AttentionLinks openFulfillments={data.open_fulfillments} failedOrders={data.open_failed_orders} />
            <KeyFigures figures={data} />
            <DashboardCharts figures={data} fallback={<DashboardChartsLoading />} />
          </>
        )}
        <RecentSales scope={scope} />
        {isNew ? null : account}
      </div>
    </div>
  );
}
