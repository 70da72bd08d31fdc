import { Button, Field, Input, makeStyles, mergeClasses, Select, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, ReceiptRegular, SearchRegular } from '@fluentui/react-icons';
import type { SaleStatusFilter } from '@tradepost/shared/query/sales.ts';
import { type ChannelKind, channelKinds, saleStatuses } from '@tradepost/shared/schemas/sales.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatMoney } from '../../../features/catalog/money.ts';
import { useLastAnswer } from '../../../features/catalog/use-products.ts';
import { EmptyState } from '../../../features/layout/empty-state.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { OffsetPager } from '../../../features/layout/offset-pager.tsx';
import { paymentSummary } from '../../../features/sales/payment-model.ts';
import { ChannelBadge, ProfitAmount, SaleStatusBadge } from '../../../features/sales/sale-badges.tsx';
import { asOrdered, channelLabels, saleNumberLabel, saleStatusLabels } from '../../../features/sales/sale-model.ts';
import { type SalesScreen, SalesShortcuts } from '../../../features/sales/sales-shortcuts.tsx';
import { SALE_PAGE_SIZE, useSales } from '../../../features/sales/use-sales.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { NewOrderDialog } from './new-order-dialog.tsx';
import { SaleDrawer } from './sale-drawer.tsx';

const useStyles = makeStyles({
  filters: {
    display: 'grid',
    gridTemplateColumns: 'minmax(220px, 1fr) 180px 180px',
    gap: '12px',
    alignItems: 'end',
    '@media (max-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  row: {
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  number: { ...typographyStyles.body1Strong, whiteSpace: 'nowrap' },
  struck: { textDecorationLine: 'line-through' },
  customer: { display: 'block', maxWidth: '220px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  sub: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
});

const isChannel = (value: string | null): value is ChannelKind => (channelKinds as readonly string[]).includes(value ?? '');
const isStatus = (value: string | null): value is SaleStatusFilter =>
  value === 'all' || (saleStatuses as readonly string[]).includes(value ?? '');

type SalesViewProps = {
  title: string;
  description: string;
  /** A fixed status (the cancelled sales page): no status filter, no new order. */
  fixedStatus?: SaleStatusFilter;
  /** The empty state's title when nothing is filtered. */
  emptyTitle: string;
  emptyText: ReactNode;
  /** The screen's route, marked in the row of sales and fulfillment screens. */
  route: SalesScreen;
};

/** Sales, newest first, with search and filters; a row opens the sale in a drawer (?sale=id). */
export function SalesView({ title, description, fixedStatus, emptyTitle, emptyText, route }: SalesViewProps) {
  const styles = useStyles();
  const table = useTableStyles();
  const scope = useBusinessScope();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(text, 250);
  const channel = isChannel(params.get('channel')) ? (params.get('channel') as ChannelKind) : 'all';
  const requested = params.get('status');
  const status: SaleStatusFilter = fixedStatus ?? (isStatus(requested) ? requested : 'all');
  const offset = Math.max(0, Number(params.get('offset') ?? 0) || 0);
  const saleId = params.get('sale');
  const [creating, setCreating] = useState(false);
  const sales = useSales(scope, { q, status, channel, offset });
  // The last page stays on screen while the next search or page loads.
  const shown = useLastAnswer(sales.data);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '' || value === 'all') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const open = (id: string | null) => update({ sale: id });

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, id: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(id);
    }
  };

  const items = shown.data?.items ?? [];
  const total = shown.data?.total ?? 0;
  const filtered = q.trim() !== '' || channel !== 'all' || (fixedStatus === undefined && status !== 'all');

  return (
    <AppPage
      title={title}
      description={description}
      wide
      actions={
        fixedStatus === undefined ? (
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
            New order
          </Button>
        ) : undefined
      }
    >
      <SalesShortcuts current={route} />
      <PageSection id="sales-list" title={title} icon={<ReceiptRegular />}>
        <div className={styles.filters}>
          <Field label="Search sales" hint="Order number, channel order id, customer, SKU or product.">
            <Input
              type="search"
              value={text}
              contentBefore={<SearchRegular aria-hidden="true" />}
              onChange={(_, d) => {
                setText(d.value);
                update({ q: d.value, offset: null });
              }}
            />
          </Field>
          <Field label="Channel">
            <Select value={channel} onChange={(_, d) => update({ channel: d.value, offset: null })}>
              <option value="all">All channels</option>
              {channelKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {channelLabels[kind]}
                </option>
              ))}
            </Select>
          </Field>
          {fixedStatus === undefined ? (
            <Field label="Status">
              <Select value={status} onChange={(_, d) => update({ status: d.value, offset: null })}>
                <option value="all">All statuses</option>
                {saleStatuses.map((s) => (
                  <option key={s} value={s}>
                    {saleStatusLabels[s]}
                  </option>
                ))}
              </Select>
            </Field>
          ) : null}
        </div>

        {shown.data === undefined && sales.isPending ? (
          <p className={styles.muted}>
            <Spinner size="tiny" aria-hidden="true" /> Loading sales…
          </p>
        ) : shown.data === undefined ? (
          <LoadFailed subject="The sales" onRetry={() => void sales.refetch()} retrying={sales.isFetching} />
        ) : items.length === 0 ? (
          <EmptyState
            title={filtered ? 'No sale matches these filters' : emptyTitle}
            actions={
              !filtered && fixedStatus === undefined ? (
                <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
                  New order
                </Button>
              ) : undefined
            }
          >
            {filtered ? 'Clear the search or choose another channel or status.' : emptyText}
          </EmptyState>
        ) : (
          <>
            <DataTable
              label={`${title}: ${total}`}
              head={
                <>
                  <th className={table.th}>Date</th>
                  <th className={table.th}>Sale</th>
                  <th className={table.th}>Channel</th>
                  <th className={table.th}>Customer</th>
                  <th className={mergeClasses(table.th, table.num)}>Units</th>
                  <th className={mergeClasses(table.th, table.num)}>Total</th>
                  <th className={mergeClasses(table.th, table.num)}>Profit</th>
                  <th className={table.th}>Status</th>
                </>
              }
            >
              {items.map((sale) => (
                <tr
                  key={sale.id}
                  className={mergeClasses(styles.row, sale.id === saleId && table.highlight)}
                  tabIndex={0}
                  aria-label={`Sale ${saleNumberLabel(sale.number)}, ${sale.customer?.name ?? 'no customer'}`}
                  onClick={() => open(sale.id)}
                  onKeyDown={(event) => onRowKey(event, sale.id)}
                >
                  <td className={mergeClasses(table.td, table.nowrap)}>{formatWhen(sale.ordered_at)}</td>
                  <td className={table.td}>
                    <span className={styles.number}>{saleNumberLabel(sale.number)}</span>
                    {sale.channel.kind === 'manual' ? null : <span className={styles.sub}>{sale.external_order_id}</span>}
                  </td>
                  <td className={table.td}>
                    <ChannelBadge kind={sale.channel.kind} />
                    {sale.payment === null ? null : <span className={styles.sub}>{paymentSummary(sale.payment, sale.currency)}</span>}
                  </td>
                  <td className={table.td}>
                    <span className={styles.customer}>{sale.customer?.name ?? '—'}</span>
                  </td>
                  {sale.status === 'cancelled' ? (
                    // A cancelled sale's totals are zero; what was ordered is what the list is for.
                    <>
                      <td className={mergeClasses(table.td, table.num, table.muted)}>{asOrdered(sale).units}</td>
                      <td className={mergeClasses(table.td, table.num, table.muted, styles.struck)}>
                        {formatMoney(asOrdered(sale).subtotalCents, sale.currency)}
                      </td>
                    </>
                  ) : (
                    <>
                      <td className={mergeClasses(table.td, table.num)}>{sale.totals.units}</td>
                      <td className={mergeClasses(table.td, table.num)}>{formatMoney(sale.totals.total_cents, sale.currency)}</td>
                    </>
                  )}
                  <td className={mergeClasses(table.td, table.num)}>
                    <ProfitAmount cents={sale.totals.profit_cents} currency={sale.currency} />
                  </td>
                  <td className={table.td}>
                    <SaleStatusBadge status={sale.status} />
                  </td>
                </tr>
              ))}
            </DataTable>
            <OffsetPager
              offset={offset}
              shown={items.length}
              total={total}
              pageSize={SALE_PAGE_SIZE}
              updating={sales.isFetching}
              labels={{ previous: 'Newer', next: 'Older' }}
              onOffset={(next) => update({ offset: String(next) })}
            />
          </>
        )}
      </PageSection>

      <SaleDrawer scope={scope} saleId={saleId} onClose={() => open(null)} />
      {creating ? (
        <NewOrderDialog
          scope={scope}
          onClose={() => setCreating(false)}
          onCreated={(sale) => {
            setCreating(false);
            open(sale.id);
          }}
        />
      ) : null}
    </AppPage>
  );
}
