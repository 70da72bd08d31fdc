import { Button, Field, Input, makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { PeopleRegular, PersonAddRegular, ReceiptRegular, SearchRegular } from '@fluentui/react-icons';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatMoney } from '../../../features/catalog/money.ts';
import { useLastAnswer } from '../../../features/catalog/use-products.ts';
import { Sensitive } from '../../../features/demo-mode/sensitive.tsx';
import { EmptyState } from '../../../features/layout/empty-state.tsx';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { CustomerDialog } from '../../../features/retail/customer-dialog.tsx';
import { useCustomerPages } from '../../../features/retail/use-customers.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { CustomerDrawer } from './customer-drawer.tsx';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    padding: '20px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    minWidth: 0,
    '@media (max-width: 600px)': { padding: '16px' },
  },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: '8px 16px' },
  search: { flexGrow: 1, maxWidth: '420px', minWidth: '200px' },
  count: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
  nameButton: {
    ...typographyStyles.body1Strong,
    padding: 0,
    minWidth: 0,
    height: 'auto',
    textAlign: 'start',
    justifyContent: 'flex-start',
  },
  contact: { display: 'flex', flexDirection: 'column', ...typographyStyles.caption1, color: tokens.colorNeutralForeground2 },
  more: { alignSelf: 'center' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
});

/** retail/customers: who buys from you, how often and how much, with each one's orders. */
export function CustomersPage() {
  const styles = useStyles();
  const table = useTableStyles();
  const scope = useBusinessScope();
  const currency = scope?.currency ?? 'USD';
  const [params, setParams] = useSearchParams();
  const openId = params.get('customer');
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, 200);
  const pages = useCustomerPages(scope, q);
  const shown = useLastAnswer(pages.data);
  const customers = shown.data?.pages.flatMap((page) => page.items) ?? [];
  const total = shown.data?.pages[0]?.total ?? 0;
  const [adding, setAdding] = useState(false);

  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('customer');
    else next.set('customer', id);
    setParams(next);
  };

  return (
    <AppPage
      wide
      title="Customers"
      description="Everyone who bought from you with a name on the sale: orders, spend, store credit and their history."
      actions={
        <Button appearance="primary" icon={<PersonAddRegular />} onClick={() => setAdding(true)}>
          Add customer
        </Button>
      }
    >
      <section className={styles.card} aria-label="Customer list">
        <div className={styles.toolbar}>
          <Field className={styles.search} label="Search customers" hint="Name or e-mail">
            <Input
              type="search"
              value={text}
              contentBefore={<SearchRegular aria-hidden="true" />}
              onChange={(_, d) => setText(d.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && text !== '') {
                  event.preventDefault();
                  setText('');
                }
              }}
            />
          </Field>
          {shown.data === undefined ? null : (
            <p className={styles.count} aria-live="polite">
              {total === 1 ? '1 customer' : `${total.toLocaleString()} customers`}
              {q.trim() === '' ? '' : ` match “${q.trim()}”`}
            </p>
          )}
        </div>
        {shown.data === undefined ? (
          <p className={styles.muted}>
            <Spinner size="tiny" aria-hidden="true" /> Loading customers…
          </p>
        ) : customers.length === 0 && q.trim() === '' ? (
          <EmptyState
            title="No customers yet"
            icon={<PeopleRegular />}
            actions={
              <>
                <Button appearance="primary" icon={<PersonAddRegular />} onClick={() => setAdding(true)}>
                  Add customer
                </Button>
                <ButtonLink to="/retail/sales" icon={<ReceiptRegular />}>
                  Open the point of sale
                </ButtonLink>
              </>
            }
          >
            Add your regulars here, or pick a customer at checkout: their orders and spend then build up on their own.
          </EmptyState>
        ) : customers.length === 0 ? (
          <p className={styles.muted}>No customer matches “{q.trim()}”. Check the spelling, or add them as a new customer.</p>
        ) : (
          <>
            <DataTable
              label="Customers"
              head={
                <>
                  <th className={table.th}>Name</th>
                  <th className={table.th}>Contact</th>
                  <th className={`${table.th} ${table.num}`}>Orders</th>
                  <th className={`${table.th} ${table.num}`}>Spent (before tax)</th>
                  <th className={`${table.th} ${table.num}`}>Store credit</th>
                  <th className={table.th}>Last order</th>
                </>
              }
            >
              {customers.map((customer) => (
                <tr key={customer.id} className={customer.id === openId ? table.highlight : undefined}>
                  <td className={table.td}>
                    <Button
                      appearance="transparent"
                      className={styles.nameButton}
                      onClick={() => open(customer.id)}
                      aria-label={`Open ${customer.name}`}
                    >
                      <Sensitive kind="name">{customer.name}</Sensitive>
                    </Button>
                  </td>
                  <td className={table.td}>
                    <span className={styles.contact}>
                      {customer.email === null ? null : <Sensitive kind="contact">{customer.email}</Sensitive>}
                      {customer.phone === null ? null : <Sensitive kind="contact">{customer.phone}</Sensitive>}
                      {customer.email === null && customer.phone === null ? <span className={table.muted}>—</span> : null}
                    </span>
                  </td>
                  <td className={`${table.td} ${table.num}`}>{customer.orders}</td>
                  <td className={`${table.td} ${table.num}`}>
                    <Sensitive kind="money">{formatMoney(customer.spent_cents, currency)}</Sensitive>
                  </td>
                  <td className={`${table.td} ${table.num}`}>
                    {customer.store_credit_cents === 0 ? (
                      <span className={table.muted}>—</span>
                    ) : (
                      <Sensitive kind="money">{formatMoney(customer.store_credit_cents, currency)}</Sensitive>
                    )}
                  </td>
                  <td className={`${table.td} ${table.nowrap}`}>
                    {customer.last_order_at === null ? (
                      <span className={table.muted}>No orders yet</span>
                    ) : (
                      formatWhen(customer.last_order_at)
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
            {pages.hasNextPage ? (
              <Button
                className={styles.more}
                onClick={() => void pages.fetchNextPage()}
                disabledFocusable={pages.isFetchingNextPage}
                icon={pages.isFetchingNextPage ? <Spinner size="tiny" /> : undefined}
              >
                Show more customers
              </Button>
            ) : null}
          </>
        )}
      </section>
      {adding ? (
        <CustomerDialog
          scope={scope}
          initialName={customers.length === 0 ? text.trim() : ''}
          onClose={() => setAdding(false)}
          onSaved={(customer) => {
            setAdding(false);
            open(customer.id);
          }}
        />
      ) : null}
      <CustomerDrawer scope={scope} customerId={openId} onClose={() => open(null)} />
    </AppPage>
  );
}
