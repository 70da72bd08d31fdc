import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { BuildingShopRegular, DataBarVerticalRegular } from '@fluentui/react-icons';
import { displayName } from '@tradepost/shared/domain/session.ts';
import type { User } from '@tradepost/shared/schemas/auth.ts';
import { roleLabel } from '../../../features/session/role-label.ts';
import { useCurrentUser } from '../../../features/session/use-current-user.ts';
import { useDashboardCardStyles } from './dashboard-card-styles.ts';
import { SetupCard } from './setup-card.tsx';

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
    margin: '8px 0 32px',
    overflowWrap: 'anywhere',
    color: tokens.colorNeutralForeground2,
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: '16px',
    '@media (max-width: 960px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    '@media (max-width: 640px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  wide: {
    '@media (max-width: 960px)': { gridColumn: '1 / -1' },
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

function FiguresCard({ className }: { className?: string }) {
  const card = useDashboardCardStyles();
  return (
    <section className={mergeClasses(card.card, className)} aria-labelledby="figures-title">
      <div className={card.head}>
        <span className={card.icon} aria-hidden="true">
          <DataBarVerticalRegular />
        </span>
        <h2 id="figures-title" className={card.title}>
          Inventory, sales and profit
        </h2>
      </div>
      <p className={card.muted}>
        Inventory, sales and profit figures appear here once those areas are set up. Nothing is estimated or filled in for you: every number
        on this dashboard will come from your own stock ledger and sales.
      </p>
    </section>
  );
}

/** The signed-in home, inside the main layout (the sidebar holds navigation and sign out). The guard has loaded the user. */
export function DashboardPage() {
  const styles = useStyles();
  const { data: user } = useCurrentUser();
  if (user === undefined) return null;

  return (
    <div className={styles.page}>
      <h1 className={styles.greeting}>
        {greetingFor(new Date().getHours())}, {displayName(user)}
      </h1>
      <p className={styles.sub}>Signed in as {user.email}</p>
      <div className={styles.grid}>
        <BusinessCard user={user} />
        <SetupCard user={user} />
        <FiguresCard className={styles.wide} />
      </div>
    </div>
  );
}
