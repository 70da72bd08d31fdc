import { Button, Field, makeStyles, Select, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, BarcodeScannerRegular, BoxRegular } from '@fluentui/react-icons';
import { useCallback, useState } from 'react';
import { AppPage, PageSection } from '../../../features/account/page-frame.tsx';
import type { ProductSort } from '../../../features/catalog/catalog-keys.ts';
import { ProductSearchBox } from '../../../features/catalog/product-search-box.tsx';
import { ProductsLoading } from '../../../features/catalog/products-loading.tsx';
import { useBusinessScope } from '../../../features/catalog/use-business-id.ts';
import { useDebouncedValue } from '../../../features/catalog/use-debounced-value.ts';
import { useLastAnswer, useProductPages } from '../../../features/catalog/use-products.ts';
import { ProductsErrorScreen } from '../../../features/errors/error-screens.tsx';
import { formatCount, InventoryValueStrip, StatGridLoading } from '../../../features/inventory/inventory-figures.tsx';
import { useInventorySummary } from '../../../features/inventory/use-inventory-summary.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { ProductsTable } from './products-table.tsx';

const useStyles = makeStyles({
  headerActions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  toolbar: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 220px',
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
});

const sortLabels: Record<ProductSort, string> = {
  updated_at: 'Recently updated',
  created_at: 'Newest first',
  title: 'Title A–Z',
};

function EmptyCatalog({ query }: { query: string }) {
  const styles = useStyles();
  const searching = query.trim() !== '';
  return (
    <PageSection
      id="products-empty"
      icon={<BoxRegular />}
      title={searching ? `No product matches “${query.trim()}”` : 'No products yet'}
      description={
        searching
          ? 'Search looks at title, brand, style code, colorway, SKU and the exact barcode. Check the spelling, or create the product.'
          : 'Create your first product with its sizes, then add stock to it. Products appear here as soon as they are created.'
      }
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

/** Spec §2 and docs/product.md: search as you type, stays fast at 100k products (server pages, windowed rows). */
export function ProductsPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const [text, setText] = useState('');
  const [committed, setCommitted] = useState<string | null>(null);
  const [sort, setSort] = useState<ProductSort>('updated_at');
  const debounced = useDebouncedValue(text, 150);
  const q = (committed ?? debounced).trim();

  const pages = useProductPages(scope, { q, sort });
  const summary = useInventorySummary(scope);
  const shown = useLastAnswer(pages.data);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const products = shown.data?.pages.flatMap((page) => page.items) ?? [];
  const total = shown.data?.pages[0]?.total ?? 0;
  const capped = shown.data?.pages[0]?.total_is_capped ?? false;
  const totalText = `${formatCount(total)}${capped ? '+' : ''}`;
  const settling = text.trim() !== q && committed === null;

  const actions = (
    <div className={styles.headerActions}>
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
      {summary.data !== undefined && scope !== undefined ? (
        <InventoryValueStrip summary={summary.data} currency={scope.currency} />
      ) : summary.isPending ? (
        <StatGridLoading />
      ) : null}

      <div className={styles.toolbar}>
        <ProductSearchBox
          value={text}
          onChange={(value) => {
            setText(value);
            setCommitted(null);
          }}
          onSubmit={(value) => setCommitted(value)}
          hint="Title, brand, style code, colorway, SKU or exact barcode"
        />
        <Field label="Sort by">
          <Select value={sort} onChange={(_, data) => setSort(data.value as ProductSort)}>
            {(Object.keys(sortLabels) as ProductSort[]).map((key) => (
              <option key={key} value={key}>
                {sortLabels[key]}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <p className={styles.status} aria-live="polite">
        {pages.isFetching && !isFetchingNextPage ? <Spinner size="extra-tiny" aria-hidden="true" /> : null}
        {settling || shown.previous
          ? 'Searching…'
          : total === 0
            ? q === ''
              ? 'No products'
              : 'No matches'
            : `Showing ${formatCount(products.length)} of ${totalText} ${total === 1 ? 'product' : 'products'}`}
      </p>

      {products.length === 0 ? (
        <EmptyCatalog query={q} />
      ) : (
        <>
          <ProductsTable products={products} total={total} onNearEnd={loadMore} />
          {hasNextPage ? (
            <div className={styles.more}>
              <Button
                onClick={loadMore}
                disabledFocusable={isFetchingNextPage}
                icon={isFetchingNextPage ? <Spinner size="tiny" /> : undefined}
              >
                {isFetchingNextPage ? 'Loading more…' : capped ? 'Load more' : `Load more (${formatCount(total - products.length)} left)`}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </AppPage>
  );
}
