import { BrandLogo } from './brand-mark.tsx';
import { cx } from './cx.ts';
import styles from './public-header.module.css';
import { PublicButtonLink, PublicLink } from './public-link.tsx';
import { PublicNav, PublicNavMenu } from './public-nav.tsx';
import { usePublicSite } from './public-site-context.ts';
import { PublicThemeToggle } from './public-theme-toggle.tsx';

type PublicHeaderProps = {
  /** Sign in and trial buttons (the sign-in and registration pages leave them out). */
  showAuthLinks?: boolean;
  /** Links to the public pages (the store-floor kiosk leaves them out). */
  showNav?: boolean;
};

/** Header of the public pages: logo home, the public pages, theme, sign in and the trial call to action. */
export function PublicHeader({ showAuthLinks = true, showNav = true }: PublicHeaderProps) {
  const { signedIn } = usePublicSite();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <PublicLink to="/" unstyled className={styles.home} aria-label="Tradepost home">
          <BrandLogo />
        </PublicLink>
        {showNav ? (
          <div className={styles.nav}>
            <PublicNav />
          </div>
        ) : null}
        <span className={styles.spacer} />
        <PublicThemeToggle />
        {showAuthLinks && signedIn ? (
          <PublicButtonLink to="/dashboard" appearance="primary" className={styles.signIn}>
            <span className={styles.long}>Open dashboard</span>
            <span className={styles.short}>Dashboard</span>
          </PublicButtonLink>
        ) : showAuthLinks ? (
          <>
            <PublicButtonLink to="/login" appearance="subtle" className={cx(styles.signIn, showNav && styles.signInInMenu)}>
              Sign in
            </PublicButtonLink>
            <PublicButtonLink to="/register" appearance="primary" className={styles.trial}>
              Start free trial
            </PublicButtonLink>
            <PublicButtonLink to="/register" appearance="primary" className={styles.trialShort}>
              Try free
            </PublicButtonLink>
          </>
        ) : null}
        {showNav ? <PublicNavMenu withSignIn={showAuthLinks && !signedIn} /> : null}
      </div>
    </header>
  );
}
