import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import type { Location, VariantSummary } from '@tradepost/shared/schemas/inventory.ts';

/**
 * What the panels show about one of our products: stock per size and location, and cost. Built by
 * the background worker from the catalog and inventory API and sent to the page or side panel.
 */
export type StockLocation = { id: string; name: string };

export type StockRow = {
  variant_id: string;
  size: string;
  sku: string;
  price_cents: number | null;
  /** Average cost of the units on hand (their FIFO lots); null when none has a cost. */
  cost_cents: number | null;
  /** Cost of the unit that sells next (the oldest lot, FIFO), as the price rules count margin. */
  next_unit_cost_cents: number | null;
  on_hand: number;
  available: number;
  /** Per location id; a location with nothing of this size is absent. */
  levels: Record<string, { on_hand: number; available: number }>;
};

export type ProductStock = {
  product: {
    id: string;
    title: string;
    brand: string | null;
    style_code: string | null;
    colorway: string | null;
    status: Product['status'];
    condition: Product['condition'];
    image_url: string | null;
    retail_price_cents: number | null;
  };
  currency: string;
  /** Locations that hold some of this product, in the business's order. */
  locations: StockLocation[];
  rows: StockRow[];
  totals: { on_hand: number; available: number; value_at_cost_cents: number; units_without_cost: number };
  /** Average cost per unit on hand across sizes; null when no unit has a cost. */
  average_cost_cents: number | null;
};

/** A search result in the side panel. */
export type ProductSummary = {
  id: string;
  title: string;
  brand: string | null;
  style_code: string | null;
  image_url: string | null;
  sizes: number;
  on_hand: number;
  available: number;
};

/** The API's image addresses are relative to the server ('/api/v1/media/…'); pages elsewhere need them whole. */
export function absoluteImageUrl(server: string, url: string | undefined): string | null {
  if (url === undefined || url === '') return null;
  try {
    return new URL(url, `${server}/`).href;
  } catch {
    return null;
  }
}

export function productSummary(product: Product, server: string): ProductSummary {
  return {
    id: product.id,
    title: product.title,
    brand: product.brand,
    style_code: product.style_code,
    image_url: absoluteImageUrl(server, product.images[0]?.url),
    sizes: product.variants.length,
    on_hand: product.variants.reduce((sum, variant) => sum + variant.on_hand, 0),
    available: product.variants.reduce((sum, variant) => sum + variant.available, 0),
  };
}

/** Remaining lots of one variant, as the ledger reports them. */
export type CostLot = { quantity_remaining: number; unit_cost_cents: number; acquired_at: string };

export type StockInputs = {
  product: Product;
  server: string;
  currency: string;
  locations: Location[];
  summaries: VariantSummary[];
  /** Remaining cost lots per variant id (variants with nothing on hand may be left out). */
  lots: Map<string, CostLot[]>;
};

/** Puts the catalog, the stock levels and the cost lots together, sizes in the product's order. */
export function buildProductStock({ product, server, currency, locations, summaries, lots }: StockInputs): ProductStock {
  const summaryById = new Map(summaries.map((summary) => [summary.variant_id, summary]));
  let valueAtCost = 0;
  let unitsWithCost = 0;
  let unitsWithoutCost = 0;
  const usedLocations = new Set<string>();
  const rows: StockRow[] = product.variants.map((variant) => {
    const levels: StockRow['levels'] = {};
    for (const level of summaryById.get(variant.id)?.levels ?? []) {
      if (level.on_hand === 0 && level.available === 0) continue;
      levels[level.location_id] = { on_hand: level.on_hand, available: level.available };
      usedLocations.add(level.location_id);
    }
    const variantLots = (lots.get(variant.id) ?? [])
      .filter((lot) => lot.quantity_remaining > 0)
      .sort((a, b) => Date.parse(a.acquired_at) - Date.parse(b.acquired_at));
    const lotUnits = variantLots.reduce((sum, lot) => sum + lot.quantity_remaining, 0);
    const lotValue = variantLots.reduce((sum, lot) => sum + lot.quantity_remaining * lot.unit_cost_cents, 0);
    valueAtCost += lotValue;
    unitsWithCost += lotUnits;
    unitsWithoutCost += Math.max(0, variant.on_hand - lotUnits);
    return {
      variant_id: variant.id,
      size: variant.size,
      sku: variant.sku,
      price_cents: variant.price_cents,
      cost_cents: lotUnits === 0 ? null : Math.round(lotValue / lotUnits),
      next_unit_cost_cents: variantLots[0]?.unit_cost_cents ?? null,
      on_hand: variant.on_hand,
      available: variant.available,
      levels,
    };
  });
  return {
    product: {
      id: product.id,
      title: product.title,
      brand: product.brand,
      style_code: product.style_code,
      colorway: product.colorway,
      status: product.status,
      condition: product.condition,
      image_url: absoluteImageUrl(server, product.images[0]?.url),
      retail_price_cents: product.retail_price_cents,
    },
    currency,
    locations: locations.filter((location) => usedLocations.has(location.id)).map((location) => ({ id: location.id, name: location.name })),
    rows,
    totals: {
      on_hand: rows.reduce((sum, row) => sum + row.on_hand, 0),
      available: rows.reduce((sum, row) => sum + row.available, 0),
      value_at_cost_cents: valueAtCost,
      units_without_cost: unitsWithoutCost,
    },
    average_cost_cents: unitsWithCost === 0 ? null : Math.round(valueAtCost / unitsWithCost),
  };
}
