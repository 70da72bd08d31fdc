import { Field, Input, makeStyles, mergeClasses, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { BarcodeScannerRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { inventoryKeys } from '@tradepost/shared/query/inventory.ts';
import { STOCK_GRID_PAGE_SIZE, stockGridSchema } from '@tradepost/shared/schemas/inventory-grid.ts';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { type KeyboardEvent, type RefObject, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../app/api.ts';
import { useLastAnswer, useProductSearch } from '../../features/catalog/use-products.ts';
import { LoadFailed } from '../../features/layout/load-failed.tsx';
import { registerScanHandler } from '../../features/scanner/scan-listener.ts';
import type { BusinessScope } from '../../features/session/use-business-scope.ts';
import { moveActive, type SearchResult, searchResults } from './inventory-search-model.ts';
import { ResultBody } from './search-result.tsx';

const RESULT_LIMIT = 8;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  status: {
    ...typographyStyles.body1,
    margin: 0,
    color: tokens.colorNeutralForeground3,
    display: 'flex',
    gap: '8px',
    alignItems: 'center',
  },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '6px' },
  option: {
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    cursor: 'pointer',
    minWidth: 0,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  active: {
    border: `2px solid ${tokens.colorBrandStroke1}`,
    padding: '9px 11px',
    backgroundColor: tokens.colorBrandBackground2,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
  },
});

function useStockByLocation(scope: BusinessScope | undefined, q: string) {
  // The same request (and key) as the inventory page's grid with this search: a shared cache entry.
  return useQuery({
    queryKey: inventoryKeys.stockGrid(scope?.businessId ?? '', { q, offset: 0 }),
    queryFn: ({ signal }) => {
      if (scope === undefined) throw new Error('No business');
      return api.get(`${scope.basePath}/inventory/stock-by-location`, {
        query: { q, limit: STOCK_GRID_PAGE_SIZE },
        schema: stockGridSchema,
        signal,
      });
    },
    enabled: scope !== undefined && q !== '',
  });
}

type InventorySearchPanelProps = {
  scope: BusinessScope | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Hardware scans anywhere on the page come here (the search looks the barcode up). */
  scanActive: boolean;
};

/**
 * Inventory search: one field, results as you type (title, style code, SKU, barcode), each with its
 * stock per location and price; arrows move, Enter opens the product. A scan searches its barcode.
 */
export function InventorySearchPanel({ scope, inputRef, scanActive }: InventorySearchPanelProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const currency = scope?.currency ?? 'USD';
  const listId = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const debounced = useDebouncedValue(text.trim(), 150);
  const q = debounced;
  const products = useProductSearch(q === '' ? undefined : scope, q, RESULT_LIMIT);
  const grid = useStockByLocation(scope, q);
  const shown = useLastAnswer(q === '' ? undefined : products.data);
  const results = q === '' ? [] : searchResults(shown.data?.items ?? [], grid.data);
  const current = !shown.previous && text.trim() === q;

  useEffect(() => {
    if (!scanActive) return;
    return registerScanHandler((code) => {
      setText(code);
      setActive(0);
      inputRef.current?.focus();
    });
  }, [scanActive, inputRef]);

  const open = (result: SearchResult | undefined) => {
    if (result !== undefined) navigate(`/products/${encodeURIComponent(result.productId)}/configure`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => moveActive(index, event.key as 'ArrowDown' | 'ArrowUp', results.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Enter on a list still answering an earlier search would open the wrong product.
      if (current) open(results[active] ?? results[0]);
    } else if (event.key === 'Escape' && text !== '') {
      event.preventDefault();
      setText('');
    }
  };

  const activeId = results[active] === undefined ? undefined : `${listId}-${active}`;
  return (
    <div className={styles.root}>
      <Field
        label="Search stock"
        hint="Title, style code, SKU or barcode. ↑ ↓ choose, Enter opens the product. Scanning works anywhere here."
      >
        <Input
          ref={inputRef}
          type="search"
          size="large"
          value={text}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          contentBefore={<BarcodeScannerRegular aria-hidden="true" />}
          role="combobox"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          onChange={(_, data) => {
            setText(data.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
      </Field>
      {q === '' ? (
        <p className={styles.status}>Type part of a name, style code or SKU, or scan a barcode.</p>
      ) : products.isError && shown.data === undefined ? (
        <LoadFailed subject="The search" onRetry={() => void products.refetch()} retrying={products.isFetching} />
      ) : shown.data === undefined ? (
        <p className={styles.status}>
          <Spinner size="tiny" aria-hidden="true" /> Searching…
        </p>
      ) : results.length === 0 ? (
        <p className={styles.status} role="status">
          Nothing in your catalog matches “{q}”. Check the spelling, or scan the item’s barcode.
        </p>
      ) : null}
      <div id={listId} role="listbox" aria-label="Products found" className={styles.list} hidden={results.length === 0}>
        {results.map((result, index) => (
          // The field keeps the focus (aria-activedescendant); a click opens the product.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard path is the search field's Enter.
          <div
            key={result.productId}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className={mergeClasses(styles.option, index === active && styles.active)}
            onClick={() => open(result)}
            onMouseMove={() => setActive(index)}
          >
            <ResultBody result={result} currency={currency} />
          </div>
        ))}
      </div>
    </div>
  );
}
