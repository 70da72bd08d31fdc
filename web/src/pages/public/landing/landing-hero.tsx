import { cx } from '../../../features/public-site/cx.ts';
import layout from '../../../features/public-site/marketing-layout.module.css';
import { ArrowRightRegular, CheckmarkCircleRegular } from '../../../features/public-site/public-icons.ts';
import { PublicButtonLink } from '../../../features/public-site/public-link.tsx';
import styles from './landing-hero.module.css';
import { SyncIllustration } from './sync-illustration.tsx';

export function LandingHero() {
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
              <span className={cx(styles.line, styles.accent)}>Never sell the same pair twice.</span>
            </h1>
            <p className={styles.lead}>
              Tradepost keeps one stock ledger for every pair, piece and card you own and pushes sizes and quantities to eBay, Shopify,
              Square and Whatnot. When something sells on one channel, it comes off the others in seconds, before a second buyer can check
              out.
            </p>
            <div className={styles.actions}>
              <PublicButtonLink to="/register" appearance="primary" size="large" icon={<ArrowRightRegular />} iconPosition="after">
                Start your 14-day free trial
              </PublicButtonLink>
              <PublicButtonLink to="/login" appearance="secondary" size="large">
                Sign in
              </PublicButtonLink>
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
