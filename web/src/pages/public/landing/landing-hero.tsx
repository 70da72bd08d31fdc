import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowRightRegular, CheckmarkCircleRegular } from '@fluentui/react-icons';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useMarketingLayoutStyles } from '../../../features/public-site/marketing-layout.ts';
import { SyncIllustration } from './sync-illustration.tsx';

const useStyles = makeStyles({
  hero: {
    position: 'relative',
    overflow: 'hidden',
    backgroundImage: [
      `radial-gradient(55% 70% at 85% 10%, ${tokens.colorBrandBackground2} 0%, transparent 70%)`,
      `radial-gradient(40% 50% at 0% 100%, ${tokens.colorBrandBackground2} 0%, transparent 70%)`,
    ].join(', '),
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1.1fr) minmax(0, 0.9fr)',
    alignItems: 'center',
    gap: '56px',
    padding: '88px 0 96px',
    '@media (max-width: 960px)': { gridTemplateColumns: 'minmax(0, 1fr)', gap: '48px', padding: '56px 0 64px' },
    '@media (max-width: 600px)': { padding: '36px 0 48px', gap: '36px' },
  },
  badge: {
    ...typographyStyles.caption1Strong,
    display: 'inline-flex',
    alignItems: 'center',
    gap: '8px',
    padding: '6px 12px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorBrandStroke2}`,
    color: tokens.colorBrandForeground1,
    marginBottom: '24px',
  },
  badgeDot: {
    width: '8px',
    height: '8px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground,
  },
  title: {
    ...typographyStyles.largeTitle,
    fontSize: 'clamp(2.25rem, 3.6vw + 1rem, 4rem)',
    lineHeight: 1.04,
    letterSpacing: '-0.035em',
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorNeutralForeground1,
    margin: '0 0 24px',
    textWrap: 'balance',
  },
  line: { display: 'block' },
  accent: { color: tokens.colorBrandForeground1 },
  lead: {
    ...typographyStyles.body2,
    fontSize: 'clamp(1.0625rem, 0.3vw + 1rem, 1.1875rem)',
    lineHeight: 1.6,
    color: tokens.colorNeutralForeground2,
    margin: '0 0 32px',
    maxWidth: '580px',
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '12px',
    marginBottom: '28px',
    '@media (max-width: 420px)': { flexDirection: 'column', alignItems: 'stretch' },
  },
  points: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '8px 20px',
    listStyle: 'none',
    padding: 0,
    margin: 0,
  },
  point: {
    ...typographyStyles.body1,
    display: 'inline-flex',
    alignItems: 'center',
    gap: '6px',
    color: tokens.colorNeutralForeground2,
  },
  pointIcon: { color: tokens.colorBrandForeground1, fontSize: '18px' },
});

export function LandingHero() {
  const styles = useStyles();
  const layout = useMarketingLayoutStyles();
  return (
    <section className={styles.hero} aria-labelledby="landing-title">
      <div className={layout.container}>
        <div className={styles.grid}>
          <div>
            <p className={styles.badge}>
              <span className={styles.badgeDot} aria-hidden="true" />
              For sneaker, streetwear and collectibles resellers
            </p>
            <h1 id="landing-title" className={styles.title}>
              <span className={styles.line}>List once.</span> <span className={styles.line}>Sell everywhere.</span>{' '}
              <span className={mergeClasses(styles.line, styles.accent)}>Never sell the same pair twice.</span>
            </h1>
            <p className={styles.lead}>
              Tradepost keeps one stock ledger for every pair, piece and card you own and pushes sizes and quantities to eBay, Shopify,
              Square and Whatnot. When something sells on one channel, it comes off the others in seconds, before a second buyer can check
              out.
            </p>
            <div className={styles.actions}>
              <ButtonLink to="/register" appearance="primary" size="large" icon={<ArrowRightRegular />} iconPosition="after">
                Start your 14-day free trial
              </ButtonLink>
              <ButtonLink to="/login" appearance="secondary" size="large">
                Sign in
              </ButtonLink>
            </div>
            <ul className={styles.points}>
              {['Every size and quantity in sync', 'Cost and profit on every sale', 'Runs while your laptop sleeps'].map((text) => (
                <li key={text} className={styles.point}>
                  <CheckmarkCircleRegular className={styles.pointIcon} aria-hidden="true" />
                  {text}
                </li>
              ))}
            </ul>
          </div>
          <SyncIllustration />
        </div>
      </div>
    </section>
  );
}
