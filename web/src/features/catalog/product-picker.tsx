import { Button, makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { type ReactNode, useState } from 'react';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { ProductSearchBox } from './product-search-box.tsx';
import { SizeStockChips } from './size-stock-chips.tsx';
import { productSearchQuery, useLastAnswer, useProductSearch } from './use-products.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '6px' },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
    '@media (max-width: 600px)': { flexDirection: 'column', alignItems: 'stretch' },
  },
  text: { display: 'flex', flexDirection: 'column', gap: '4px', minWidth: 0, flexGrow: 1 },
  title: { ...typographyStyles.body1Strong, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  meta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  status: {
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground3,
    margin: 0,
    display: 'flex',
    gap: '8px',
    alignItems: 'center',
  },
});

export function productMeta(product: Product): string {
  return [product.style_code, product.brand, product.colorway].filter((part) => part !== null && part !== '').join(' · ');
}

type ProductPickerProps = {
  scope: BusinessScope | undefined;
  /** What each result offers: a button to choose it, or a link somewhere. */
  renderAction?: (product: Product) => ReactNode;
  onPick?: (product: Product) => void;
  pickLabel?: string;
  label?: string;
  hint?: string;
  autoFocus?: boolean;
  /** Enter with exactly one result (a scanned barcode): pick it at once. */
  pickSingleOnEnter?: boolean;
  empty?: ReactNode;
};

/** Search the catalog and choose a product: by title, style code, SKU, or a scanned barcode. */
export function ProductPicker({
  scope,
  renderAction,
  onPick,
  pickLabel = 'Choose',
  label = 'Search products',
  hint = 'Title, style code, SKU or barcode. A scanner works here too.',
  autoFocus,
  pickSingleOnEnter = true,
  empty,
}: ProductPickerProps) {
  const styles = useStyles();
  const [text, setText] = useState('');
  const [committed, setCommitted] = useState<string | null>(null);
  const debounced = useDebouncedValue(text, 150);
  // Enter searches at once; typing waits for a pause.
  const q = committed ?? debounced;
  const search = useProductSearch(scope, q);
  const queryClient = useQueryClient();
  const shown = useLastAnswer(search.data);
  const items = shown.data?.items ?? [];

  const onSubmit = async (value: string) => {
    setCommitted(value);
    if (!pickSingleOnEnter || onPick === undefined || scope === undefined || value.trim() === '') return;
    // Wait for the exact answer to this text before deciding.
    const answer = await queryClient.fetchQuery(productSearchQuery(scope, value)).catch(() => undefined);
    const found = answer?.items ?? [];
    if (found.length === 1 && found[0] !== undefined) onPick(found[0]);
  };

  return (
    <div className={styles.root}>
      <ProductSearchBox
        value={text}
        scanner
        label={label}
        hint={hint}
        autoFocus={autoFocus}
        onChange={(value) => {
          setText(value);
          setCommitted(null);
        }}
        onSubmit={(value) => void onSubmit(value)}
      />
      {shown.data === undefined ? (
        <p className={styles.status}>
          <Spinner size="tiny" aria-hidden="true" /> Searching…
        </p>
      ) : items.length === 0 ? (
        (empty ?? <p className={styles.status}>No product matches “{q.trim()}”.</p>)
      ) : (
        <ul className={styles.list} aria-label="Matching products" aria-busy={search.isFetching || shown.previous}>
          {items.map((product) => (
            <li key={product.id} className={styles.item}>
              <div className={styles.text}>
                <span className={styles.title}>{product.title}</span>
                <span className={styles.meta}>{productMeta(product) || 'No style code'}</span>
                <SizeStockChips sizeFormat={product.size_format} sizes={product.variants} max={10} wrap />
              </div>
              {renderAction?.(product) ??
                (onPick === undefined ? null : (
                  <Button onClick={() => onPick(product)} aria-label={`${pickLabel}: ${product.title}`}>
                    {pickLabel}
                  </Button>
                ))}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
