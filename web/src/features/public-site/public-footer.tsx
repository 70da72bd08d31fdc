import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { RouterLink } from '../navigation/router-link.tsx';
import { BrandLogo } from './brand-mark.tsx';
import { publicNavLinks } from './public-nav-links.ts';

const useStyles = makeStyles({
  footer: {
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  inner: {
    maxWidth: '1160px',
    margin: '0 auto',
    padding: '32px 24px',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '16px 32px',
    '@media (max-width: 600px)': { padding: '24px 16px', flexDirection: 'column', alignItems: 'flex-start' },
  },
  about: { display: 'flex', flexDirection: 'column', gap: '6px' },
  tagline: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, margin: 0 },
  navs: { display: 'flex', flexWrap: 'wrap', gap: '12px 40px' },
  links: { display: 'flex', flexWrap: 'wrap', gap: '8px 20px', listStyle: 'none', margin: 0, padding: 0 },
  small: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, margin: 0 },
});

export function PublicFooter() {
  const styles = useStyles();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <BrandLogo />
          <p className={styles.tagline}>Inventory and multi-marketplace selling for resellers.</p>
        </div>
        <div className={styles.navs}>
          <nav aria-label="Product">
            <ul className={styles.links}>
              {publicNavLinks.map(({ to, label }) => (
                <li key={to}>
                  <RouterLink to={to}>{label}</RouterLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label="Account">
            <ul className={styles.links}>
              <li>
                <RouterLink to="/login">Sign in</RouterLink>
              </li>
              <li>
                <RouterLink to="/register">Create an account</RouterLink>
              </li>
            </ul>
          </nav>
        </div>
        <p className={styles.small}>© {new Date().getFullYear()} Tradepost</p>
      </div>
    </footer>
  );
}
