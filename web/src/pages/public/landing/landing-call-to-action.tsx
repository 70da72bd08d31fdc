import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { ButtonLink, RouterLink } from '../../../features/navigation/router-link.tsx';
import { useLandingLayoutStyles } from './landing-layout.ts';

const useStyles = makeStyles({
  wrap: { paddingBottom: '88px', '@media (max-width: 600px)': { paddingBottom: '56px' } },
  band: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '24px 48px',
    padding: '48px',
    borderRadius: tokens.borderRadiusXLarge,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundImage: `linear-gradient(120deg, ${tokens.colorBrandBackground} 0%, ${tokens.colorBrandBackgroundPressed} 100%)`,
    boxShadow: tokens.shadow16,
    '@media (max-width: 600px)': { padding: '32px 24px' },
  },
  text: { maxWidth: '560px' },
  title: {
    ...typographyStyles.title2,
    fontSize: 'clamp(1.5rem, 1.5vw + 1rem, 2rem)',
    letterSpacing: '-0.02em',
    margin: '0 0 10px',
  },
  body: { ...typographyStyles.body2, lineHeight: 1.6, margin: 0, opacity: 0.92 },
  actions: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '12px' },
  signIn: {
    ...typographyStyles.body1,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  onBrandLink: {
    color: tokens.colorNeutralForegroundOnBrand,
    textDecoration: 'underline',
    ':hover': { color: tokens.colorNeutralForegroundOnBrand },
    ':hover:active': { color: tokens.colorNeutralForegroundOnBrand },
  },
});

export function LandingCallToAction() {
  const styles = useStyles();
  const layout = useLandingLayoutStyles();
  return (
    <section className={styles.wrap} aria-labelledby="cta-title">
      <div className={layout.container}>
        <div className={styles.band}>
          <div className={styles.text}>
            <h2 id="cta-title" className={styles.title}>
              Try Tradepost free for 14 days
            </h2>
            <p className={styles.body}>
              Create your business account in a minute, bring in your stock and connect your channels. Your trial starts the moment you sign
              up.
            </p>
          </div>
          <div className={styles.actions}>
            <ButtonLink to="/register" appearance="secondary" size="large">
              Create your free account
            </ButtonLink>
            <span className={styles.signIn}>
              Already selling with us?{' '}
              <RouterLink to="/login" className={styles.onBrandLink}>
                Sign in
              </RouterLink>
            </span>
          </div>
        </div>
      </div>
    </section>
  );
}
