import { MessageBar, MessageBarBody, makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import type { Fulfillment } from '@tradepost/shared/schemas/sales.ts';
import { useSearchParams } from 'react-router-dom';
import { nextToPick } from '../../../features/fulfillment/fulfillment-model.ts';
import { useFulfillment, useFulfillments } from '../../../features/fulfillment/use-fulfillments.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { OrderChooser } from './order-chooser.tsx';
import { PickingScreen } from './picking-screen.tsx';

const useStyles = makeStyles({
  page: {
    maxWidth: '820px',
    margin: '0 auto',
    padding: '16px 20px 48px',
    display: 'flex',
    flexDirection: 'column',
    gap: '14px',
    '@media (max-width: 600px)': { padding: '10px 10px 32px', gap: '10px' },
  },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
});

/**
 * scanning-mode: the fulfillment role's main screen. Choose an order (or scan its number), then every
 * scan is checked against it by the server: right items count up with a beep, wrong ones are
 * refused loudly. The last unit packs the order; ship it and the next order opens.
 */
export function ScanningModePage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const [params, setParams] = useSearchParams();
  const fulfillmentId = params.get('fulfillment');
  const open = useFulfillments(scope, 'open');
  const current = useFulfillment(scope, fulfillmentId);

  const choose = (id: string | null) => setParams(id === null ? {} : { fulfillment: id }, { replace: false });
  const next = (after: string | null): Fulfillment | null => nextToPick(open.data ?? [], after);

  if (fulfillmentId === null) {
    return (
      <div className={styles.page}>
        <OrderChooser
          orders={open.data}
          loading={open.isPending}
          failed={open.isError}
          onRetry={() => void open.refetch()}
          retrying={open.isFetching}
          onChoose={choose}
        />
      </div>
    );
  }
  if (current.data === undefined) {
    return (
      <div className={styles.page}>
        <div>
          <ButtonLink to="/scanning-mode" icon={<ArrowLeftRegular />}>
            Orders
          </ButtonLink>
        </div>
        {current.isPending ? (
          <p className={styles.muted}>
            <Spinner size="tiny" aria-hidden="true" /> Loading order…
          </p>
        ) : (
          <MessageBar intent="warning">
            <MessageBarBody>This order could not be found. Go back and choose one from the list, or scan its number.</MessageBarBody>
          </MessageBar>
        )}
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <PickingScreen key={current.data.id} scope={scope} fulfillment={current.data} nextOrder={next(current.data.id)} onChoose={choose} />
    </div>
  );
}
