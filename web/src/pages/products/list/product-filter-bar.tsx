import { Button, Field, makeStyles, mergeClasses, Select, tokens, typographyStyles } from '@fluentui/react-components';
import { DismissRegular, FilterRegular } from '@fluentui/react-icons';
import type { ProductStatusFilter } from '@tradepost/shared/query/catalog.ts';
import {
  type ProductCategory,
  type ProductCondition,
  type ProductFacets,
  productCategories,
  productConditions,
} from '@tradepost/shared/schemas/catalog.ts';
import type { Location } from '@tradepost/shared/schemas/inventory.ts';
import { useId, useState } from 'react';
import { activeFilterCount, type ProductPageState, type StockFilter } from '../../../features/catalog/product-filters.ts';
import { categoryLabels, conditionLabels } from '../../../features/catalog/product-labels.ts';
import { useNarrowViewport } from '../../../features/shell/use-narrow-viewport.ts';

const useStyles = makeStyles({
  bar: {
    display: 'grid',
    gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
    gap: '8px 12px',
    alignItems: 'end',
    '@media (max-width: 1100px)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
    '@media (max-width: 600px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  field: { gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 },
  select: { minWidth: 0 },
  toggle: { marginBottom: '8px' },
  folded: { display: 'none' },
  foot: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px', minHeight: '24px' },
  summary: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
});

const statusOptions: { value: ProductStatusFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'draft', label: 'Drafts' },
  { value: 'all', label: 'All' },
];

type ProductFilterBarProps = {
  state: ProductPageState;
  facets: ProductFacets | undefined;
  locations: readonly Location[] | undefined;
  onChange: (change: Partial<ProductPageState>) => void;
  onClear: () => void;
};

const orUndefined = <T extends string>(value: string): T | undefined => (value === '' ? undefined : (value as T));

/**
 * Brand, category, size, location, stock, condition and status: each a plain select (keyboard and
 * screen-reader friendly), every choice kept in the address bar by the page.
 */
export function ProductFilterBar({ state, facets, locations, onChange, onClear }: ProductFilterBarProps) {
  const styles = useStyles();
  const brands = facets?.brands ?? [];
  // A brand or size from a shared link that the catalog no longer holds still shows as chosen.
  const brandMissing = state.brand !== undefined && !brands.some((b) => b.brand === state.brand);
  const sizes = facets?.sizes ?? [];
  const sizeMissing = state.size !== undefined && !sizes.includes(state.size);
  const active = activeFilterCount(state);
  // On a phone the seven selects would push the list off the screen: they fold behind one button.
  const narrow = useNarrowViewport();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const shown = !narrow || open;

  return (
    <section aria-label="Filters">
      {narrow ? (
        <Button
          className={styles.toggle}
          icon={<FilterRegular />}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide filters' : active > 0 ? `Filters · ${active} applied` : 'Filters'}
        </Button>
      ) : null}
      <div className={mergeClasses(styles.bar, !shown && styles.folded)} id={panelId}>
        <Field className={styles.field} label="Brand">
          <Select className={styles.select} value={state.brand ?? ''} onChange={(_, d) => onChange({ brand: orUndefined(d.value) })}>
            <option value="">All</option>
            {brandMissing ? <option value={state.brand}>{state.brand}</option> : null}
            {brands.map((b) => (
              <option key={b.brand} value={b.brand}>
                {b.brand} ({b.products.toLocaleString()})
              </option>
            ))}
          </Select>
        </Field>
        <Field className={styles.field} label="Category">
          <Select
            className={styles.select}
            value={state.category ?? ''}
            onChange={(_, d) => onChange({ category: orUndefined<ProductCategory>(d.value) })}
          >
            <option value="">All</option>
            {productCategories.map((category) => (
              <option key={category} value={category}>
                {categoryLabels[category]}
              </option>
            ))}
          </Select>
        </Field>
        <Field className={styles.field} label="Size">
          <Select className={styles.select} value={state.size ?? ''} onChange={(_, d) => onChange({ size: orUndefined(d.value) })}>
            <option value="">All</option>
            {sizeMissing ? <option value={state.size}>{state.size}</option> : null}
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        </Field>
        <Field className={styles.field} label="Location">
          <Select className={styles.select} value={state.location ?? ''} onChange={(_, d) => onChange({ location: orUndefined(d.value) })}>
            <option value="">Any</option>
            {(locations ?? []).map((location) => (
              <option key={location.id} value={location.id}>
                {location.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field className={styles.field} label="Stock">
          <Select
            className={styles.select}
            value={state.stock ?? ''}
            onChange={(_, d) => onChange({ stock: orUndefined<StockFilter>(d.value) })}
          >
            <option value="">Any</option>
            <option value="in">In stock</option>
            <option value="out">Out of stock</option>
          </Select>
        </Field>
        <Field className={styles.field} label="Condition">
          <Select
            className={styles.select}
            value={state.condition ?? ''}
            onChange={(_, d) => onChange({ condition: orUndefined<ProductCondition>(d.value) })}
          >
            <option value="">Any</option>
            {productConditions.map((condition) => (
              <option key={condition} value={condition}>
                {conditionLabels[condition]}
              </option>
            ))}
          </Select>
        </Field>
        <Field className={styles.field} label="Status">
          <Select className={styles.select} value={state.status} onChange={(_, d) => onChange({ status: d.value as ProductStatusFilter })}>
            {statusOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {active > 0 ? (
        <div className={styles.foot}>
          {narrow ? null : (
            <span className={styles.summary}>
              {active} {active === 1 ? 'filter' : 'filters'} applied
            </span>
          )}
          <Button size="small" appearance="subtle" icon={<DismissRegular />} onClick={onClear}>
            Clear filters
          </Button>
        </div>
      ) : null}
    </section>
  );
}
