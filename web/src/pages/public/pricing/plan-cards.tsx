import { cx } from '../../../features/public-site/cx.ts';
import { PublicBadge } from '../../../features/public-site/public-badge.tsx';
import { PublicButtonLink } from '../../../features/public-site/public-link.tsx';
import { usePublicSite } from '../../../features/public-site/public-site-context.ts';
import styles from './plan-cards.module.css';
import { CheckmarkRegular } from './pricing-icons.ts';
import { type Plan, plans } from './pricing-plans.ts';

function PlanCard({ plan, signedIn }: { plan: Plan; signedIn: boolean }) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <li className={cx(styles.card, plan.highlighted && styles.highlighted)} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h3 id={titleId} className={styles.name}>
          {plan.name}
        </h3>
        {plan.highlighted ? (
          <PublicBadge appearance="filled" color="brand">
            Every channel
          </PublicBadge>
        ) : null}
      </div>
      <p className={styles.forWhom}>{plan.forWhom}</p>
      <p className={styles.price}>
        <span className={styles.amount}>${plan.priceUsd}</span>
        <span className={styles.per}>USD / month</span>
      </p>
      <p className={styles.trial}>14 days free, then billed monthly.</p>
      {signedIn ? (
        <PublicButtonLink to="/dashboard" appearance={plan.highlighted ? 'primary' : 'secondary'} size="large" className={styles.cta}>
          Open your dashboard
        </PublicButtonLink>
      ) : (
        <PublicButtonLink to="/register" appearance={plan.highlighted ? 'primary' : 'secondary'} size="large" className={styles.cta}>
          Start 14-day free trial
        </PublicButtonLink>
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
              <li key={line} className={cx(styles.item, styles.lead)}>
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
  const { signedIn } = usePublicSite();
  return (
    <ul className={styles.grid} aria-label="Plans">
      {plans.map((plan) => (
        <PlanCard key={plan.id} plan={plan} signedIn={signedIn} />
      ))}
    </ul>
  );
}
