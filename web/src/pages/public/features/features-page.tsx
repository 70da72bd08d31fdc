import { useEffect } from 'react';
import { MarketingPage, PageHero } from '../../../features/public-site/marketing-page.tsx';
import { ArrowRightRegular } from '../../../features/public-site/public-icons.ts';
import { PublicButtonLink } from '../../../features/public-site/public-link.tsx';
import { usePublicSite } from '../../../features/public-site/public-site-context.ts';
import { TrialCallToAction } from '../../../features/public-site/trial-call-to-action.tsx';
import { FeatureAreas } from './feature-areas.tsx';
import { FeatureAudiences } from './feature-audiences.tsx';
import { FeatureDeepDives } from './feature-deep-dives.tsx';
import styles from './features-page.module.css';

const sections = [
  { href: '#sync', label: 'Marketplace sync' },
  { href: '#ledger', label: 'Stock ledger' },
  { href: '#automation', label: 'Automation' },
  { href: '#extension', label: 'Browser extension' },
  { href: '#more', label: 'Purchasing, consignment, wholesale and more' },
] as const;

/**
 * Links such as /features#ledger (from the testimonials page) land on their section. The app scrolls
 * to the top on every route change, so this waits for that to happen first.
 */
function useScrollToHash(): void {
  const { hash } = usePublicSite();
  useEffect(() => {
    if (hash === '') return;
    const timer = window.setTimeout(() => document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView(), 0);
    return () => window.clearTimeout(timer);
  }, [hash]);
}

/** Public page /features: what Tradepost does, area by area. */
export function FeaturesPage() {
  useScrollToHash();
  return (
    <MarketingPage>
      <PageHero
        id="features-title"
        eyebrow="Features"
        title="Everything between buying a pair and banking the profit"
        lead="Tradepost is inventory and multi-marketplace selling for sneaker, streetwear and collectibles resellers: one stock ledger with real costs, listed on eBay, Shopify, Square and Whatnot at once, with the syncing done on our servers."
      >
        <div className={styles.actions}>
          <PublicButtonLink to="/register" appearance="primary" size="large" icon={<ArrowRightRegular />} iconPosition="after">
            Start your 14-day free trial
          </PublicButtonLink>
          <PublicButtonLink to="/pricing" appearance="secondary" size="large">
            See pricing
          </PublicButtonLink>
        </div>
        <nav aria-label="On this page">
          <ul className={styles.jump}>
            {sections.map((section) => (
              <li key={section.href}>
                <a className={styles.jumpLink} href={section.href}>
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>
      <FeatureDeepDives />
      <FeatureAreas />
      <FeatureAudiences />
      <TrialCallToAction afterBand />
    </MarketingPage>
  );
}
