import type pg from 'pg';

// A trading history under the seeded catalog (seed-catalog.ts), for the screens that read it (the
// dashboard, the sales list) and the writes that extend it (sales take FIFO cost from lots):
// - an opening cost lot for every level's units, bought 0-365 days ago at 55% of the size's price;
// - `customers` customers, and `sales` sales spread evenly over the past 365 days with one or two
//   lines each: 40% in store, the rest eBay, Shopify, Square, manual and wholesale orders shipped
//   from the location (a shipped fulfillment each); 2% cancelled, 0.5% refunded, 30% with a customer.
// Seeded past the ledger (the units sold are not taken off the levels) for speed: the history is
// what the reads aggregate, the levels are what the writes move.

/** Where the 20 slots of the channel mix go, and their marketplace fee in per mille. */
const CHANNEL_SLOTS: { kind: string; feePerMille: number }[] = [
  ...Array.from({ length: 8 }, () => ({ kind: 'in_store', feePerMille: 0 })),
  ...Array.from({ length: 5 }, () => ({ kind: 'ebay', feePerMille: 130 })),
  ...Array.from({ length: 4 }, () => ({ kind: 'shopify', feePerMille: 30 })),
  { kind: 'square', feePerMille: 26 },
  { kind: 'manual', feePerMille: 0 },
  { kind: 'wholesale', feePerMille: 0 },
];

export async function seedCostLots(client: pg.Client, businessId: string): Promise<void> {
  await client.query(
    `INSERT INTO cost_lots (id, business_id, variant_id, source, quantity_received, quantity_remaining, unit_cost_cents, acquired_at)
     SELECT gen_random_uuid(), l.business_id, l.variant_id, 'opening', l.on_hand, l.on_hand, (v.price_cents * 55 / 100)::int,
            now() - ((abs(hashtext(l.variant_id::text)) % 365) || ' days')::interval
       FROM stock_levels l JOIN variants v ON v.id = l.variant_id
      WHERE l.business_id = $1 AND l.on_hand > 0`,
    [businessId],
  );
}

export async function seedSalesHistory(
  client: pg.Client,
  options: { businessId: string; locationId: string; sales: number; customers: number },
): Promise<void> {
  const { businessId, locationId, sales, customers } = options;
  const channels = new Map(
    (
      (await client.query('SELECT kind, id FROM sales_channels WHERE business_id = $1', [businessId])).rows as {
        kind: string;
        id: string;
      }[]
    ).map((c) => [c.kind, c.id]),
  );
  const slotIds = CHANNEL_SLOTS.map((slot) => {
    const id = channels.get(slot.kind);
    if (!id) throw new Error(`the business has no ${slot.kind} channel (list the channels through the API first)`);
    return id;
  });
  const slotKinds = CHANNEL_SLOTS.map((slot) => slot.kind);
  const slotFees = CHANNEL_SLOTS.map((slot) => slot.feePerMille);

  await client.query(
    `INSERT INTO customers (id, business_id, name, email, created_at)
     SELECT gen_random_uuid(), $1, (ARRAY['Alex','Sam','Jordan','Taylor','Morgan','Casey','Riley','Jamie'])[1 + i % 8] || ' ' ||
            (ARRAY['Smith','Garcia','Chen','Okafor','Novak','Silva','Kim','Murphy','Rossi','Khan'])[1 + (i / 8) % 10] || ' ' || i,
            'customer' || i || '@example.test', now() - ((i % 700) || ' days')::interval
       FROM generate_series(1, $2) AS i`,
    [businessId, customers],
  );
  await client.query(
    `CREATE TEMP TABLE seed_variants AS
     SELECT row_number() OVER (ORDER BY id) AS rn, id, price_cents FROM variants WHERE business_id = $1`,
    [businessId],
  );
  await client.query(
    `CREATE TEMP TABLE seed_customers AS SELECT row_number() OVER (ORDER BY id) AS rn, id FROM customers WHERE business_id = $1`,
    [businessId],
  );
  // Sale g: slot g % 20, ordered (sales - g) / sales of a year ago (the newest a few minutes ago).
  await client.query(
    `CREATE TEMP TABLE seed_sales AS
     SELECT g, gen_random_uuid() AS id, ($2::uuid[])[1 + g % 20] AS channel_id, ($3::text[])[1 + g % 20] AS kind,
            ($4::int[])[1 + g % 20] AS fee_per_mille,
            CASE WHEN g % 50 = 0 THEN 'cancelled' WHEN g % 200 = 7 THEN 'refunded' ELSE 'fulfilled' END AS status,
            now() - (((($1 - g)::bigint * 31536000) / $1 + (g * 7) % 600) || ' seconds')::interval AS ordered_at,
            c.id AS customer_id
       FROM generate_series(1, $1) AS g
       LEFT JOIN seed_customers c ON g % 10 < 3 AND c.rn = 1 + (g * 31) % $5`,
    [sales, slotIds, slotKinds, slotFees, customers],
  );
  await client.query(
    `INSERT INTO sales (id, business_id, number, channel_id, external_order_id, customer_id, status, currency, shipping_cents,
                        ordered_at, created_at, cancelled_at)
     SELECT s.id, $1, 1000 + s.g, s.channel_id, 'HIST-' || s.g, s.customer_id, s.status, b.currency,
            CASE WHEN s.kind = 'in_store' THEN 0 ELSE 1500 END, s.ordered_at, s.ordered_at,
            CASE WHEN s.status = 'cancelled' THEN s.ordered_at + interval '2 hours' END
       FROM seed_sales s CROSS JOIN businesses b WHERE b.id = $1`,
    [businessId],
  );
  // One line, or two for every fifth sale; each a size picked by a multiplicative hash of the sale.
  await client.query(
    `INSERT INTO sale_lines (id, business_id, sale_id, variant_id, location_id, quantity, quantity_shipped, quantity_cancelled,
                             quantity_returned, unit_price_cents, fees_cents, shipped_cost_cents)
     SELECT gen_random_uuid(), $1, s.id, v.id, $2, 1,
            CASE WHEN s.status = 'cancelled' THEN 0 ELSE 1 END, CASE WHEN s.status = 'cancelled' THEN 1 ELSE 0 END,
            CASE WHEN s.status = 'refunded' THEN 1 ELSE 0 END,
            v.price_cents, v.price_cents * s.fee_per_mille / 1000,
            CASE WHEN s.status = 'cancelled' THEN 0 ELSE v.price_cents * 55 / 100 END
       FROM seed_sales s
       CROSS JOIN generate_series(1, CASE WHEN s.g % 5 = 0 THEN 2 ELSE 1 END) AS k
       JOIN seed_variants v ON v.rn = 1 + ((s.g::bigint * 2654435761 + k * 40503) % (SELECT count(*) FROM seed_variants))`,
    [businessId, locationId],
  );
  await client.query(
    `INSERT INTO refunds (id, business_id, sale_id, amount_cents, reason, restocked_units, created_at)
     SELECT gen_random_uuid(), $1, s.id, sum(l.unit_price_cents), 'Returned', 0, s.ordered_at + interval '5 days'
       FROM seed_sales s JOIN sale_lines l ON l.sale_id = s.id WHERE s.status = 'refunded' GROUP BY s.id, s.ordered_at`,
    [businessId],
  );
  await client.query(
    `INSERT INTO fulfillments (id, business_id, sale_id, location_id, status, carrier, tracking_number, created_at, packed_at, shipped_at)
     SELECT gen_random_uuid(), $1, s.id, $2, 'shipped', 'UPS', '1Z' || lpad(s.g::text, 16, '0'), s.ordered_at,
            s.ordered_at + interval '20 hours', s.ordered_at + interval '1 day'
       FROM seed_sales s WHERE s.kind <> 'in_store' AND s.status <> 'cancelled'`,
    [businessId, locationId],
  );
  await client.query(
    `INSERT INTO fulfillment_lines (id, business_id, fulfillment_id, sale_line_id, variant_id, quantity, quantity_picked)
     SELECT gen_random_uuid(), $1, f.id, l.id, l.variant_id, l.quantity, l.quantity
       FROM fulfillments f JOIN sale_lines l ON l.sale_id = f.sale_id WHERE f.business_id = $1`,
    [businessId],
  );
  // The next sale recorded through the API continues the numbering.
  await client.query(
    `INSERT INTO business_counters (business_id, name, value) VALUES ($1, 'sale', $2)
     ON CONFLICT (business_id, name) DO UPDATE SET value = excluded.value`,
    [businessId, 1000 + sales],
  );
  await client.query('DROP TABLE seed_sales, seed_variants, seed_customers');
}
