import { cx } from '../../../features/public-site/cx.ts';
import layout from '../../../features/public-site/marketing-layout.module.css';
import { MarketingPage, PageHero } from '../../../features/public-site/marketing-page.tsx';
import { TrialCallToAction } from '../../../features/public-site/trial-call-to-action.tsx';
import { resellerStories } from './reseller-stories.ts';
import { StoryCard } from './story-card.tsx';
import { InfoRegular } from './testimonials-icons.ts';
import styles from './testimonials-page.module.css';

/** Public page /testimonials: composite reseller stories, labelled as such, and how Tradepost answers each. */
export function TestimonialsPage() {
  return (
    <MarketingPage>
      <PageHero
        id="testimonials-title"
        eyebrow="Testimonials"
        title="What resellers tell us they need"
        lead="The same few problems come up again and again when resellers describe their week: double sales, unknown costs, payout days and packing mistakes. Here they are as stories, with the part of Tradepost built to answer each one."
      />
      <section className={cx(layout.section, styles.stories)} aria-label="Reseller stories">
        <div className={layout.container}>
          <p className={styles.note}>
            <InfoRegular className={styles.noteIcon} aria-hidden="true" />
            <span>
              <span className={styles.noteTitle}>About these stories. </span>
              Each one is an illustrative composite built from problems resellers commonly describe. They are not quotes from named
              customers, and none of them stands for a single real person or business. When customers agree to share their own words, they
              will appear here under their own names.
            </span>
          </p>
          <div className={styles.grid}>
            {resellerStories.map((story) => (
              <StoryCard key={story.id} story={story} />
            ))}
          </div>
        </div>
      </section>
      <TrialCallToAction
        title="Recognise one of these weeks?"
        body="Try Tradepost free for 14 days with your own stock and channels, and see whether it fixes yours."
      />
    </MarketingPage>
  );
}
