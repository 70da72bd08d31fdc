import { Badge, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowRightRegular } from '@fluentui/react-icons';
import { RouterLink } from '../../../features/navigation/router-link.tsx';
import type { ResellerStory } from './reseller-stories.ts';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    padding: '28px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    minWidth: 0,
    '@media (max-width: 600px)': { padding: '22px 20px' },
  },
  head: { display: 'flex', flexDirection: 'column', gap: '10px' },
  badgeRow: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px' },
  persona: { ...typographyStyles.subtitle1, margin: 0, color: tokens.colorNeutralForeground1 },
  setup: { display: 'flex', flexWrap: 'wrap', gap: '6px', listStyle: 'none', margin: 0, padding: 0 },
  chip: {
    ...typographyStyles.caption1Strong,
    display: 'inline-flex',
    padding: '3px 10px',
    borderRadius: tokens.borderRadiusCircular,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground2,
  },
  blocks: { display: 'flex', flexDirection: 'column', gap: '14px', margin: 0 },
  block: { display: 'flex', flexDirection: 'column', gap: '4px' },
  term: {
    ...typographyStyles.caption1Strong,
    textTransform: 'uppercase',
    letterSpacing: '0.06em',
    color: tokens.colorNeutralForeground3,
  },
  problem: {
    ...typographyStyles.body1,
    lineHeight: 1.6,
    margin: 0,
    paddingLeft: '12px',
    borderLeft: `3px solid ${tokens.colorBrandStroke2}`,
    color: tokens.colorNeutralForeground1,
  },
  detail: { ...typographyStyles.body1, lineHeight: 1.6, margin: 0, color: tokens.colorNeutralForeground2 },
  answerTerm: { color: tokens.colorBrandForeground1 },
  more: { marginTop: 'auto', display: 'inline-flex', alignItems: 'center', gap: '4px' },
});

const featureNames: Record<ResellerStory['featureAnchor'], string> = {
  sync: 'Marketplace sync',
  ledger: 'The stock ledger',
  automation: 'Server-side automation',
  extension: 'The browser extension',
  more: 'Consignment, fulfillment and more',
};

export function StoryCard({ story }: { story: ResellerStory }) {
  const styles = useStyles();
  const titleId = `story-${story.id}`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.head}>
        <div className={styles.badgeRow}>
          <Badge appearance="tint" color="informative">
            Illustrative composite
          </Badge>
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
          <dt className={mergeClasses(styles.term, styles.answerTerm)}>How Tradepost helps</dt>
          <dd className={styles.detail}>{story.answer}</dd>
        </div>
      </dl>
      <span className={styles.more}>
        <RouterLink to={`/features#${story.featureAnchor}`}>{featureNames[story.featureAnchor]}</RouterLink>
        <ArrowRightRegular aria-hidden="true" />
      </span>
    </article>
  );
}
