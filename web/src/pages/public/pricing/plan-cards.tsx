import { Badge, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { CheckmarkRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { signedInAtom } from '../../../features/session/signed-in-atom.ts';
import { type Plan, plans } from './pricing-plans.ts';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: '20px',
    alignItems: 'stretch',
    listStyle: 'none',
    margin: 0,
    padding: 0,
    '@media (max-width: 960px)': { gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: '560px', margin: '0 auto' },
  },
  card: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    gap: '20px',
    padding: '32px 28px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    minWidth: 0,
    '@media (max-width: 600px)': { padding: '24px 20px' },
  },
  highlighted: {
    border: `2px solid ${tokens.colorBrandStroke1}`,
    boxShadow: tokens.shadow16,
  },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px' },
  name: { ...typographyStyles.title3, margin: 0, color: tokens.colorNeutralForeground1 },
  forWhom: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2, minHeight: '40px' },
  price: { display: 'flex', alignItems: 'baseline', gap: '6px', margin: 0 },
  amount: {
    ...typographyStyles.largeTitle,
    fontWeight: tokens.fontWeightBold,
    letterSpacing: '-0.03em',
    color: tokens.colorNeutralForeground1,
    fontVariantNumeric: 'tabular-nums',
  },
  per: { ...typographyStyles.body1, color: tokens.colorNeutralForeground3 },
  trial: { ...typographyStyles.caption1, margin: '-12px 0 0', color: tokens.colorNeutralForeground3 },
  cta: { width: '100%' },
  sectionTitle: {
    ...typographyStyles.caption1Strong,
    textTransform: 'uppercase',
    letterSpacing: '0.06em',
    color: tokens.colorNeutralForeground3,
    margin: '0 0 10px',
  },
  limits: {
    margin: 0,
    padding: '14px 16px',
    listStyle: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: '6px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    ...typographyStyles.body1Strong,
    color: tokens.colorNeutralForeground1,
  },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  item: {
    ...typographyStyles.body1,
    display: 'flex',
    gap: '8px',
    alignItems: 'flex-start',
    color: tokens.colorNeutralForeground2,
  },
  lead: { ...typographyStyles.body1Strong, color: tokens.colorNeutralForeground1 },
  check: { color: tokens.colorBrandForeground1, fontSize: '16px', flexShrink: 0, marginTop: '2px' },
});

function PlanCard({ plan, signedIn }: { plan: Plan; signedIn: boolean }) {
  const styles = useStyles();
  const titleId = `plan-${plan.id}-title`;
  return (
    <li className={mergeClasses(styles.card, plan.highlighted && styles.highlighted)} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h3 id={titleId} className={styles.name}>
          {plan.name}
        </h3>
        {plan.highlighted ? (
          <Badge appearance="filled" color="brand">
            Every channel
          </Badge>
        ) : null}
      </div>
      <p className={styles.forWhom}>{plan.forWhom}</p>
      <p className={styles.price}>
        <span className={styles.amount}>${plan.priceUsd}</span>
        <span className={styles.per}>USD / month</span>
      </p>
      <p className={styles.trial}>14 days free, then billed monthly.</p>
      {signedIn ? (
        <ButtonLink to="/dashboard" appearance={plan.highlighted ? 'primary' : 'secondary'} size="large" className={styles.cta}>
          Open your dashboard
        </ButtonLink>
      ) : (
        <ButtonLink to="/register" appearance={plan.highlighted ? 'primary' : 'secondary'} size="large" className={styles.cta}>
          Start 14-day free trial
        </ButtonLink>
      )}
      <div>
        <p className={styles.sectionTitle}>Limits</p>
        <ul className={styles.limits}>
          {plan.limits.map((limit) => (
            <li key={limit}>{limit}</li>
          ))}
        </ul>
      </div>
      <div>
        <p className={styles.sectionTitle}>Includes</p>
        <ul className={styles.list}>
          {plan.includes.map((line) =>
            line.endsWith(':') ? (
              <li key={line} className={mergeClasses(styles.item, styles.lead)}>
                {line}
              </li>
            ) : (
              <li key={line} className={styles.item}>
                <CheckmarkRegular className={styles.check} aria-hidden="true" />
                {line}
              </li>
            ),
          )}
        </ul>
      </div>
    </li>
  );
}

export function PlanCards() {
  const styles = useStyles();
  const signedIn = useAtomValue(signedInAtom);
  return (
    <ul className={styles.grid} aria-label="Plans">
      {plans.map((plan) => (
        <PlanCard key={plan.id} plan={plan} signedIn={signedIn} />
      ))}
    </ul>
  );
}
