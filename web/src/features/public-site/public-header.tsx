import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { Link as RouterDomLink } from 'react-router-dom';
import { ButtonLink } from '../navigation/router-link.tsx';
import { ThemeToggle } from '../preferences/theme-toggle.tsx';
import { signedInAtom } from '../session/signed-in-atom.ts';
import { BrandLogo } from './brand-mark.tsx';
import { PublicNav, PublicNavMenu } from './public-nav.tsx';

const useStyles = makeStyles({
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    backgroundColor: `color-mix(in srgb, ${tokens.colorNeutralBackground1} 86%, transparent)`,
    backdropFilter: 'saturate(180%) blur(12px)',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  inner: {
    maxWidth: '1160px',
    margin: '0 auto',
    padding: '12px 24px',
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    '@media (max-width: 600px)': { padding: '10px 16px' },
    '@media (max-width: 420px)': { gap: '4px' },
  },
  home: {
    textDecoration: 'none',
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  nav: { marginLeft: '20px', '@media (max-width: 960px)': { marginLeft: '8px' } },
  spacer: { flexGrow: 1, minWidth: 0 },
  signIn: {
    whiteSpace: 'nowrap',
    flexShrink: 0,
    '@media (max-width: 420px)': { minWidth: 'auto', paddingInline: '8px' },
  },
  /** On a phone the site menu carries "Sign in", so the header keeps room for the trial button. */
  signInInMenu: { '@media (max-width: 480px)': { display: 'none' } },
  long: { '@media (max-width: 420px)': { display: 'none' } },
  short: { display: 'none', '@media (max-width: 420px)': { display: 'inline' } },
  trial: {
    whiteSpace: 'nowrap',
    flexShrink: 0,
    '@media (max-width: 420px)': { display: 'none' },
  },
  trialShort: {
    display: 'none',
    whiteSpace: 'nowrap',
    flexShrink: 0,
    '@media (max-width: 420px)': { display: 'inline-flex' },
  },
});

type PublicHeaderProps = {
  /** Sign in and trial buttons (the sign-in and registration pages leave them out). */
  showAuthLinks?: boolean;
  /** Links to the public pages (the store-floor kiosk leaves them out). */
  showNav?: boolean;
};

/** Header of the public pages: logo home, the public pages, theme, sign in and the trial call to action. */
export function PublicHeader({ showAuthLinks = true, showNav = true }: PublicHeaderProps) {
  const styles = useStyles();
  const signedIn = useAtomValue(signedInAtom);
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <RouterDomLink to="/" className={styles.home} aria-label="Tradepost home">
          <BrandLogo />
        </RouterDomLink>
        {showNav ? (
          <div className={styles.nav}>
            <PublicNav />
          </div>
        ) : null}
        <span className={styles.spacer} />
        <ThemeToggle />
        {showAuthLinks && signedIn ? (
          <ButtonLink to="/dashboard" appearance="primary" className={styles.signIn}>
            <span className={styles.long}>Open dashboard</span>
            <span className={styles.short}>Dashboard</span>
          </ButtonLink>
        ) : showAuthLinks ? (
          <>
            <ButtonLink to="/login" appearance="subtle" className={mergeClasses(styles.signIn, showNav && styles.signInInMenu)}>
              Sign in
            </ButtonLink>
            <ButtonLink to="/register" appearance="primary" className={styles.trial}>
              Start free trial
            </ButtonLink>
            <ButtonLink to="/register" appearance="primary" className={styles.trialShort}>
              Try free
            </ButtonLink>
          </>
        ) : null}
        {showNav ? <PublicNavMenu withSignIn={showAuthLinks && !signedIn} /> : null}
      </div>
    </header>
  );
}
