import { Button, Field, Input, makeStyles, Select, Spinner, Switch, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, BoxRegular, SearchRegular, TableRegular } from '@fluentui/react-icons';
import { toApiError } from '@tradepost/shared/client/api-error.ts';
import type { StockGridParams } from '@tradepost/shared/query/inventory.ts';
import { STOCK_GRID_PAGE_SIZE, type StockGridFilter } from '@tradepost/shared/schemas/inventory-grid.ts';
import { PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useProductFacets } from '../../../features/catalog/use-products.ts';
import { useLocations } from '../../../features/inventory/use-locations.ts';
import { EmptyState } from '../../../features/layout/empty-state.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { OffsetPager } from '../../../features/layout/offset-pager.tsx';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';
import { StockGridTable } from './stock-grid-table.tsx';
import { downloadStockGridCsv, useStockGrid } from './use-stock-grid.ts';

const useStyles = makeStyles({
  filters: {
    display: 'grid',
    gridTemplateColumns: 'minmax(220px, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto',
    gap: '8px 12px',
    alignItems: 'end',
    '@media (max-width: 900px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    '@media (max-width: 520px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  field: { minWidth: 0 },
  switch: { marginBottom: '2px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  toolbar: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
});

/** The grid's filter from the address bar, so a filtered view can be shared and survives a reload. */
function filterFrom(params: URLSearchParams): StockGridFilter {
  const brand = params.get('brand') ?? '';
  const location = params.get('location') ?? '';
  return {
    q: params.get('q') ?? '',
    ...(brand === '' ? {} : { brand }),
    ...(location === '' ? {} : { location_id: location }),
    ...(params.get('in_stock') === 'true' ? { in_stock: true } : {}),
  };
}

/**
 * Stock by location: a filter bar (search, brand, location, in stock only), a page of products ×
 * locations with their sizes on demand and the filter's totals, and the same filter as a CSV.
 */
export function StockGridSection({ scope }: { scope: BusinessScope | undefined }) {
  const styles = useStyles();
  const toast = useAppToast();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(text, 250);
  const stored = filterFrom(params);
  const filter: StockGridFilter = { ...stored, q };
  const offset = Math.max(0, Math.floor(Number(params.get('offset') ?? 0)) || 0);
  const gridParams: StockGridParams = { ...filter, offset };
  const grid = useStockGrid(scope, gridParams);
  const facets = useProductFacets(scope, 'all');
  const locations = useLocations(scope);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [exporting, setExporting] = useState(false);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const toggle = (productId: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(productId)) next.add(productId);
      return next;
    });

  const exportCsv = async () => {
    if (scope === undefined || exporting) return;
    setExporting(true);
    try {
      await downloadStockGridCsv(scope, filter);
    } catch (error) {
      const apiError = toApiError(error);
      toast({
        intent: 'error',
        title: 'The export did not download',
        body: apiError?.fromServer ? apiError.message : 'Check your connection and try again.',
      });
    } finally {
      setExporting(false);
    }
  };

  const data = grid.data;
  const rows = data?.rows ?? [];
  const total = data?.totals.products ?? 0;
  const filtered = (q ?? '').trim() !== '' || stored.brand !== undefined || stored.location_id !== undefined || stored.in_stock === true;
  const brands = facets.data?.brands ?? [];
  const allOpen = rows.length > 0 && rows.every((row) => row.sizes.length === 0 || expanded.has(row.product_id));

  return (
    <PageSection
      id="stock-by-location"
      title="Stock by location"
      description="Units on hand at each location, with what is available to sell where orders hold some."
      icon={<TableRegular />}
      aside={
        <div className={styles.actions}>
          <Button
            icon={exporting ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
            disabledFocusable={exporting}
            disabled={scope === undefined || total === 0}
            onClick={() => void exportCsv()}
          >
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
        </div>
      }
    >
      <div className={styles.filters}>
        <Field className={styles.field} label="Search stock" hint="Title, style code, SKU or barcode.">
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
        <Field className={styles.field} label="Brand">
          <Select value={stored.brand ?? ''} onChange={(_, d) => update({ brand: d.value, offset: null })}>
            <option value="">All brands</option>
            {stored.brand !== undefined && !brands.some((b) => b.brand === stored.brand) ? (
              <option value={stored.brand}>{stored.brand}</option>
            ) : null}
            {brands.map((b) => (
              <option key={b.brand} value={b.brand}>
                {b.brand}
              </option>
            ))}
          </Select>
        </Field>
        <Field className={styles.field} label="Location">
          <Select value={stored.location_id ?? ''} onChange={(_, d) => update({ location: d.value, offset: null })}>
            <option value="">All locations</option>
            {(locations.data ?? []).map((location) => (
              <option key={location.id} value={location.id}>
                {location.name}
              </option>
            ))}
          </Select>
        </Field>
        <Switch
          className={styles.switch}
          label="In stock only"
          checked={stored.in_stock === true}
          onChange={(_, d) => update({ in_stock: d.checked ? 'true' : null, offset: null })}
        />
      </div>

      {data === undefined && grid.isPending ? (
        <p className={styles.muted}>
          <Spinner size="tiny" aria-hidden="true" /> Loading stock…
        </p>
      ) : data === undefined ? (
        <LoadFailed subject="Stock by location" onRetry={() => void grid.refetch()} retrying={grid.isFetching} />
      ) : rows.length === 0 ? (
        filtered ? (
          <EmptyState title="No product matches these filters">
            Clear the search, choose another brand or location, or turn off “In stock only”.
          </EmptyState>
        ) : (
          <EmptyState
            title="No stock to show yet"
            icon={<BoxRegular />}
            actions={
              <>
                <ButtonLink to="/add-product" icon={<AddRegular />}>
                  Add product
                </ButtonLink>
                <ButtonLink to="/inventory/adjustments" appearance="primary">
                  Receive stock
                </ButtonLink>
              </>
            }
          >
            Add your products, then receive their stock with an adjustment: each size’s units show here by location.
          </EmptyState>
        )
      ) : (
        <>
          <div className={styles.toolbar}>
            <Button
              size="small"
              appearance="subtle"
              onClick={() => setExpanded(allOpen ? new Set() : new Set(rows.map((row) => row.product_id)))}
            >
              {allOpen ? 'Hide all sizes' : 'Show all sizes'}
            </Button>
          </div>
          <StockGridTable grid={data} expanded={expanded} onToggle={toggle} />
          <OffsetPager
            offset={offset}
            shown={rows.length}
            total={total}
            pageSize={STOCK_GRID_PAGE_SIZE}
            noun="products"
            updating={grid.isFetching}
            onOffset={(next) => update({ offset: String(next) })}
          />
        </>
      )}
    </PageSection>
  );
}
