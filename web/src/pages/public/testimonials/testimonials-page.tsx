import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { InfoRegular } from '@fluentui/react-icons';
import { useMarketingLayoutStyles } from '../../../features/public-site/marketing-layout.ts';
import { MarketingPage, PageHero } from '../../../features/public-site/marketing-page.tsx';
import { TrialCallToAction } from '../../../features/public-site/trial-call-to-action.tsx';
import { resellerStories } from './reseller-stories.ts';
import { StoryCard } from './story-card.tsx';

const useStyles = makeStyles({
  stories: { paddingTop: '56px', '@media (max-width: 600px)': { paddingTop: '32px' } },
  note: {
    display: 'flex',
    gap: '12px',
    alignItems: 'flex-start',
    padding: '16px 20px',
    marginBottom: '32px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    ...typographyStyles.body1,
    lineHeight: 1.6,
    color: tokens.colorNeutralForeground2,
  },
  noteIcon: { fontSize: '20px', color: tokens.colorBrandForeground1, flexShrink: 0, marginTop: '2px' },
  noteTitle: { ...typographyStyles.body1Strong, color: tokens.colorNeutralForeground1 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: '20px',
    '@media (max-width: 860px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

/** Public page /testimonials: composite reseller stories, labelled as such, and how Tradepost answers each. */
export function TestimonialsPage() {
  const styles = useStyles();
  const layout = useMarketingLayoutStyles();
  return (
    <MarketingPage>
      <PageHero
        id="testimonials-title"
        eyebrow="Testimonials"
        title="What resellers tell us they need"
        lead="The same few problems come up again and again when resellers describe their week: double sales, unknown costs, payout days and packing mistakes. Here they are as stories, with the part of Tradepost built to answer each one."
      />
      <section className={mergeClasses(layout.section, styles.stories)} aria-label="Reseller stories">
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
