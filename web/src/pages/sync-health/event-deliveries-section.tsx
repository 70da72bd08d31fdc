import { MessageBar, MessageBarBody, makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowRoutingRegular, CheckmarkCircleRegular } from '@fluentui/react-icons';
import type { UseQueryResult } from '@tanstack/react-query';
import type { EventDeliveryList } from '@tradepost/shared/schemas/events.ts';
import { PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { type ReactNode, useId } from 'react';
import { DeliveryProblemsTable } from '../../features/events/delivery-problems-table.tsx';
import { deliveryFigures, deliveryProblemRows } from '../../features/events/delivery-wording.ts';
import { EVENT_DELIVERIES_LIMIT, EVENT_DELIVERIES_REFRESH_MS } from '../../features/events/use-event-deliveries.ts';
import { LoadFailed } from '../../features/layout/load-failed.tsx';
import { RouterLink } from '../../features/navigation/router-link.tsx';
import { useCan } from '../../features/session/use-can.ts';
import { HealthFigure, HealthFigures } from './health-figure.tsx';

const useStyles = makeStyles({
  status: {
    ...typographyStyles.body1,
    display: 'flex',
    gap: '8px',
    alignItems: 'center',
    margin: 0,
    color: tokens.colorNeutralForeground3,
  },
  calm: { ...typographyStyles.body1, display: 'flex', gap: '8px', alignItems: 'center', margin: 0, color: tokens.colorNeutralForeground2 },
  calmIcon: { display: 'flex', fontSize: '20px', color: tokens.colorPaletteGreenForeground1 },
  note: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
});

/** What a reseller can do about the problems listed: usually nothing, sometimes send the figures again. */
function ProblemAdvice({ counts }: { counts: EventDeliveryList['counts'] }) {
  const canUpdateListings = useCan()('listings:write');
  if (counts.failed === 0) {
    return (
      <MessageBar intent="info">
        <MessageBarBody>
          Tradepost tries these again by itself, waiting a little longer each time. Nothing to do unless one fails.
        </MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <MessageBar intent="warning">
      <MessageBarBody>
        Tradepost stopped trying {counts.failed === 1 ? 'one change' : `${counts.failed} changes`}: a marketplace may still show an old
        quantity or price until that size changes again.{' '}
        {canUpdateListings ? (
          <>
            To send the current ones now, use Update on the product in{' '}
            <RouterLink to="/listings/inventory-control">Listings Control</RouterLink>.
          </>
        ) : (
          'Ask the owner to use Update on the product in Listings Control to send the current ones now.'
        )}
      </MessageBarBody>
    </MessageBar>
  );
}

type EventDeliveriesSectionProps = {
  /** The page's query (`useEventDeliveries(scope, 'problems')`), so its Refresh button can refetch it too. */
  deliveries: UseQueryResult<EventDeliveryList>;
};

/**
 * Whether the changes made in Tradepost reached the marketplace sync: the counts of hand-overs by
 * state, and the ones still retrying or given up, in a reseller's words.
 */
export function EventDeliveriesSection({ deliveries }: EventDeliveriesSectionProps) {
  const styles = useStyles();
  const titleId = useId();
  const { data } = deliveries;

  let body: ReactNode;
  if (deliveries.isPending) {
    body = (
      <p className={styles.status}>
        <Spinner size="tiny" aria-hidden="true" /> Loading hand-overs…
      </p>
    );
  } else if (deliveries.isError || data === undefined) {
    body = (
      <LoadFailed subject="Hand-overs to the marketplace sync" onRetry={() => void deliveries.refetch()} retrying={deliveries.isFetching} />
    );
  } else {
    const problems = data.counts.retrying + data.counts.failed;
    const caption =
      data.items.length >= EVENT_DELIVERIES_LIMIT && problems > data.items.length
        ? `Changes not handed over: the newest ${data.items.length} of ${problems}`
        : 'Changes not handed over';
    body = (
      <>
        <HealthFigures>
          {deliveryFigures(data.counts).map((figure) => (
            <HealthFigure key={figure.key} term={figure.term} value={figure.value} sub={figure.sub} tone={figure.tone} />
          ))}
        </HealthFigures>
        {data.items.length === 0 ? (
          <p className={styles.calm}>
            <span className={styles.calmIcon} aria-hidden="true">
              <CheckmarkCircleRegular />
            </span>
            {data.counts.waiting > 0
              ? 'Every change reached the marketplace sync or is about to.'
              : 'Every change reached the marketplace sync.'}
          </p>
        ) : (
          <>
            <ProblemAdvice counts={data.counts} />
            <DeliveryProblemsTable rows={deliveryProblemRows(data.items, deliveries.dataUpdatedAt)} caption={caption} />
          </>
        )}
        <p className={styles.note}>Refreshes every {EVENT_DELIVERIES_REFRESH_MS / 1000} seconds while this page is open.</p>
      </>
    );
  }

  return (
    <PageSection
      id={titleId}
      icon={<ArrowRoutingRegular />}
      title="Changes handed to marketplace sync"
      description="When stock or a price changes, Tradepost hands the change to the marketplace sync, which updates your listings. This shows whether those hand-overs went through."
    >
      {body}
    </PageSection>
  );
}
