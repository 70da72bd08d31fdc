import { cx } from '../../../features/public-site/cx.ts';
import layout from '../../../features/public-site/marketing-layout.module.css';
import { MarketingPage, PageHero } from '../../../features/public-site/marketing-page.tsx';
import { TrialCallToAction } from '../../../features/public-site/trial-call-to-action.tsx';
import { PlanCards } from './plan-cards.tsx';
import { PlanComparison } from './plan-comparison.tsx';
import styles from './pricing-page.module.css';
import { PricingQuestions } from './pricing-questions.tsx';

/** Public page /pricing: three plans in USD per month, each with a 14-day free trial. */
export function PricingPage() {
  return (
    <MarketingPage>
      <PageHero
        id="pricing-title"
        eyebrow="Pricing"
        title="One flat monthly price. 14 days free on every plan."
        lead="Pick the plan that fits how many people, channels and pairs you have. No share of your sales, no setup fee. Prices are in US dollars per month."
      />
      <section className={cx(layout.section, styles.plans)} aria-label="Plans and prices">
        <div className={layout.container}>
          <PlanCards />
          <p className={styles.note}>
            All prices in USD per month, before any sales tax. The trial needs no payment card; choose a plan before it ends to keep
            selling.
          </p>
        </div>
      </section>
      <section className={cx(layout.section, layout.band)} aria-labelledby="compare-title">
        <div className={layout.container}>
          <div className={layout.intro}>
            <p className={layout.eyebrow}>Compare</p>
            <h2 id="compare-title" className={layout.heading}>
              Plans side by side
            </h2>
          </div>
          <PlanComparison />
        </div>
      </section>
      <section className={layout.section} aria-labelledby="questions-title">
        <div className={layout.container}>
          <div className={styles.narrow}>
            <div className={layout.intro}>
              <p className={layout.eyebrow}>Questions</p>
              <h2 id="questions-title" className={layout.heading}>
                Before you start
              </h2>
            </div>
            <PricingQuestions />
          </div>
        </div>
      </section>
      <TrialCallToAction title="Start with 14 days free" />
    </MarketingPage>
  );
}
