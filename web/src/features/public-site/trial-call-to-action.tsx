import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { ButtonLink, RouterLink } from '../navigation/router-link.tsx';
import { signedInAtom } from '../session/signed-in-atom.ts';
import { useMarketingLayoutStyles } from './marketing-layout.ts';

const useStyles = makeStyles({
  wrap: { padding: '0 0 88px', '@media (max-width: 600px)': { paddingBottom: '56px' } },
  afterBand: { paddingTop: '88px', '@media (max-width: 600px)': { paddingTop: '56px' } },
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
  signIn: { ...typographyStyles.body1, color: tokens.colorNeutralForegroundOnBrand },
  onBrandLink: {
    color: tokens.colorNeutralForegroundOnBrand,
    textDecoration: 'underline',
    ':hover': { color: tokens.colorNeutralForegroundOnBrand },
    ':hover:active': { color: tokens.colorNeutralForegroundOnBrand },
  },
});

type TrialCallToActionProps = {
  title?: string;
  body?: string;
  /** The section before it has a band background, so the call to action needs its own space above. */
  afterBand?: boolean;
};

/** The closing band of a public page: start the 14-day trial (or go back to work when signed in). */
export function TrialCallToAction({
  title = 'Try Tradepost free for 14 days',
  body = 'Create your business account in a minute, bring in your stock and connect your channels. Your trial starts the moment you sign up.',
  afterBand = false,
}: TrialCallToActionProps) {
  const styles = useStyles();
  const layout = useMarketingLayoutStyles();
  const signedIn = useAtomValue(signedInAtom);
  return (
    <section className={mergeClasses(styles.wrap, afterBand && styles.afterBand)} aria-labelledby="trial-cta-title">
      <div className={layout.container}>
        <div className={styles.band}>
          <div className={styles.text}>
            <h2 id="trial-cta-title" className={styles.title}>
              {title}
            </h2>
            <p className={styles.body}>{body}</p>
          </div>
          <div className={styles.actions}>
            {signedIn ? (
              <ButtonLink to="/dashboard" appearance="secondary" size="large">
                Open your dashboard
              </ButtonLink>
            ) : (
              <>
                <ButtonLink to="/register" appearance="secondary" size="large">
                  Create your free account
                </ButtonLink>
                <span className={styles.signIn}>
                  Already selling with us?{' '}
                  <RouterLink to="/login" className={styles.onBrandLink}>
                    Sign in
                  </RouterLink>
                </span>
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
