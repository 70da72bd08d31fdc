import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { CheckmarkCircleFilled } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { PublicHeader } from './public-header.tsx';

const useStyles = makeStyles({
  page: {
    minHeight: '100dvh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  main: {
    flexGrow: 1,
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    '@media (max-width: 960px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  aside: {
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    gap: '28px',
    padding: '64px clamp(32px, 6vw, 96px)',
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundImage: [
      `radial-gradient(70% 60% at 100% 0%, ${tokens.colorBrandBackgroundHover} 0%, transparent 70%)`,
      `linear-gradient(160deg, ${tokens.colorBrandBackground} 0%, ${tokens.colorBrandBackgroundPressed} 100%)`,
    ].join(', '),
    '@media (max-width: 960px)': { display: 'none' },
  },
  asideTitle: {
    ...typographyStyles.title1,
    fontSize: 'clamp(2rem, 2vw + 1rem, 2.75rem)',
    lineHeight: 1.1,
    letterSpacing: '-0.03em',
    margin: 0,
    maxWidth: '460px',
    textWrap: 'balance',
  },
  line: { display: 'block' },
  asideList: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '14px' },
  asideItem: {
    ...typographyStyles.body2,
    display: 'flex',
    alignItems: 'flex-start',
    gap: '10px',
    lineHeight: 1.5,
    maxWidth: '440px',
  },
  asideIcon: { fontSize: '20px', flexShrink: 0, marginTop: '1px' },
  formArea: {
    display: 'flex',
    justifyContent: 'center',
    alignItems: 'center',
    padding: '48px 24px',
    '@media (max-width: 600px)': { alignItems: 'flex-start', padding: '24px 16px 40px' },
  },
  card: {
    width: '100%',
    maxWidth: '440px',
    padding: '36px',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow16,
    '@media (max-width: 600px)': { padding: '24px 20px' },
  },
});

const reasons = [
  'One stock ledger for every pair, with cost and profit on every sale.',
  'Sizes and quantities pushed to eBay, Shopify, Square and Whatnot in seconds.',
  'Automation that keeps running after you close the tab.',
];

/** Frame of the sign-in and registration screens: why Tradepost on the left, the form on the right. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <PublicHeader showAuthLinks={false} />
      <main className={styles.main}>
        <aside className={styles.aside}>
          <h2 className={styles.asideTitle}>
            <span className={styles.line}>List once.</span> <span className={styles.line}>Sell everywhere.</span>{' '}
            <span className={styles.line}>Never sell the same pair twice.</span>
          </h2>
          <ul className={styles.asideList}>
            {reasons.map((reason) => (
              <li key={reason} className={styles.asideItem}>
                <CheckmarkCircleFilled className={styles.asideIcon} aria-hidden="true" />
                {reason}
              </li>
            ))}
          </ul>
        </aside>
        <div className={styles.formArea}>
          <div className={styles.card}>{children}</div>
        </div>
      </main>
    </div>
  );
}
