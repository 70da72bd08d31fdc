import { BrandLogo } from './brand-mark.tsx';
import styles from './public-footer.module.css';
import { PublicLink } from './public-link.tsx';
import { publicNavLinks } from './public-nav-links.ts';

export function PublicFooter() {
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
                  <PublicLink to={to}>{label}</PublicLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label="Account">
            <ul className={styles.links}>
              <li>
                <PublicLink to="/login">Sign in</PublicLink>
              </li>
              <li>
                <PublicLink to="/register">Create an account</PublicLink>
              </li>
            </ul>
          </nav>
        </div>
        <p className={styles.small}>© {new Date().getFullYear()} Tradepost</p>
      </div>
    </footer>
  );
}
