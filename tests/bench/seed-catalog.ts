import type pg from 'pg';
import { recomputeProductStock } from './product-stock.ts';

// The big catalog the benches measure on, seeded set-based inside PostgreSQL (seconds, not minutes):
// `products` products i = 1…n titled "<brand> <model> <colour> #i" with style code SC<i, 6 digits>-<100 + i % 900>,
// four sizes each (9, 9.5, 10, 10.5; SKU "<style code>-<size>", price retail + $50), a barcode per
// size, and 2.5 movements per size on average (1,000,000 for 400,000 sizes) at one location, whose
// sums are the levels: every size has 2 or 3 units on hand.

const BRANDS = `(ARRAY['Nike','Jordan','Adidas','New Balance','Asics','Yeezy','Converse','Vans','Puma','Salomon'])`;
const MODELS = `(ARRAY['Air Max 90','Retro High OG','Samba OG','990v6','Gel-Kayano 14','Foam Runner','Chuck 70','Old Skool','Speedcat','XT-6','Dunk Low','Air Force 1'])`;
const COLORS = `(ARRAY['Bred','Chicago','University Blue','Panda','Sail','Triple Black','Mocha','Olive','Grey Fog','Lucky Green'])`;
export const SEEDED_BRANDS = ['Nike', 'Jordan', 'Adidas', 'New Balance', 'Asics', 'Yeezy', 'Converse', 'Vans', 'Puma', 'Salomon'];
export const SEEDED_SIZES = ['9', '9.5', '10', '10.5'];
/** The style code of seeded product i, the way a person types or scans it. */
export const seededStyleCode = (i: number) => `SC${String(i).padStart(6, '0')}-${100 + (i % 900)}`;

export async function seedCatalog(client: pg.Client, options: { businessId: string; locationId: string; products: number }): Promise<void> {
  const { businessId, locationId, products } = options;
  await client.query(
    `INSERT INTO products (id, business_id, title, brand, style_code, colorway, category, size_format, retail_price_cents, updated_at)
     SELECT gen_random_uuid(), $1, ${BRANDS}[1 + i % 10] || ' ' || ${MODELS}[1 + i % 12] || ' ' || ${COLORS}[1 + (i / 7) % 10] || ' #' || i,
            ${BRANDS}[1 + i % 10], 'SC' || lpad(i::text, 6, '0') || '-' || (100 + i % 900), ${COLORS}[1 + (i / 7) % 10],
            'sneakers', 'us-men', 9000 + (i % 200) * 100, now() - (i || ' seconds')::interval
       FROM generate_series(1, $2) AS i`,
    [businessId, products],
  );
  await client.query(
    `INSERT INTO variants (id, business_id, product_id, size, sku, price_cents)
     SELECT gen_random_uuid(), p.business_id, p.id, s.size, p.style_code || '-' || s.size, p.retail_price_cents + 5000
       FROM products p CROSS JOIN unnest($2::text[]) AS s(size)
      WHERE p.business_id = $1`,
    [businessId, SEEDED_SIZES],
  );
  await client.query(
    `INSERT INTO barcodes (id, business_id, variant_id, code, kind)
     SELECT gen_random_uuid(), business_id, id, lpad((row_number() OVER ())::text, 12, '0'), 'upc' FROM variants WHERE business_id = $1`,
    [businessId],
  );
  await client.query('ALTER TABLE stock_movements DISABLE TRIGGER stock_movements_no_update');
  await client.query(
    `INSERT INTO stock_movements (id, business_id, variant_id, location_id, on_hand_delta, reason, created_at)
     SELECT gen_random_uuid(), v.business_id, v.id, $2, d.delta, 'adjustment', now() - (d.n || ' days')::interval
       FROM (SELECT *, row_number() OVER () AS rn FROM variants WHERE business_id = $1) v
       CROSS JOIN LATERAL (VALUES (1, 2), (2, 1), (3, -1)) AS d(n, delta)
      WHERE d.n <= CASE WHEN v.rn % 2 = 0 THEN 3 ELSE 2 END`,
    [businessId, locationId],
  );
  await client.query('ALTER TABLE stock_movements ENABLE TRIGGER stock_movements_no_update');
  await client.query(
    `INSERT INTO stock_levels (business_id, variant_id, location_id, on_hand)
     SELECT business_id, variant_id, location_id, sum(on_hand_delta) FROM stock_movements WHERE business_id = $1 GROUP BY 1, 2, 3`,
    [businessId],
  );
  await recomputeProductStock(client, businessId);
}

/**
 * Settles fresh rows the way a live database is settled (hint bits, visibility map, statistics), so
 * autovacuum does not run during whichever figure happens to be measured first.
 */
export async function settleDatabase(client: pg.Client): Promise<void> {
  await client.query('VACUUM ANALYZE');
}

export async function seededCounts(client: pg.Client): Promise<{ products: string; variants: string; movements: string }> {
  return (
    await client.query(
      `SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM variants) AS variants, (SELECT count(*) FROM stock_movements) AS movements`,
    )
  ).rows[0];
}
