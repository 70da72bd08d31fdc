import { Dropdown, Field, Input, makeStyles, Option, Spinner, Tab, TabList, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, DocumentPdfRegular, ReceiptBagRegular, SearchRegular } from '@fluentui/react-icons';
import { type PurchaseOrderListQuery, purchaseOrderLabel } from '@tradepost/shared/schemas/purchasing.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatMoney } from '@tradepost/shared/ui/money.ts';
import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../features/layout/empty-state.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { OffsetPager } from '../../../features/layout/offset-pager.tsx';
import { ButtonLink, RouterLink } from '../../../features/navigation/router-link.tsx';
import { InStoreBadge } from '../../../features/purchasing/purchase-kind.tsx';
import {
  isPurchaseOrderFilter,
  type PurchaseOrderFilter,
  purchaseOrderFilterLabels,
  purchaseOrderFilters,
} from '../../../features/purchasing/purchase-order-actions.ts';
import { PurchaseOrderStatusBadge, ReceivedProgress } from '../../../features/purchasing/purchase-order-status-badge.tsx';
import { usePurchaseOrders } from '../../../features/purchasing/use-purchase-orders.ts';
import { useVendors } from '../../../features/purchasing/use-vendors.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { useCan } from '../../../features/session/use-can.ts';

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
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  tabs: { overflowX: 'auto', marginInline: '-10px' },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: '8px 16px' },
  search: { flexGrow: 1, maxWidth: '360px', minWidth: '200px' },
  vendor: { minWidth: '220px' },
  number: { ...typographyStyles.body1Strong },
  seller: { display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px 8px' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
});

const PAGE = 50;

/** The kind filter: vendor orders, purchases at the counter, or both. */
const kindFilters = ['all', 'order', 'in_store'] as const;
type KindFilter = (typeof kindFilters)[number];
const kindLabels: Record<KindFilter, string> = { all: 'All kinds', order: 'Vendor orders', in_store: 'In-store purchases' };
const isKindFilter = (value: string | null): value is KindFilter => value !== null && (kindFilters as readonly string[]).includes(value);
const ALL_VENDORS = '';

/** purchase-orders: every order to a vendor by status, with what has come in and what it costs. */
export function PurchaseOrdersPage() {
  const styles = useStyles();
  const table = useTableStyles();
  const scope = useBusinessScope();
  const canWrite = useCan()('purchasing:write');
  const currency = scope?.currency ?? 'USD';
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const filter: PurchaseOrderFilter = isPurchaseOrderFilter(requested) ? requested : 'all';
  const vendorId = params.get('vendor') ?? ALL_VENDORS;
  const requestedKind = params.get('kind');
  const kind: KindFilter = isKindFilter(requestedKind) ? requestedKind : 'all';
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, 200).trim();
  const [offset, setOffset] = useState(0);
  const vendors = useVendors(scope, { limit: 200 });
  const query: PurchaseOrderListQuery = {
    status: filter,
    kind,
    ...(vendorId === ALL_VENDORS ? {} : { vendor_id: vendorId }),
    ...(q === '' ? {} : { q }),
    offset,
    limit: PAGE,
  };
  const orders = usePurchaseOrders(scope, query);
  const items = orders.data?.items ?? [];
  const total = orders.data?.total ?? 0;
  const vendorName = vendors.data?.items.find((vendor) => vendor.id === vendorId)?.name;

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null || value === '' || ((key === 'status' || key === 'kind') && value === 'all')) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
    setOffset(0);
  };

  const filtered = filter !== 'all' || kind !== 'all' || vendorId !== ALL_VENDORS || q !== '';

  return (
    <AppPage
      wide
      title="Purchase Orders"
      description="Orders to your vendors from draft to received, and what you bought at the counter. What you receive comes into stock as lots at its landed cost."
      actions={
        canWrite ? (
          <div className={styles.actions}>
            <ButtonLink to="/purchase-orders/pdf-import" icon={<DocumentPdfRegular />}>
              Import from PDF
            </ButtonLink>
            <ButtonLink to="/purchase-orders/create" appearance="primary" icon={<AddRegular />}>
              Create purchase order
            </ButtonLink>
          </div>
        ) : undefined
      }
    >
      <section className={styles.card} aria-label="Purchase order list">
        <TabList
          className={styles.tabs}
          selectedValue={filter}
          onTabSelect={(_, data) => setParam('status', String(data.value))}
          aria-label="Filter purchase orders by status"
        >
          {purchaseOrderFilters.map((key) => (
            <Tab key={key} value={key}>
              {purchaseOrderFilterLabels[key]}
            </Tab>
          ))}
        </TabList>
        <div className={styles.toolbar}>
          <Field className={styles.search} label="Search" hint="Number (PO-1001) or seller name">
            <Input
              type="search"
              value={text}
              contentBefore={<SearchRegular aria-hidden="true" />}
              onChange={(_, d) => {
                setText(d.value);
                setOffset(0);
              }}
            />
          </Field>
          <Field className={styles.vendor} label="Kind">
            <Dropdown value={kindLabels[kind]} selectedOptions={[kind]} onOptionSelect={(_, d) => setParam('kind', d.optionValue ?? null)}>
              {kindFilters.map((key) => (
                <Option key={key} value={key}>
                  {kindLabels[key]}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Field className={styles.vendor} label="Vendor">
            <Dropdown
              value={vendorId === ALL_VENDORS ? 'All vendors' : (vendorName ?? 'This vendor')}
              selectedOptions={[vendorId]}
              onOptionSelect={(_, d) => setParam('vendor', d.optionValue ?? null)}
            >
              <Option value={ALL_VENDORS}>All vendors</Option>
              {(vendors.data?.items ?? []).map((vendor) => (
                <Option key={vendor.id} value={vendor.id}>
                  {vendor.name}
                </Option>
              ))}
            </Dropdown>
          </Field>
        </div>
        {orders.isPending ? (
          <p className={styles.muted}>
            <Spinner size="tiny" aria-hidden="true" /> Loading purchase orders…
          </p>
        ) : orders.isError ? (
          <LoadFailed subject="The purchase orders" onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
        ) : items.length === 0 && !filtered ? (
          <EmptyState
            title="No purchase orders yet"
            icon={<ReceiptBagRegular />}
            actions={
              canWrite ? (
                <>
                  <ButtonLink to="/purchase-orders/create" appearance="primary" icon={<AddRegular />}>
                    Create purchase order
                  </ButtonLink>
                  <ButtonLink to="/vendors">Vendors</ButtonLink>
                </>
              ) : undefined
            }
          >
            Order stock from a vendor here: choose the sizes, quantities and unit costs, add shipping and duties, and receive it into a
            location when it arrives.
          </EmptyState>
        ) : items.length === 0 ? (
          <p className={styles.muted}>No purchase order matches these filters. Choose another status or vendor, or clear the search.</p>
        ) : (
          <>
            <DataTable
              label="Purchase orders"
              head={
                <>
                  <th className={table.th}>Number</th>
                  <th className={table.th}>Seller</th>
                  <th className={table.th}>Status</th>
                  <th className={table.th}>Expected</th>
                  <th className={table.th}>Received</th>
                  <th className={`${table.th} ${table.num}`}>Total</th>
                </>
              }
            >
              {items.map((order) => (
                <tr key={order.id}>
                  <td className={table.td}>
                    <RouterLink to={`/purchase-orders/${encodeURIComponent(order.id)}`}>
                      <span className={styles.number}>{purchaseOrderLabel(order.number)}</span>
                    </RouterLink>
                  </td>
                  <td className={table.td}>
                    <span className={styles.seller}>
                      {order.seller_name}
                      <InStoreBadge kind={order.kind} />
                    </span>
                  </td>
                  <td className={table.td}>
                    <PurchaseOrderStatusBadge status={order.status} />
                  </td>
                  <td className={`${table.td} ${table.nowrap}`}>{order.expected_on ?? <span className={table.muted}>—</span>}</td>
                  <td className={table.td}>
                    <ReceivedProgress
                      received={order.totals.units_received}
                      ordered={order.totals.units_ordered}
                      label={purchaseOrderLabel(order.number)}
                    />
                  </td>
                  <td className={`${table.td} ${table.num}`}>{formatMoney(order.totals.total_cents, currency)}</td>
                </tr>
              ))}
            </DataTable>
            <OffsetPager
              offset={offset}
              shown={items.length}
              total={total}
              pageSize={PAGE}
              noun="purchase orders"
              updating={orders.isFetching}
              onOffset={setOffset}
            />
          </>
        )}
      </section>
    </AppPage>
  );
}
