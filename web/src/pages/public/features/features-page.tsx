import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowRightRegular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { MarketingPage, PageHero } from '../../../features/public-site/marketing-page.tsx';
import { TrialCallToAction } from '../../../features/public-site/trial-call-to-action.tsx';
import { FeatureAreas } from './feature-areas.tsx';
import { FeatureAudiences } from './feature-audiences.tsx';
import { FeatureDeepDives } from './feature-deep-dives.tsx';

const useStyles = makeStyles({
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '12px',
    '@media (max-width: 420px)': { flexDirection: 'column', alignItems: 'stretch' },
  },
  jump: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '8px',
    listStyle: 'none',
    margin: '28px 0 0',
    padding: 0,
  },
  jumpLink: {
    ...typographyStyles.caption1Strong,
    display: 'inline-flex',
    padding: '6px 12px',
    borderRadius: tokens.borderRadiusCircular,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground2,
    textDecoration: 'none',
    ':hover': { color: tokens.colorBrandForeground1, border: `1px solid ${tokens.colorBrandStroke2}` },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

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
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '') return;
    const timer = window.setTimeout(() => document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView(), 0);
    return () => window.clearTimeout(timer);
  }, [hash]);
}

/** Public page /features: what Tradepost does, area by area. */
export function FeaturesPage() {
  const styles = useStyles();
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
          <ButtonLink to="/register" appearance="primary" size="large" icon={<ArrowRightRegular />} iconPosition="after">
            Start your 14-day free trial
          </ButtonLink>
          <ButtonLink to="/pricing" appearance="secondary" size="large">
            See pricing
          </ButtonLink>
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
