import { cx } from '../../../features/public-site/cx.ts';
import { PublicBadge } from '../../../features/public-site/public-badge.tsx';
import { ArrowRightRegular } from '../../../features/public-site/public-icons.ts';
import { PublicLink } from '../../../features/public-site/public-link.tsx';
import type { ResellerStory } from './reseller-stories.ts';
import styles from './story-card.module.css';

const featureNames: Record<ResellerStory['featureAnchor'], string> = {
  sync: 'Marketplace sync',
  ledger: 'The stock ledger',
  automation: 'Server-side automation',
  extension: 'The browser extension',
  more: 'Consignment, fulfillment and more',
};

export function StoryCard({ story }: { story: ResellerStory }) {
  const titleId = `story-${story.id}`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.head}>
        <div className={styles.badgeRow}>
          <PublicBadge appearance="tint" color="informative">
            Illustrative composite
          </PublicBadge>
        </div>
        <h3 id={titleId} className={styles.persona}>
          {story.persona}
        </h3>
        <ul className={styles.setup} aria-label="How they sell">
          {story.setup.map((item) => (
            <li key={item}>
              <span className={styles.chip}>{item}</span>
            </li>
          ))}
        </ul>
      </div>
      <dl className={styles.blocks}>
        <div className={styles.block}>
          <dt className={styles.term}>The problem</dt>
          <dd className={styles.problem}>{story.problem}</dd>
        </div>
        <div className={styles.block}>
          <dt className={styles.term}>What they need</dt>
          <dd className={styles.detail}>{story.need}</dd>
        </div>
        <div className={styles.block}>
          <dt className={cx(styles.term, styles.answerTerm)}>How Tradepost helps</dt>
          <dd className={styles.detail}>{story.answer}</dd>
        </div>
      </dl>
      <span className={styles.more}>
        <PublicLink to={`/features#${story.featureAnchor}`}>{featureNames[story.featureAnchor]}</PublicLink>
        <ArrowRightRegular aria-hidden="true" />
      </span>
    </article>
  );
}
