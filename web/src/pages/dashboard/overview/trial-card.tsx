import { makeStyles, ProgressBar, Skeleton, SkeletonItem, tokens, typographyStyles } from '@fluentui/react-components';
import { HourglassHalfRegular } from '@fluentui/react-icons';
import type { TrialStatus } from '@tradepost/shared/schemas/auth.ts';
import { useTrialStatus } from '../../../features/subscription/use-trial-status.ts';
import { useDashboardCardStyles } from './dashboard-card-styles.ts';

/** The trial length promised on the landing page; only used to draw the progress bar. */
const TRIAL_DAYS = 14;

const useStyles = makeStyles({
  big: {
    ...typographyStyles.title1,
    margin: 0,
    fontVariantNumeric: 'tabular-nums',
    color: tokens.colorNeutralForeground1,
  },
  unit: { ...typographyStyles.subtitle2, color: tokens.colorNeutralForeground2, marginLeft: '6px' },
});

function headline(status: TrialStatus): string {
  if (status.status === 'expired') return 'Your trial has ended';
  if (status.trial_days_remaining === 0) return 'Your trial ends today';
  return status.trial_days_remaining === 1 ? 'day left in your trial' : 'days left in your trial';
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
}

export function TrialCard() {
  const styles = useStyles();
  const card = useDashboardCardStyles();
  const trial = useTrialStatus();

  return (
    <section className={card.card} aria-labelledby="trial-title">
      <div className={card.head}>
        <span className={card.icon} aria-hidden="true">
          <HourglassHalfRegular />
        </span>
        <h2 id="trial-title" className={card.title}>
          Free trial
        </h2>
      </div>
      {trial.isPending ? (
        <Skeleton aria-label="Loading trial status">
          <SkeletonItem size={32} />
          <SkeletonItem size={12} />
        </Skeleton>
      ) : trial.isError ? (
        <p className={card.muted}>Trial status is unavailable right now. It will show here once it loads.</p>
      ) : (
        <>
          {trial.data.status === 'trialing' && trial.data.trial_days_remaining > 0 ? (
            <p className={styles.big}>
              {trial.data.trial_days_remaining}
              <span className={styles.unit}>{headline(trial.data)}</span>
            </p>
          ) : (
            <p className={card.value}>{headline(trial.data)}</p>
          )}
          <ProgressBar
            value={Math.min(TRIAL_DAYS, trial.data.trial_days_remaining)}
            max={TRIAL_DAYS}
            thickness="large"
            aria-label="Trial days remaining"
          />
          <p className={card.muted}>
            {trial.data.status === 'expired' ? 'Ended' : 'Ends'} on {formatDate(trial.data.trial_ends_at)}
          </p>
        </>
      )}
    </section>
  );
}
