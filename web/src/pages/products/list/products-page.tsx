import { Button, Field, makeStyles, Select, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, BarcodeScannerRegular, BoxRegular, DismissRegular } from '@fluentui/react-icons';
import type { ProductSetSummary } from '@tradepost/shared/schemas/catalog.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useRowSelection } from '@tradepost/shared/ui/row-selection.ts';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  activeFilterCount,
  apiFilter,
  defaultPageState,
  type ProductPageState,
  pageStateFromSearch,
  pageStateToSearch,
  type SortChoice,
  sortChoices,
  sortOf,
} from '../../../features/catalog/product-filters.ts';
import { ProductSearchBox } from '../../../features/catalog/product-search-box.tsx';
import { ProductsLoading } from '../../../features/catalog/products-loading.tsx';
import { useLastAnswer, useProductFacets, useProductPages, useProductSetSummary } from '../../../features/catalog/use-products.ts';
import { CatalogImportExport } from '../../../features/catalog-io/catalog-import-export.tsx';
import { ProductsErrorScreen } from '../../../features/errors/error-screens.tsx';
import { formatCount, MoneyFigure, StatCard, StatGrid, StatGridLoading } from '../../../features/inventory/inventory-figures.tsx';
import { useLocations } from '../../../features/inventory/use-locations.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useScanHandler } from '../../../features/scanner/use-scan-handler.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { ProductFilterBar } from './product-filter-bar.tsx';
import { ProductsBulkBar } from './products-bulk-bar.tsx';
import { ProductsTable } from './products-table.tsx';

const useStyles = makeStyles({
  headerActions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  toolbar: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 240px',
    gap: '12px',
    alignItems: 'end',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  status: {
    ...typographyStyles.body1,
    margin: 0,
    color: tokens.colorNeutralForeground3,
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    minHeight: '24px',
  },
  more: { display: 'flex', justifyContent: 'center', paddingTop: '4px' },
  emptyActions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  emptyText: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  stale: { opacity: 0.55, transition: 'opacity 120ms' },
});

function EmptyCatalog({ query, filtered, onClear }: { query: string; filtered: boolean; onClear: () => void }) {
  const styles = useStyles();
  const searching = query.trim() !== '';
  if (filtered || searching) {
    return (
      <PageSection
        id="products-empty"
        icon={<BoxRegular />}
        title={searching ? `No product matches “${query.trim()}”` : 'No product matches these filters'}
        description={
          searching
            ? 'Search looks at title, brand, style code, colorway, SKU and the exact barcode. Check the spelling, loosen the filters, or create the product.'
            : 'Loosen or clear the filters to see more of your catalog, or create the product you are looking for.'
        }
      >
        <div className={styles.emptyActions}>
          {filtered ? (
            <Button appearance="primary" icon={<DismissRegular />} onClick={onClear}>
              Clear filters
            </Button>
          ) : null}
          <ButtonLink to="/products/create-custom" icon={<AddRegular />}>
            Create a product
          </ButtonLink>
        </div>
      </PageSection>
    );
  }
  return (
    <PageSection
      id="products-empty"
      icon={<BoxRegular />}
      title="No products yet"
      description="Create your first product with its sizes, then add stock to it. Products appear here as soon as they are created."
    >
      <p className={styles.emptyText}>Next step:</p>
      <div className={styles.emptyActions}>
        <ButtonLink to="/products/create-custom" appearance="primary" icon={<AddRegular />}>
          Create a product
        </ButtonLink>
        <ButtonLink to="/add-product" icon={<BarcodeScannerRegular />}>
          Find or scan a product
        </ButtonLink>
        <ButtonLink to="/inventory/adjustments">Add stock</ButtonLink>
      </div>
    </PageSection>
  );
}

function SetFigures({ summary, currency, stale }: { summary: ProductSetSummary; currency: string; stale: boolean }) {
  const styles = useStyles();
  return (
    <div className={stale ? styles.stale : undefined} aria-busy={stale}>
      <StatGrid label="Value of the products shown">
        <StatCard
          label="Value at cost"
          value={<MoneyFigure cents={summary.value_at_cost_cents} currency={currency} />}
          hint={
            summary.units_without_cost > 0 ? `${formatCount(summary.units_without_cost)} units have no cost yet` : 'Remaining FIFO lots'
          }
        />
        <StatCard
          label="Value at price"
          value={<MoneyFigure cents={summary.value_at_price_cents} currency={currency} />}
          hint="On hand × size price"
        />
        <StatCard label="Units on hand" value={formatCount(summary.units_on_hand)} hint="All locations" />
        <StatCard label="Products" value={formatCount(summary.products)} hint="Matching the search and filters" />
      </StatGrid>
    </div>
  );
}

/**
 * Spec §2 and docs/product.md: search as you type across title, style code, SKU and barcode, the
 * filter bar (in the address bar, so a filtered view can be bookmarked or shared), sort, the value
 * of the filtered set, and a windowed table that stays fast at 100k products. A hardware scan
 * anywhere on the page searches for the scanned barcode.
 */
export function ProductsPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => pageStateFromSearch(searchParams), [searchParams]);

  const [text, setText] = useState(state.q);
  const [committed, setCommitted] = useState<string | null>(null);
  const debounced = useDebouncedValue(text, 150);
  const q = (committed ?? debounced).trim();

  // What was typed goes into the address bar once it settles; an address changed from outside
  // (back, a link) puts its text into the box.
  const written = useRef(state.q);
  const update = useCallback(
    (change: Partial<ProductPageState>) => setSearchParams(pageStateToSearch({ ...state, q, ...change }), { replace: true }),
    [setSearchParams, state, q],
  );
  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    update({ q });
  }, [q, update]);
  useEffect(() => {
    if (state.q === written.current) return;
    written.current = state.q;
    setText(state.q);
    setCommitted(null);
  }, [state.q]);

  const searchNow = (value: string) => {
    setText(value);
    setCommitted(value);
  };
  useScanHandler(searchNow);

  const filter = useMemo(() => apiFilter(state), [state]);
  const listParams = { q, ...sortOf(state.sort), filter };
  const pages = useProductPages(scope, listParams);
  // The figures sum the whole set: they wait for typing to pause a little longer than the list.
  const summaryQ = useDebouncedValue(q, 400);
  const summary = useProductSetSummary(scope, summaryQ, filter);
  // The figures and the filter choices of the previous set stay (dimmed) while the new ones load.
  const figures = useLastAnswer(summary.data);
  const facets = useLastAnswer(useProductFacets(scope, state.status).data);
  const locations = useLocations(scope);
  const shown = useLastAnswer(pages.data);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const products = useMemo(() => shown.data?.pages.flatMap((page) => page.items) ?? [], [shown.data]);
  // One selection for the table and its bulk actions; another search or filter ends it (the sort does not).
  const order = useMemo(() => products.map((product) => product.id), [products]);
  const selection = useRowSelection({ order, resetKey: JSON.stringify([q, filter]) });
  const summaryCurrent = summary.data !== undefined && summaryQ === q;
  const total = !hasNextPage && !shown.previous ? products.length : summaryCurrent ? summary.data?.products : undefined;
  const settling = text.trim() !== q && committed === null;
  const filtered = activeFilterCount(state) > 0;
  const clearFilters = () => update({ ...defaultPageState, q, sort: state.sort });

  const actions = (
    <div className={styles.headerActions}>
      <CatalogImportExport />
      <ButtonLink to="/add-product" icon={<BarcodeScannerRegular />}>
        Add product
      </ButtonLink>
      <ButtonLink to="/products/create-custom" appearance="primary" icon={<AddRegular />}>
        Create product
      </ButtonLink>
    </div>
  );

  if (shown.data === undefined && !pages.isError) {
    return (
      <AppPage title="Products" wide actions={actions}>
        <ProductsLoading />
      </AppPage>
    );
  }
  if (pages.isError && shown.data === undefined) {
    return (
      <AppPage title="Products" wide actions={actions}>
        <ProductsErrorScreen onRetry={() => void pages.refetch()} error={pages.error} />
      </AppPage>
    );
  }

  return (
    <AppPage title="Products" description="Your catalog with the stock on hand in every size." wide actions={actions}>
      {figures.data !== undefined && scope !== undefined ? (
        <SetFigures summary={figures.data} currency={scope.currency} stale={figures.previous || summary.isFetching || summaryQ !== q} />
      ) : (
        <StatGridLoading />
      )}

      <div className={styles.toolbar}>
        <ProductSearchBox
          value={text}
          scanField
          onChange={(value) => {
            setText(value);
            setCommitted(null);
          }}
          onSubmit={(value) => setCommitted(value)}
          hint="Title, brand, style code, colorway, SKU or exact barcode. Scan a barcode anywhere on this page."
        />
        <Field label="Sort by">
          <Select value={state.sort} onChange={(_, data) => update({ sort: data.value as SortChoice })}>
            {sortChoices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <ProductFilterBar
        state={state}
        facets={facets.data}
        locations={locations.data}
        onChange={(change) => update(change)}
        onClear={clearFilters}
      />

      <p className={styles.status} aria-live="polite">
        {pages.isFetching && !isFetchingNextPage ? <Spinner size="extra-tiny" aria-hidden="true" /> : null}
        {settling || shown.previous
          ? 'Searching…'
          : products.length === 0
            ? q === '' && !filtered
              ? 'No products'
              : 'No matches'
            : total === undefined
              ? `Showing ${formatCount(products.length)} products, counting…`
              : `Showing ${formatCount(products.length)} of ${formatCount(total)} ${total === 1 ? 'product' : 'products'}`}
      </p>

      {products.length === 0 ? (
        <EmptyCatalog query={q} filtered={filtered} onClear={clearFilters} />
      ) : (
        <>
          <ProductsBulkBar scope={scope} selection={selection} total={total} loaded={products} params={listParams} />
          <ProductsTable products={products} total={total ?? products.length} onNearEnd={loadMore} selection={selection} />
          {hasNextPage ? (
            <div className={styles.more}>
              <Button
                onClick={loadMore}
                disabledFocusable={isFetchingNextPage}
                icon={isFetchingNextPage ? <Spinner size="tiny" /> : undefined}
              >
                {isFetchingNextPage
                  ? 'Loading more…'
                  : total === undefined
                    ? 'Load more'
                    : `Load more (${formatCount(Math.max(total - products.length, 0))} left)`}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </AppPage>
  );
}
