import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  OverlayDrawer,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { DismissRegular, EditRegular } from '@fluentui/react-icons';
import type { Customer } from '@tradepost/shared/schemas/sales.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { useState } from 'react';
import { formatMoney } from '../../../features/catalog/money.ts';
import { channelKindLabels } from '../../../features/channels/channel-labels.ts';
import { Sensitive } from '../../../features/demo-mode/sensitive.tsx';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { CustomerDialog } from '../../../features/retail/customer-dialog.tsx';
import { SaleStatusBadge, saleItemsSummary } from '../../../features/retail/sale-status-badge.tsx';
import { useCustomer } from '../../../features/retail/use-customers.ts';
import { useSaleList } from '../../../features/retail/use-sales.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';
import { useNarrowViewport } from '../../../features/shell/use-narrow-viewport.ts';
import { StoreCreditSection } from './store-credit-section.tsx';

const useStyles = makeStyles({
  drawer: { width: '720px', maxWidth: '100vw' },
  body: { display: 'flex', flexDirection: 'column', gap: '20px', paddingBottom: '24px' },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: '12px',
    margin: 0,
    '@media (max-width: 600px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  fact: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    padding: '12px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    minWidth: 0,
  },
  factLabel: { ...typographyStyles.caption1Strong, color: tokens.colorNeutralForeground3 },
  factValue: { ...typographyStyles.subtitle1, margin: 0, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' },
  contact: { display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px', margin: 0 },
  term: { ...typographyStyles.body1, color: tokens.colorNeutralForeground3 },
  detail: { ...typographyStyles.body1, margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
  sectionTitle: { ...typographyStyles.subtitle2, margin: 0 },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
});

type CustomerDrawerProps = { scope: BusinessScope | undefined; customerId: string | null; onClose: () => void };

/** One customer: contact, totals, store credit and every order, newest first. Full screen on a phone. */
export function CustomerDrawer({ scope, customerId, onClose }: CustomerDrawerProps) {
  const styles = useStyles();
  const narrow = useNarrowViewport();
  const customer = useCustomer(scope, customerId);
  const open = customerId !== null && scope !== undefined;
  return (
    <OverlayDrawer
      open={open}
      position="end"
      size={narrow ? 'full' : 'medium'}
      className={narrow ? undefined : styles.drawer}
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
    >
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} />}>
          {customer.data === undefined ? 'Customer' : <Sensitive kind="name">{customer.data.name}</Sensitive>}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        {!open ? null : customer.data !== undefined ? (
          <CustomerDetail scope={scope} customer={customer.data} />
        ) : customer.isError ? (
          <FormErrorAlert message="This customer could not be found. Close this panel and choose them from the list again." />
        ) : (
          <Spinner label="Loading the customer…" />
        )}
      </DrawerBody>
    </OverlayDrawer>
  );
}

function CustomerDetail({ scope, customer }: { scope: BusinessScope | undefined; customer: Customer }) {
  const styles = useStyles();
  const table = useTableStyles();
  const currency = scope?.currency ?? 'USD';
  const [editing, setEditing] = useState(false);
  const sales = useSaleList(scope, { limit: 100, customerId: customer.id });
  const orders = sales.data?.items ?? [];

  return (
    <div className={styles.body}>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt className={styles.factLabel}>Orders</dt>
          <dd className={styles.factValue}>{customer.orders}</dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.factLabel}>Spent (before tax)</dt>
          <dd className={styles.factValue}>
            <Sensitive kind="money">{formatMoney(customer.spent_cents, currency)}</Sensitive>
          </dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.factLabel}>Last order</dt>
          <dd className={styles.factValue}>{customer.last_order_at === null ? '—' : formatWhen(customer.last_order_at)}</dd>
        </div>
      </dl>
      <dl className={styles.contact}>
        <dt className={styles.term}>E-mail</dt>
        <dd className={styles.detail}>{customer.email === null ? '—' : <Sensitive kind="contact">{customer.email}</Sensitive>}</dd>
        <dt className={styles.term}>Phone</dt>
        <dd className={styles.detail}>{customer.phone === null ? '—' : <Sensitive kind="contact">{customer.phone}</Sensitive>}</dd>
        <dt className={styles.term}>Notes</dt>
        <dd className={styles.detail}>{customer.notes ?? '—'}</dd>
        <dt className={styles.term}>Customer since</dt>
        <dd className={styles.detail}>{formatWhen(customer.created_at)}</dd>
      </dl>
      <div>
        <Button icon={<EditRegular />} onClick={() => setEditing(true)}>
          Edit details
        </Button>
      </div>
      <StoreCreditSection scope={scope} customerId={customer.id} customerName={customer.name} />
      <section aria-labelledby="customer-orders" className={styles.body}>
        <h3 id="customer-orders" className={styles.sectionTitle}>
          Order history
        </h3>
        {sales.isPending ? (
          <Spinner size="tiny" label="Loading orders…" />
        ) : orders.length === 0 ? (
          <p className={styles.muted}>No orders yet. Choose this customer at checkout and their sales appear here.</p>
        ) : (
          <DataTable
            label={`Orders of ${customer.name}`}
            head={
              <>
                <th className={table.th}>Sale</th>
                <th className={table.th}>Date</th>
                <th className={table.th}>Items</th>
                <th className={`${table.th} ${table.num}`}>Total</th>
                <th className={table.th}>Status</th>
              </>
            }
          >
            {orders.map((sale) => (
              <tr key={sale.id}>
                <td className={`${table.td} ${table.nowrap}`}>
                  #{sale.number}
                  <br />
                  <span className={table.muted}>{channelKindLabels[sale.channel.kind]}</span>
                </td>
                <td className={`${table.td} ${table.nowrap}`}>{formatWhen(sale.ordered_at)}</td>
                <td className={table.td}>{saleItemsSummary(sale)}</td>
                <td className={`${table.td} ${table.num}`}>
                  <Sensitive kind="money">{formatMoney(sale.totals.total_cents, sale.currency)}</Sensitive>
                </td>
                <td className={table.td}>
                  <SaleStatusBadge status={sale.status} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        {sales.data !== undefined && sales.data.total > orders.length ? (
          <p className={styles.muted}>
            The latest {orders.length} of {sales.data.total} orders are shown.
          </p>
        ) : null}
      </section>
      {editing ? (
        <CustomerDialog scope={scope} customer={customer} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />
      ) : null}
    </div>
  );
}
