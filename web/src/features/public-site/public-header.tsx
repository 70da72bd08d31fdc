import { makeStyles, tokens } from '@fluentui/react-components';
import { Link as RouterDomLink } from 'react-router-dom';
import { ButtonLink } from '../navigation/router-link.tsx';
import { ThemeToggle } from '../preferences/theme-toggle.tsx';
import { BrandLogo } from './brand-mark.tsx';

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
  spacer: { flexGrow: 1, minWidth: 0 },
  signIn: {
    whiteSpace: 'nowrap',
    flexShrink: 0,
    '@media (max-width: 420px)': { minWidth: 'auto', paddingInline: '8px' },
  },
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

/** Header of the public pages: logo home, theme, sign in and the trial call to action. */
export function PublicHeader({ showAuthLinks = true }: { showAuthLinks?: boolean }) {
  const styles = useStyles();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <RouterDomLink to="/" className={styles.home} aria-label="Tradepost home">
          <BrandLogo />
        </RouterDomLink>
        <span className={styles.spacer} />
        <ThemeToggle />
        {showAuthLinks ? (
          <>
            <ButtonLink to="/login" appearance="subtle" className={styles.signIn}>
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
      </div>
    </header>
  );
}
