import {
  Badge,
  Button,
  Checkbox,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  Select,
  Spinner,
  Tooltip,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import type { MarketplaceProduct, MarketplaceProductsQuery } from '@tradepost/shared/schemas/batch-operations.ts';
import type { MarketplacePlatform } from '@tradepost/shared/schemas/connections.ts';
import { listingStatuses } from '@tradepost/shared/schemas/listings.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatMoney } from '../catalog/money.ts';
import { platformLabels } from '../connections/connection-labels.ts';
import { EmptyState } from '../layout/empty-state.tsx';
import { LoadFailed } from '../layout/load-failed.tsx';
import { RouterLink } from '../navigation/router-link.tsx';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { listingStatusColours, listingStatusLabels, shortExternalId } from './batch-labels.ts';
import { type BulkAction, BulkActions } from './bulk-actions.tsx';
import { ConnectionLine, canAct, NotConnected, ReconnectNotice } from './marketplace-gate.tsx';
import { useMarketplaceProducts } from './use-marketplace-pages.ts';

const useStyles = makeStyles({
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '8px 16px' },
  counts: { display: 'flex', flexWrap: 'wrap', gap: '6px', listStyle: 'none', margin: 0, padding: 0 },
  filters: {
    display: 'grid',
    gridTemplateColumns: 'minmax(220px, 1fr) 200px',
    gap: '12px',
    alignItems: 'end',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  title: { ...typographyStyles.body1Strong, display: 'block', maxWidth: '320px' },
  sub: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block' },
  error: {
    ...typographyStyles.caption1,
    color: tokens.colorPaletteRedForeground1,
    display: 'block',
    maxWidth: '260px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
  more: { alignSelf: 'center' },
  checkCell: { width: '36px' },
});

type StatusFilter = NonNullable<MarketplaceProductsQuery['status']> | 'all';
const statusFilters: StatusFilter[] = ['all', ...listingStatuses, 'not_listed'];
const statusFilterLabels: Record<StatusFilter, string> = { all: 'All', ...listingStatusLabels, not_listed: 'Not listed' };

function priceRange(product: MarketplaceProduct, currency: string): string {
  const prices = product.variants.flatMap((v) => {
    const price = v.listed?.pushed_price_cents ?? (v.listed ? v.price_cents : null);
    return price === null ? [] : [price];
  });
  if (prices.length === 0) return '—';
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? formatMoney(low, currency) : `${formatMoney(low, currency)}–${formatMoney(high, currency)}`;
}

const listedQuantity = (product: MarketplaceProduct) => product.variants.reduce((sum, v) => sum + (v.listed?.pushed_quantity ?? 0), 0);

type MarketplaceProductsViewProps = {
  scope: BusinessScope | undefined;
  platform: MarketplacePlatform;
  /** listings: what is listed there (eBay Listings); sync: every product with its sync state (Shopify/Square sync). */
  mode: 'listings' | 'sync';
  /** Where a product row leads; none: no link. */
  productHref?: (productId: string) => string;
  actions: BulkAction[];
};

/**
 * Our products on one platform: search, status filter, a selectable table (title, sizes, quantity,
 * price, status, last error) and bulk actions that run as batch operations with a live progress bar.
 */
export function MarketplaceProductsView({ scope, platform, mode, productHref, actions }: MarketplaceProductsViewProps) {
  const styles = useStyles();
  const table = useTableStyles();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const search = useDebouncedValue(text, 250);
  const requested = params.get('status') as StatusFilter | null;
  const status: StatusFilter = requested && statusFilters.includes(requested) ? requested : 'all';
  const filter = { scope: mode === 'sync' ? ('all' as const) : ('listed' as const), status: status === 'all' ? undefined : status, search };
  const pages = useMarketplaceProducts(scope, platform, filter);
  const [selectedIds, setSelectedIds] = useState<Set<string>>(new Set());
  const name = platformLabels[platform];
  const currency = scope?.currency ?? 'USD';

  const first = pages.data?.pages[0];
  const products = useMemo(() => pages.data?.pages.flatMap((page) => page.products) ?? [], [pages.data]);
  const selected = products.filter((p) => selectedIds.has(p.product_id));
  const connection = first?.connection ?? null;

  const setStatus = (value: StatusFilter) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'all') next.delete('status');
        else next.set('status', value);
        return next;
      },
      { replace: true },
    );
  const toggle = (id: string, on: boolean) =>
    setSelectedIds((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allShown = products.length > 0 && products.every((p) => selectedIds.has(p.product_id));

  if (pages.isPending)
    return (
      <p className={styles.muted}>
        <Spinner size="tiny" aria-hidden="true" /> Loading {name} listings…
      </p>
    );
  if (pages.isError || first === undefined)
    return <LoadFailed subject={`The ${name} listings`} onRetry={() => void pages.refetch()} retrying={pages.isFetching} />;
  if (connection === null || connection.status === 'disconnected')
    return <NotConnected platform={platform} what={mode === 'sync' ? 'the sync state of your products' : 'your listings'} />;

  const filtered = search.trim() !== '' || status !== 'all';
  return (
    <>
      <ReconnectNotice platform={platform} connection={connection} />
      <div className={styles.head}>
        <ConnectionLine platform={platform} connection={connection} />
        <ul className={styles.counts} aria-label="Listings by status">
          {listingStatuses
            .filter((s) => s === 'active' || first.counts[s] > 0)
            .map((s) => (
              <li key={s}>
                <Badge appearance="tint" color={listingStatusColours[s]}>
                  {listingStatusLabels[s]}: {first.counts[s]}
                </Badge>
              </li>
            ))}
        </ul>
      </div>
      <div className={styles.filters}>
        <Field label="Search">
          <Input
            type="search"
            placeholder="Title, brand, style code or SKU"
            value={text}
            contentBefore={<SearchRegular aria-hidden="true" />}
            onChange={(_, d) => setText(d.value)}
          />
        </Field>
        <Field label="Status">
          <Select value={status} onChange={(_, d) => setStatus(d.value as StatusFilter)}>
            {statusFilters
              .filter((s) => mode === 'sync' || s !== 'not_listed')
              .map((s) => (
                <option key={s} value={s}>
                  {statusFilterLabels[s]}
                </option>
              ))}
          </Select>
        </Field>
      </div>
      {canAct(connection) ? (
        <BulkActions
          scope={scope}
          platform={platform}
          connectionId={connection.id}
          selected={selected}
          actions={actions}
          onClear={() => setSelectedIds(new Set())}
        />
      ) : null}
      {products.length === 0 ? (
        <EmptyState
          title={filtered ? 'Nothing matches these filters' : mode === 'sync' ? 'No products yet' : `Nothing listed on ${name} yet`}
          actions={
            filtered ? undefined : (
              <RouterLink to={mode === 'sync' ? '/add-product' : '/create-products-from-listings'}>
                {mode === 'sync' ? 'Add a product' : 'Create products from listings'}
              </RouterLink>
            )
          }
        >
          {filtered
            ? 'Clear the search or choose another status.'
            : mode === 'sync'
              ? 'Add products first; then select them here and list them.'
              : `List products from Listings Control, or bring the listings already on ${name} in with Create products from listings.`}
        </EmptyState>
      ) : (
        <DataTable
          label={`${name} products`}
          head={
            <>
              <th className={mergeClasses(table.th, styles.checkCell)}>
                <Checkbox
                  aria-label="Select all shown"
                  checked={allShown ? true : selected.length > 0 ? 'mixed' : false}
                  onChange={(_, d) => setSelectedIds(d.checked === true ? new Set(products.map((p) => p.product_id)) : new Set())}
                />
              </th>
              <th className={table.th}>Product</th>
              <th className={table.th}>Sizes listed</th>
              <th className={mergeClasses(table.th, table.num)}>Qty</th>
              <th className={mergeClasses(table.th, table.num)}>Price</th>
              <th className={table.th}>Status</th>
              <th className={table.th}>{mode === 'sync' ? 'Last push' : 'Last error'}</th>
            </>
          }
        >
          {products.map((product) => {
            const listedSizes = product.variants.filter((v) => v.listed !== null).map((v) => v.size);
            const error = product.listing?.last_error ?? product.variants.find((v) => v.listed?.last_error)?.listed?.last_error ?? null;
            return (
              <tr key={product.product_id} className={selectedIds.has(product.product_id) ? table.highlight : undefined}>
                <td className={table.td}>
                  <Checkbox
                    aria-label={`Select ${product.title}`}
                    checked={selectedIds.has(product.product_id)}
                    onChange={(_, d) => toggle(product.product_id, d.checked === true)}
                  />
                </td>
                <td className={table.td}>
                  <span className={styles.title}>
                    {productHref ? <RouterLink to={productHref(product.product_id)}>{product.title}</RouterLink> : product.title}
                  </span>
                  <span className={styles.sub}>
                    {[
                      product.brand,
                      product.style_code,
                      product.listing?.external_id ? `#${shortExternalId(product.listing.external_id)}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </td>
                <td className={table.td}>
                  {listedSizes.length === 0 ? (
                    <span className={table.muted}>None of {product.variants.length}</span>
                  ) : (
                    <>
                      {listedSizes.join(', ')}
                      <span className={styles.sub}>
                        {listedSizes.length} of {product.variants.length}
                      </span>
                    </>
                  )}
                </td>
                <td className={mergeClasses(table.td, table.num)}>{product.listing ? listedQuantity(product) : '—'}</td>
                <td className={mergeClasses(table.td, table.num)}>{priceRange(product, currency)}</td>
                <td className={table.td}>
                  {product.listing ? (
                    <Badge appearance="tint" shape="rounded" color={listingStatusColours[product.listing.status]}>
                      {listingStatusLabels[product.listing.status]}
                    </Badge>
                  ) : (
                    <Badge appearance="tint" shape="rounded" color="informative">
                      Not listed
                    </Badge>
                  )}
                  {product.size_errors > 0 ? <span className={styles.sub}>{product.size_errors} size errors</span> : null}
                </td>
                <td className={table.td}>
                  {mode === 'sync' ? (
                    <span className={table.nowrap}>{product.last_pushed_at ? formatWhen(product.last_pushed_at) : '—'}</span>
                  ) : null}
                  {error ? (
                    <Tooltip content={error} relationship="description">
                      <span className={styles.error}>{error}</span>
                    </Tooltip>
                  ) : mode === 'listings' ? (
                    <span className={table.muted}>—</span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      {pages.hasNextPage ? (
        <Button className={styles.more} onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {pages.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </>
  );
}
