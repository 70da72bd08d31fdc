import { makeStyles, Spinner, Tab, TabList, tokens, typographyStyles } from '@fluentui/react-components';
import { ArchiveRegular, CheckmarkCircleRegular } from '@fluentui/react-icons';
import type { FailedOrderStatus } from '@tradepost/shared/query/sales.ts';
import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../features/layout/empty-state.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { SalesShortcuts } from '../../../features/sales/sales-shortcuts.tsx';
import { useFailedOrders } from '../../../features/sales/use-failed-orders.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { FailedOrderCard } from './failed-order-card.tsx';

const useStyles = makeStyles({
  tabs: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, marginTop: '-8px' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '16px' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
});

const tabs: { value: FailedOrderStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'dismissed', label: 'Dismissed' },
];

const emptyTexts: Record<FailedOrderStatus, { title: string; text: string }> = {
  open: {
    title: 'No failed orders — every channel order went through',
    text: 'When a marketplace order names a SKU Tradepost does not know, or there is no stock to allocate it, it waits here to be fixed and retried.',
  },
  resolved: { title: 'Nothing resolved yet', text: 'Orders you fix and retry move here, with a link to the sale they became.' },
  dismissed: {
    title: 'Nothing dismissed',
    text: 'Orders you dismiss (cancelled on the marketplace, test orders) are kept here for reference.',
  },
};

/** failed-orders: channel orders that could not be recorded, with the way to fix each and retry. */
export function FailedOrdersPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status: FailedOrderStatus = requested === 'resolved' || requested === 'dismissed' ? requested : 'open';
  const orders = useFailedOrders(scope, status);
  const items = orders.data ?? [];

  return (
    <AppPage
      title="Failed Orders"
      description="Marketplace orders that could not become sales: an unknown SKU, or no stock where the pick rules look. Fix the cause, then retry."
      wide
    >
      <SalesShortcuts current="/failed-orders" />
      <TabList
        className={styles.tabs}
        selectedValue={status}
        onTabSelect={(_, data) => setParams(data.value === 'open' ? {} : { status: String(data.value) }, { replace: true })}
        aria-label="Failed orders by status"
      >
        {tabs.map((tab) => (
          <Tab key={tab.value} value={tab.value}>
            {tab.label}
            {tab.value === status && orders.data !== undefined ? ` (${items.length})` : ''}
          </Tab>
        ))}
      </TabList>
      {orders.isPending ? (
        <p className={styles.muted}>
          <Spinner size="tiny" aria-hidden="true" /> Loading failed orders…
        </p>
      ) : orders.isError ? (
        <LoadFailed subject="The failed orders" onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={status === 'open' ? <CheckmarkCircleRegular /> : <ArchiveRegular />}
          tone={status === 'open' ? 'success' : 'neutral'}
          title={emptyTexts[status].title}
        >
          {emptyTexts[status].text}
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-label={`${tabs.find((t) => t.value === status)?.label} failed orders`}>
          {items.map((order) => (
            <li key={order.id}>
              <FailedOrderCard scope={scope} order={order} />
            </li>
          ))}
        </ul>
      )}
    </AppPage>
  );
}
