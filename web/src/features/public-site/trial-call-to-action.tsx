import { cx } from './cx.ts';
import layout from './marketing-layout.module.css';
import { PublicButtonLink, PublicLink } from './public-link.tsx';
import { usePublicSite } from './public-site-context.ts';
import styles from './trial-call-to-action.module.css';

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
  const { signedIn } = usePublicSite();
  return (
    <section className={cx(styles.wrap, afterBand && styles.afterBand)} aria-labelledby="trial-cta-title">
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
              <PublicButtonLink to="/dashboard" appearance="secondary" size="large">
                Open your dashboard
              </PublicButtonLink>
            ) : (
              <>
                <PublicButtonLink to="/register" appearance="secondary" size="large">
                  Create your free account
                </PublicButtonLink>
                <span className={styles.signIn}>
                  Already selling with us?{' '}
                  <PublicLink to="/login" className={styles.onBrandLink}>
                    Sign in
                  </PublicLink>
                </span>
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
