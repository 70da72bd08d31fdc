import { shownSizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import type { StockGrid } from '@tradepost/shared/schemas/inventory-grid.ts';

/** One location's stock of a product: its units and the sizes that hold them. */
export type LocationStock = { locationId: string; name: string; onHand: number; sizes: { size: string; onHand: number }[] };

export type SearchResult = {
  productId: string;
  title: string;
  /** Style code · brand · colorway. */
  meta: string;
  /** The sizes' prices, lowest and highest (the product's retail price where a size has none); null when none is set. */
  price: { low: number; high: number } | null;
  sizes: string[];
  onHand: number;
  /** Per location with units; null until the stock-by-location answer has this product. */
  locations: LocationStock[] | null;
};

/**
 * The products a search found, with their stock per location from the stock-by-location grid of the
 * same search (matched by product; a product the grid has not answered for shows its total only).
 */
export function searchResults(products: readonly Product[], grid: StockGrid | undefined): SearchResult[] {
  const rows = new Map((grid?.rows ?? []).map((row) => [row.product_id, row]));
  return products.map((product) => {
    const label = (size: string) => shownSizeLabel(product.size_format, size);
    const prices = product.variants
      .map((variant) => variant.price_cents ?? product.retail_price_cents)
      .filter((price): price is number => price !== null);
    if (prices.length === 0 && product.retail_price_cents !== null) prices.push(product.retail_price_cents);
    const row = rows.get(product.id);
    const locations =
      row === undefined || grid === undefined
        ? null
        : grid.locations
            .map((location, column) => ({
              locationId: location.id,
              name: location.name,
              onHand: row.cells[column]?.on_hand ?? 0,
              sizes: row.sizes
                .map((size) => ({ size: label(size.size), onHand: size.cells[column]?.on_hand ?? 0 }))
                .filter((size) => size.onHand !== 0),
            }))
            .filter((location) => location.onHand !== 0 || location.sizes.length > 0);
    return {
      productId: product.id,
      title: product.title,
      meta: [product.style_code, product.brand, product.colorway].filter((part) => part !== null && part !== '').join(' · '),
      price: prices.length === 0 ? null : { low: Math.min(...prices), high: Math.max(...prices) },
      sizes: product.variants.map((variant) => label(variant.size)),
      onHand: product.variants.reduce((sum, variant) => sum + variant.on_hand, 0),
      locations,
    };
  });
}

/** Arrow keys through a list that wraps around; -1 (nothing chosen) goes to the first or last. */
export function moveActive(current: number, key: 'ArrowDown' | 'ArrowUp' | 'Home' | 'End', count: number): number {
  if (count === 0) return -1;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (current < 0 || current >= count) return key === 'ArrowDown' ? 0 : count - 1;
  return key === 'ArrowDown' ? (current + 1) % count : (current - 1 + count) % count;
}

/** "Warehouse · 3 on hand: US M 9 ×1, US M 10 ×2" — one location's line under a result. */
export function locationLine(stock: LocationStock): string {
  const sizes = stock.sizes.map((size) => `${size.size} ×${size.onHand}`).join(', ');
  return `${stock.name} · ${stock.onHand} on hand${sizes === '' ? '' : `: ${sizes}`}`;
}
