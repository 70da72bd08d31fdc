import { inflateSync } from 'node:zlib';
import type { Fulfillment, Sale } from '@tradepost/shared/schemas/sales.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  databaseSnapshot,
  errorFields,
  joinAs,
  registerAndLogin,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let main: string;
let store: string;
let channels: Record<string, string>;

const url = (path: string, who: SignedIn = owner) => `/api/v1/businesses/${who.businessId}${path}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: object, who: SignedIn = owner) =>
  t.app.inject({ method, url: url(path, who), headers: bearer(who.token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Sales Kicks' });
  stranger = await registerAndLogin(t.app, { business_name: 'Stranger Kicks' });
  main = (await call('GET', '/locations')).json()[0].id;
  store = (await call('POST', '/locations', { name: 'Store front', kind: 'store' })).json().id;
  const list = (await call('GET', '/channels')).json() as { id: string; kind: string }[];
  channels = Object.fromEntries(list.map((c) => [c.kind, c.id]));
  await call('GET', '/channels', undefined, stranger);
});
afterAll(async () => t.close());

let n = 0;
/** A product with sizes 9 and 10, stocked at `main` (and optionally `store`) at a known unit cost. */
async function stockedProduct(stock: { main?: number; store?: number; cost?: number } = {}) {
  const i = n++;
  const res = await call('POST', '/products', {
    title: `Dunk Low Panda ${i}`,
    brand: 'Nike',
    style_code: `DD1391-${100 + i}`,
    category: 'sneakers',
    size_format: 'us-men',
    variants: ['9', '10'].map((size) => ({
      size,
      sku: `DUNK-${i}-${size}`,
      price_cents: 15_000,
      barcodes: [{ code: `88${i}${size}`.padEnd(12, '7') }],
    })),
  });
  expect(res.statusCode, res.body).toBe(201);
  const product = res.json() as { id: string; variants: { id: string; size: string; sku: string; barcodes: { code: string }[] }[] };
  for (const [location, quantity] of [
    [main, stock.main ?? 0],
    [store, stock.store ?? 0],
  ] as const) {
    if (quantity > 0) {
      const adjusted = await call('POST', '/inventory/adjustments', {
        location_id: location,
        lines: product.variants.map((v) => ({ variant_id: v.id, quantity, reason: 'received', unit_cost_cents: stock.cost ?? 9_000 })),
      });
      expect(adjusted.statusCode, adjusted.body).toBe(201);
    }
  }
  const [nine, ten] = product.variants as [(typeof product.variants)[number], (typeof product.variants)[number]];
  return { product, nine, ten };
}

async function levels(variantId: string) {
  const ledger = (await call('GET', `/inventory/variants/${variantId}/ledger`)).json() as {
    reconciliation: { location_id: string; level: { on_hand: number; committed: number; available: number }; matches: boolean }[];
  };
  expect(ledger.reconciliation.every((r) => r.matches)).toBe(true);
  const at = (location: string) =>
    ledger.reconciliation.find((r) => r.location_id === location)?.level ?? { on_hand: 0, committed: 0, available: 0 };
  return { main: at(main), store: at(store) };
}

const manualSale = (variantId: string, quantity = 1, extra: object = {}) =>
  call('POST', '/sales', {
    channel: 'manual',
    lines: [{ variant_id: variantId, quantity, unit_price_cents: 15_000, fees_cents: 1_500 }],
    ...extra,
  });

describe('recording sales', () => {
  it('a manual order commits stock, ships from the pick location, and its profit uses FIFO cost', async () => {
    const { nine } = await stockedProduct({ main: 3, cost: 9_000 });
    const res = await manualSale(nine.id, 2, { customer: { name: 'Ana Ruiz', email: 'ana@example.com' }, shipping_cents: 1_000 });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json() as Sale;
    expect(sale.status).toBe('open');
    expect(sale.customer).toMatchObject({ name: 'Ana Ruiz', email: 'ana@example.com' });
    expect(sale.totals).toMatchObject({ units: 2, subtotal_cents: 30_000, shipping_cents: 1_000, fees_cents: 1_500, cost_cents: 18_000 });
    expect(sale.totals.profit_cents).toBe(30_000 + 1_000 - 1_500 - 18_000);
    expect(sale.lines[0]?.cost_is_final).toBe(false);
    expect((await levels(nine.id)).main).toMatchObject({ on_hand: 3, committed: 2, available: 1 });

    const fulfillmentId = sale.fulfillments[0]?.id;
    const shipped = await call('POST', `/fulfillments/${fulfillmentId}/ship`, { carrier: 'UPS', tracking_number: '1Z999AA10123456784' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ status: 'shipped', carrier: 'UPS' });
    expect((await levels(nine.id)).main).toMatchObject({ on_hand: 1, committed: 0, available: 1 });
    const after = (await call('GET', `/sales/${sale.id}`)).json() as Sale;
    expect(after.status).toBe('fulfilled');
    expect(after.lines[0]).toMatchObject({ quantity_shipped: 2, cost_cents: 18_000, cost_is_final: true });
  });

  it('an in-store sale leaves at once from the chosen location, consuming the oldest lots first', async () => {
    const { ten } = await stockedProduct({ store: 1, cost: 8_000 });
    await call('POST', '/inventory/adjustments', {
      location_id: store,
      lines: [{ variant_id: ten.id, quantity: 1, reason: 'received', unit_cost_cents: 12_000 }],
    });
    const res = await call('POST', '/sales', {
      channel: 'in_store',
      location_id: store,
      lines: [{ variant_id: ten.id, quantity: 2, unit_price_cents: 16_000, tax_cents: 2_560 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json() as Sale;
    expect(sale).toMatchObject({ status: 'fulfilled', channel: { kind: 'in_store' }, fulfillments: [] });
    expect(sale.totals).toMatchObject({ cost_cents: 20_000, tax_cents: 2_560, total_cents: 34_560, profit_cents: 12_000 });
    expect((await levels(ten.id)).store).toMatchObject({ on_hand: 0, committed: 0 });
  });

  it('the same idempotency key records the sale once', async () => {
    const { nine } = await stockedProduct({ main: 5 });
    const first = await manualSale(nine.id, 1, { external_order_id: 'checkout-7f3a' });
    const again = await manualSale(nine.id, 1, { external_order_id: 'checkout-7f3a' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect((await levels(nine.id)).main.committed).toBe(1);
  });

  it('refuses bad input and a shortfall with field messages, writing nothing', async () => {
    const { nine } = await stockedProduct({ main: 1 });
    const before = await databaseSnapshot(t.orm);
    const tooMany = await manualSale(nine.id, 2);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatchObject({ code: 'INSUFFICIENT_STOCK', details: [{ field: 'lines.0.quantity' }] });
    expect(tooMany.json().error.message).toMatch(/1 available, 2 ordered/);
    const negative = await call('POST', '/sales', {
      channel: 'manual',
      lines: [{ variant_id: nine.id, quantity: 1, unit_price_cents: -5 }],
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.details).toContainEqual({ field: 'lines.0.unit_price_cents', message: 'Price must not be negative' });
    const unknown = await manualSale('0190a000-0000-7000-8000-000000000001');
    expect(unknown.statusCode).toBe(404);
    const foreign = await call(
      'POST',
      '/sales',
      { channel: 'manual', lines: [{ variant_id: nine.id, quantity: 1, unit_price_cents: 1 }] },
      stranger,
    );
    expect(foreign.statusCode).toBe(404);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('another business cannot read, cancel or ship a sale', async () => {
    const { nine } = await stockedProduct({ main: 1 });
    const sale = (await manualSale(nine.id)).json() as Sale;
    expect((await call('GET', `/sales/${sale.id}`, undefined, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/sales/${sale.id}/cancel`, {}, stranger)).statusCode).toBe(404);
    const ship = await call(
      'POST',
      `/fulfillments/${sale.fulfillments[0]?.id}/ship`,
      { carrier: 'UPS', tracking_number: '1Z999' },
      stranger,
    );
    expect(ship.statusCode).toBe(404);
  });
});

describe('channel orders', () => {
  const order = (id: string, sku: string, quantity = 1) => ({
    external_order_id: id,
    customer: { name: 'Marketplace buyer', email: `${id}@buyers.example.com` },
    lines: [{ sku, quantity, unit_price_cents: 17_000, fees_cents: 2_210 }],
  });

  it('importing the same order twice changes nothing the second time', async () => {
    const { nine } = await stockedProduct({ main: 2 });
    const first = await call('POST', `/channels/${channels.ebay}/orders`, order('EB-1001', nine.sku));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().outcome).toBe('recorded');
    const before = await databaseSnapshot(t.orm);
    const again = await call('POST', `/channels/${channels.ebay}/orders`, order('EB-1001', nine.sku));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ outcome: 'duplicate', sale: { id: first.json().sale.id } });
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('an unknown SKU becomes a failed order, fixed by mapping the SKU and retrying', async () => {
    const { ten } = await stockedProduct({ main: 1 });
    const res = await call('POST', `/channels/${channels.shopify}/orders`, order('SH-77', 'SHOPIFY-DUNK-10'));
    expect(res.json()).toMatchObject({ outcome: 'failed', reason_code: 'unknown_sku', reason: 'Unknown SKU: SHOPIFY-DUNK-10' });
    const failedId = res.json().failed_order_id as string;
    const open = (await call('GET', '/failed-orders')).json() as { id: string }[];
    expect(open.map((f) => f.id)).toContain(failedId);

    expect(
      (await call('POST', `/failed-orders/${failedId}/map-sku`, { external_sku: 'SHOPIFY-DUNK-10', variant_id: ten.id })).statusCode,
    ).toBe(200);
    const retried = await call('POST', `/failed-orders/${failedId}/retry`, {});
    expect(retried.json()).toMatchObject({ outcome: 'recorded', sale: { channel: { kind: 'shopify' }, lines: [{ variant_id: ten.id }] } });
    expect((await call('GET', `/failed-orders/${failedId}`)).json()).toMatchObject({ status: 'resolved', sale_id: retried.json().sale.id });
    // The mapping now holds for later orders too.
    await call('POST', '/inventory/adjustments', { location_id: main, lines: [{ variant_id: ten.id, quantity: 1, reason: 'received' }] });
    expect((await call('POST', `/channels/${channels.shopify}/orders`, order('SH-78', 'shopify-dunk-10'))).json().outcome).toBe('recorded');
  });

  it('an order without stock becomes a failed order and goes through once stock arrives', async () => {
    const { nine } = await stockedProduct({});
    const res = await call('POST', `/channels/${channels.whatnot}/orders`, order('WN-5', nine.sku, 2));
    expect(res.json()).toMatchObject({ outcome: 'failed', reason_code: 'no_stock' });
    await call('POST', '/inventory/adjustments', { location_id: store, lines: [{ variant_id: nine.id, quantity: 2, reason: 'received' }] });
    const retried = await call('POST', `/failed-orders/${res.json().failed_order_id}/retry`, {});
    expect(retried.json().outcome).toBe('recorded');
    expect((await levels(nine.id)).store.committed).toBe(2);
  });

  it('100 concurrent sales of a variant with 10 units across three channels: exactly 10 succeed', async () => {
    const { nine } = await stockedProduct({ main: 6, store: 4 });
    const kinds = ['ebay', 'shopify', 'manual'] as const;
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const kind = kinds[i % 3] as (typeof kinds)[number];
        return kind === 'manual'
          ? manualSale(nine.id, 1, { external_order_id: `race-${i}` })
          : call('POST', `/channels/${channels[kind]}/orders`, order(`race-${kind}-${i}`, nine.sku));
      }),
    );
    const recorded = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 409);
    const failed = results.filter((r) => r.statusCode === 200 && r.json().outcome === 'failed');
    expect(recorded).toHaveLength(10);
    expect(refused.length + failed.length).toBe(90);
    expect(refused.every((r) => r.json().error.code === 'INSUFFICIENT_STOCK')).toBe(true);
    const now = await levels(nine.id);
    expect(now.main.available + now.store.available).toBe(0);
    expect(now.main.committed + now.store.committed).toBe(10);
  });
});

describe('pick rules', () => {
  it('a rule for a channel picks from its locations in order, and refuses to split when told', async () => {
    const { nine, ten } = await stockedProduct({ main: 1, store: 2 });
    const storeFirst = await call('POST', '/pick-rules', {
      name: 'Shopify from the store',
      channel_id: channels.shopify,
      location_ids: [store, main],
    });
    expect(storeFirst.statusCode, storeFirst.body).toBe(201);
    const sale = await call('POST', `/channels/${channels.shopify}/orders`, {
      external_order_id: 'SH-PICK-1',
      lines: [{ sku: nine.sku, quantity: 3, unit_price_cents: 100 }],
    });
    const lines = (sale.json().sale as Sale).lines;
    expect(lines.map((l) => [l.location_id, l.quantity])).toEqual(
      expect.arrayContaining([
        [store, 2],
        [main, 1],
      ]),
    );
    expect((sale.json().sale as Sale).fulfillments).toHaveLength(2);

    await call('PUT', `/pick-rules/${storeFirst.json().id}`, {
      name: 'Shopify from one place',
      channel_id: channels.shopify,
      location_ids: [store, main],
      allow_split: false,
    });
    const split = await call('POST', `/channels/${channels.shopify}/orders`, {
      external_order_id: 'SH-PICK-2',
      lines: [
        { sku: ten.sku, quantity: 1, unit_price_cents: 100 },
        { sku: nine.sku, quantity: 1, unit_price_cents: 100 },
      ],
    });
    expect(split.json()).toMatchObject({ outcome: 'failed', reason_code: 'no_stock' });
    const oneOrder = await call('POST', `/channels/${channels.shopify}/orders`, {
      external_order_id: 'SH-PICK-3',
      lines: [{ sku: ten.sku, quantity: 3, unit_price_cents: 100 }],
    });
    expect(oneOrder.json()).toMatchObject({ outcome: 'failed', reason_code: 'split_not_allowed' });
    await call('DELETE', `/pick-rules/${storeFirst.json().id}`);
  });

  it('reordering needs every rule once; bad locations are refused by field', async () => {
    const a = (await call('POST', '/pick-rules', { name: 'A', location_ids: [main] })).json();
    const b = (await call('POST', '/pick-rules', { name: 'B', location_ids: [store] })).json();
    const reordered = await call('PUT', '/pick-rules/order', { ids: [b.id, a.id] });
    expect(reordered.json().map((r: { name: string }) => r.name)).toEqual(['B', 'A']);
    expect((await call('PUT', '/pick-rules/order', { ids: [a.id] })).statusCode).toBe(400);
    const twice = await call('POST', '/pick-rules', { name: 'C', location_ids: [main, main] });
    expect(twice.json().error.details).toEqual([{ field: 'location_ids', message: 'Each location may appear once' }]);
    const empty = await call('POST', '/pick-rules', { name: 'D', location_ids: [] });
    expect(empty.json().error.details).toContainEqual({ field: 'location_ids', message: 'Choose at least one location' });
    await call('DELETE', `/pick-rules/${a.id}`);
    await call('DELETE', `/pick-rules/${b.id}`);
  });
});

describe('cancelling and refunds', () => {
  it('cancelling one line releases its units; cancelling the rest cancels the sale and its fulfillment', async () => {
    const { nine, ten } = await stockedProduct({ main: 2 });
    const sale = (
      await call('POST', '/sales', {
        channel: 'manual',
        lines: [
          { variant_id: nine.id, quantity: 2, unit_price_cents: 100 },
          { variant_id: ten.id, quantity: 1, unit_price_cents: 100 },
        ],
      })
    ).json() as Sale;
    const nineLine = sale.lines.find((l) => l.variant_id === nine.id);
    const partly = await call('POST', `/sales/${sale.id}/cancel`, { lines: [{ line_id: nineLine?.id, quantity: 1 }] });
    expect(partly.statusCode, partly.body).toBe(200);
    expect((partly.json() as Sale).status).toBe('open');
    expect((await levels(nine.id)).main).toMatchObject({ committed: 1, available: 1 });
    const all = await call('POST', `/sales/${sale.id}/cancel`, {});
    expect(all.json()).toMatchObject({ status: 'cancelled', fulfillments: [{ status: 'cancelled' }] });
    expect((await levels(nine.id)).main).toMatchObject({ committed: 0, available: 2 });
    const ship = await call('POST', `/fulfillments/${sale.fulfillments[0]?.id}/ship`, { carrier: 'UPS', tracking_number: '1Z12345' });
    expect(ship.statusCode).toBe(409);
    expect(ship.json().error.code).toBe('FULFILLMENT_CANCELLED');
    expect((await call('POST', `/sales/${sale.id}/cancel`, {})).statusCode).toBe(409);
  });

  it('a refund with restock puts the returned pair back at its cost and takes the money off the profit', async () => {
    const { ten } = await stockedProduct({ main: 1, cost: 7_000 });
    const sale = (await manualSale(ten.id, 1)).json() as Sale;
    await call('POST', `/fulfillments/${sale.fulfillments[0]?.id}/ship`, { carrier: 'USPS', tracking_number: '9400111899223344556677' });
    const tooMuch = await call('POST', `/sales/${sale.id}/refunds`, { amount_cents: 999_999 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.details[0].field).toBe('amount_cents');
    const refund = await call('POST', `/sales/${sale.id}/refunds`, {
      amount_cents: 15_000,
      reason: 'Wrong size',
      restock: [{ line_id: sale.lines[0]?.id, quantity: 1 }],
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const refunded = refund.json() as Sale;
    expect(refunded.status).toBe('refunded');
    expect(refunded.totals).toMatchObject({ refunded_cents: 15_000, cost_cents: 0 });
    expect(refunded.totals.profit_cents).toBe(-1_500);
    expect((await levels(ten.id)).main).toMatchObject({ on_hand: 1, available: 1 });
  });

  it('ten refunds of the whole amount sent at once refund it once', async () => {
    const { ten } = await stockedProduct({ main: 1, cost: 7_000 });
    const sale = (await manualSale(ten.id, 1)).json() as Sale;
    const total = sale.totals.total_cents;
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('POST', `/sales/${sale.id}/refunds`, { amount_cents: total })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, ...Array(9).fill(400)]);
    const after = (await call('GET', `/sales/${sale.id}`)).json() as Sale;
    expect(after.totals.refunded_cents).toBe(total);
    expect(after.status).toBe('refunded');
  });
});

describe('fulfillment and scanning mode', () => {
  it('scans the right items, refuses a wrong or extra one, and packs the order on the last unit', async () => {
    const { nine, ten } = await stockedProduct({ main: 3 });
    await stockedProduct({ main: 1 });
    const sale = (await manualSale(nine.id, 2)).json() as Sale;
    const id = sale.fulfillments[0]?.id;
    const code = nine.barcodes[0]?.code ?? '';
    const first = await call('POST', `/fulfillments/${id}/scan`, { code });
    expect(first.json()).toMatchObject({ quantity_picked: 1, complete: false, fulfillment: { status: 'picking' } });
    const wrong = await call('POST', `/fulfillments/${id}/scan`, { code: ten.barcodes[0]?.code });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error).toMatchObject({ code: 'WRONG_ITEM' });
    expect(wrong.json().error.message).toContain('size 10 is not on this order');
    const unknown = await call('POST', `/fulfillments/${id}/scan`, { code: '000000000000' });
    expect(unknown.json().error.code).toBe('UNKNOWN_BARCODE');
    const last = await call('POST', `/fulfillments/${id}/scan`, { code: nine.sku });
    expect(last.json()).toMatchObject({ quantity_picked: 2, complete: true, fulfillment: { status: 'packed' } });
    const extra = await call('POST', `/fulfillments/${id}/scan`, { code });
    expect(extra.json().error).toMatchObject({ code: 'ALREADY_PICKED', message: expect.stringContaining('all 2 of') });

    const noTracking = await call('POST', `/fulfillments/${id}/ship`, { carrier: 'UPS', tracking_number: '' });
    expect(noTracking.statusCode).toBe(400);
    expect(noTracking.json().error.details[0].field).toBe('tracking_number');
    const slip = await call('GET', `/fulfillments/${id}/packing-slip.pdf`);
    expect(slip.headers['content-type']).toBe('application/pdf');
    expect(slip.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('lists open fulfillments oldest first', async () => {
    const res = await call('GET', '/fulfillments?status=open');
    const list = res.json() as { created_at: string; status: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((f) => ['pending', 'picking', 'packed'].includes(f.status))).toBe(true);
    expect([...list].sort((a, b) => a.created_at.localeCompare(b.created_at))).toEqual(list);
  });

  it('filters by one channel or several, and names a bad one', async () => {
    const retail = (await call('GET', '/fulfillments?status=all&channel=shopify,whatnot')).json() as { channel: string }[];
    expect(new Set(retail.map((f) => f.channel))).toEqual(new Set(['shopify', 'whatnot']));
    const manual = (await call('GET', '/fulfillments?status=all&channel=manual')).json() as { channel: string }[];
    expect(manual.length).toBeGreaterThan(0);
    expect(manual.every((f) => f.channel === 'manual')).toBe(true);
    const bad = await call('GET', '/fulfillments?channel=shopify,amazon');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toMatch(/^channel/);
  });
});

describe('customers, price rules and the dashboard', () => {
  it('customers carry their orders and spend; duplicate e-mails are refused by field', async () => {
    const res = await call('GET', '/customers?q=ana');
    const ana = (res.json().items as { name: string; orders: number; spent_cents: number }[]).find((c) => c.name === 'Ana Ruiz');
    expect(ana).toMatchObject({ orders: 1, spent_cents: 30_000 });
    const dup = await call('POST', '/customers', { name: 'Other Ana', email: 'ANA@example.com' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.details).toEqual([{ field: 'email', message: 'A customer with this e-mail exists' }]);
  });

  it('a price rule previews real products and is saved per channel', async () => {
    await stockedProduct({ main: 1, cost: 14_000 });
    const preview = await call('POST', '/price-rules/preview', { markup_percent: 10, rounding: '.99', min_margin_percent: 20 });
    expect(preview.statusCode, preview.body).toBe(200);
    const item = preview.json().items.find((i: { cost_cents: number }) => i.cost_cents === 14_000);
    // 15,000 + 10% = 16,500 → 16,599, but 20% over 14,000 needs 17,500 → 17,599.
    expect(item).toMatchObject({ base_price_cents: 15_000, channel_price_cents: 17_599, raised_for_margin: true });
    const saved = await call('PUT', `/price-rules/${channels.ebay}`, { markup_percent: 12.5, rounding: '.99', min_margin_percent: null });
    expect(saved.json().find((r: { channel: { kind: string } }) => r.channel.kind === 'ebay')).toMatchObject({
      markup_percent: 12.5,
      enabled: true,
    });
    const bad = await call('PUT', `/price-rules/${channels.ebay}`, { markup_percent: 5000, rounding: '.98' });
    expect(bad.statusCode).toBe(400);
    expect(errorFields(bad).sort()).toEqual(['markup_percent', 'rounding']);
  });

  it('the dashboard adds up the sales of the last 30 days and the stock', async () => {
    const fresh = await registerAndLogin(t.app, { business_name: 'Dashboard Kicks' });
    const as = (method: 'GET' | 'POST', path: string, payload?: object) => call(method, path, payload, fresh);
    const location = (await as('GET', '/locations')).json()[0].id;
    const product = (
      await as('POST', '/products', {
        title: 'Samba OG',
        category: 'sneakers',
        size_format: 'us-men',
        variants: [{ size: '9', sku: 'SAMBA-9', price_cents: 12_000 }],
      })
    ).json();
    const variant = product.variants[0].id;
    await as('POST', '/inventory/adjustments', {
      location_id: location,
      lines: [{ variant_id: variant, quantity: 4, reason: 'received', unit_cost_cents: 6_000 }],
    });
    await as('POST', '/sales', { channel: 'in_store', lines: [{ variant_id: variant, quantity: 1, unit_price_cents: 11_000 }] });
    const figures = (await as('GET', '/analytics/dashboard')).json();
    expect(figures.today).toMatchObject({ sales: 1, units: 1, revenue_cents: 11_000, profit_cents: 5_000 });
    expect(figures.last_30_days).toMatchObject({ sales: 1, profit_cents: 5_000 });
    expect(figures.inventory).toMatchObject({ units_on_hand: 3, value_at_cost_cents: 18_000, value_at_price_cents: 36_000 });
    expect(figures.sell_through_30d_percent).toBe(25);
    expect(figures.aged_stock[0]).toEqual({ bucket: '0-30', units: 3, value_cents: 18_000 });
    expect(figures.daily).toHaveLength(30);
    expect(figures.daily.at(-1)).toMatchObject({ sales: 1, revenue_cents: 11_000 });
    expect(figures.by_channel).toEqual([{ kind: 'in_store', sales: 1, revenue_cents: 11_000 }]);
    const recent = (await as('GET', '/sales?limit=20&sort=created_at')).json();
    expect(recent).toMatchObject({ total: 1, items: [{ channel: { kind: 'in_store' }, totals: { profit_cents: 5_000 } }] });
  });
});

// Issue #17: orders carry a shipping address (from channel orders, typed for manual orders) shown on
// the fulfillment and the packing slip; the point of sale records how the sale was paid.

const winAnsi = new TextDecoder('windows-1252');

/** The text a PDF draws: pdf-lib writes each string as `<hex> Tj` (WinAnsi) in Flate-compressed content streams. */
function pdfText(pdf: Buffer): string[] {
  const shown: string[] = [];
  const raw = pdf.toString('latin1');
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    // The stream's dictionary (just before `stream`) gives its exact length.
    const length = /\/Length (\d+)[^<]*$/.exec(raw.slice(Math.max(0, (match.index ?? 0) - 300), match.index))?.[1];
    if (length === undefined) continue;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, start + Number(length))).toString('latin1');
    } catch {
      continue;
    }
    for (const text of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) shown.push(winAnsi.decode(Buffer.from(text[1] ?? '', 'hex')));
  }
  return shown;
}

const portland = {
  name: 'Ana Ruiz',
  line1: '12 Market Street',
  line2: 'Apt 4',
  city: 'Portland',
  region: 'OR',
  postal_code: '97201',
  country: 'US',
  phone: '+1 503 555 0142',
};

describe('issue #17: shipping addresses and how a sale was paid', () => {
  let packer: SignedIn;
  let variant: string;
  beforeAll(async () => {
    packer = await joinAs(t.app, owner, 'fulfillment');
    const product = await call('POST', '/products', {
      title: 'Samba OG Cloud White',
      brand: 'adidas',
      category: 'sneakers',
      size_format: 'us-men',
      variants: [{ size: '9', sku: 'SAMBA-9', price_cents: 10_000 }],
    });
    expect(product.statusCode, product.body).toBe(201);
    variant = product.json().variants[0].id;
    const stocked = await call('POST', '/inventory/adjustments', {
      location_id: main,
      lines: [{ variant_id: variant, quantity: 40, reason: 'received', unit_cost_cents: 5_000 }],
    });
    expect(stocked.statusCode, stocked.body).toBe(201);
  });

  describe('shipping addresses', () => {
    it('a channel order’s address reaches the fulfillment (for the packer too) and the packing slip, as on a label', async () => {
      // The shape the eBay, Shopify and Square adapters map their orders to.
      const imported = await call('POST', `/channels/${channels.shopify}/orders`, {
        external_order_id: 'gid://shopify/Order/7001',
        customer: { name: 'Ana Ruiz', email: 'ana.ruiz@example.com' },
        shipping_address: portland,
        lines: [{ sku: 'SAMBA-9', quantity: 1, unit_price_cents: 10_000 }],
      });
      expect(imported.statusCode, imported.body).toBe(201);
      const sale = imported.json().sale as Sale;
      expect(sale.shipping_address).toEqual(portland);
      const id = sale.fulfillments[0]?.id;

      // The fulfillment role packs, so it sees where the parcel goes; customers' records stay closed to it.
      const seen = await call('GET', `/fulfillments/${id}`, undefined, packer);
      expect(seen.statusCode, seen.body).toBe(200);
      expect((seen.json() as Fulfillment).shipping_address).toEqual(portland);
      expect((await call('GET', '/customers', undefined, packer)).statusCode).toBe(403);
      expect((await call('GET', `/sales/${sale.id}`, undefined, packer)).statusCode).toBe(403);

      const slip = await call('GET', `/fulfillments/${id}/packing-slip.pdf`, undefined, packer);
      expect(slip.statusCode).toBe(200);
      const lines = pdfText(slip.rawPayload);
      const shipTo = lines.indexOf('Ship to');
      expect(lines.slice(shipTo + 1)).toEqual(
        expect.arrayContaining(['Ana Ruiz', '12 Market Street', 'Apt 4', 'Portland, OR 97201', 'UNITED STATES', 'Phone +1 503 555 0142']),
      );
      expect(lines.indexOf('Portland, OR 97201')).toBeGreaterThan(lines.indexOf('12 Market Street'));
    });

    it('a manual order takes a typed address; without one the slip says it is picked up', async () => {
      const shipped = await call('POST', '/sales', {
        channel: 'manual',
        lines: [{ variant_id: variant, quantity: 1, unit_price_cents: 10_000 }],
        shipping_address: { ...portland, line2: '', phone: '', country: 'us' },
      });
      expect(shipped.statusCode, shipped.body).toBe(201);
      const sale = shipped.json() as Sale;
      expect(sale.shipping_address).toEqual({ ...portland, line2: null, phone: null });
      expect((await call('GET', `/sales/${sale.id}`)).json().shipping_address).toEqual(sale.shipping_address);

      const pickup = (
        await call('POST', '/sales', { channel: 'manual', lines: [{ variant_id: variant, quantity: 1, unit_price_cents: 10_000 }] })
      ).json() as Sale;
      expect(pickup.shipping_address).toBeNull();
      const slip = await call('GET', `/fulfillments/${pickup.fulfillments[0]?.id}/packing-slip.pdf`);
      expect(pdfText(slip.rawPayload)).toContain('No shipping address — pickup or in-store');
    });

    it('a bad address is refused naming each field, and nothing is written', async () => {
      const before = await databaseSnapshot(t.orm);
      const refused = await call('POST', '/sales', {
        channel: 'manual',
        lines: [{ variant_id: variant, quantity: 1, unit_price_cents: 10_000 }],
        shipping_address: { ...portland, postal_code: '9720', country: 'USA' },
      });
      expect(refused.statusCode).toBe(400);
      expect(errorFields(refused).sort()).toEqual(['shipping_address.country']);
      const zip = await call('POST', '/sales', {
        channel: 'manual',
        lines: [{ variant_id: variant, quantity: 1, unit_price_cents: 10_000 }],
        shipping_address: { ...portland, postal_code: '9720', city: '' },
      });
      expect(errorFields(zip).sort()).toEqual(['shipping_address.city', 'shipping_address.postal_code']);
      const us = await call('POST', '/sales', {
        channel: 'manual',
        lines: [{ variant_id: variant, quantity: 1, unit_price_cents: 10_000 }],
        shipping_address: { ...portland, postal_code: '9720' },
      });
      expect(us.statusCode).toBe(400);
      expect(errorFields(us)).toEqual(['shipping_address.postal_code']);
      expect(await databaseSnapshot(t.orm)).toEqual(before);
    });
  });

  describe('point of sale payment', () => {
    const checkout = (payment: object) =>
      call('POST', '/sales', {
        channel: 'in_store',
        location_id: main,
        lines: [{ variant_id: variant, quantity: 1, unit_price_cents: 10_000, tax_cents: 800 }],
        ...payment,
      });

    it('records cash (with the change due), card, store credit and a split, and shows them on the sale and the list', async () => {
      const cash = await checkout({ payment_method: 'cash', cash_tendered_cents: 12_000 });
      expect(cash.statusCode, cash.body).toBe(201);
      expect((cash.json() as Sale).payment).toEqual({
        method: 'cash',
        parts: [{ method: 'cash', amount_cents: 10_800 }],
        cash_tendered_cents: 12_000,
        change_cents: 1_200,
      });
      const card = (await checkout({ payment_method: 'card' })).json() as Sale;
      expect(card.payment).toEqual({
        method: 'card',
        parts: [{ method: 'card', amount_cents: 10_800 }],
        cash_tendered_cents: null,
        change_cents: null,
      });
      // Store credit is spent from a customer's balance (store-credit.test.ts): one who holds enough.
      const customer = (await call('POST', '/customers', { name: 'Credit Holder' })).json().id as string;
      const topUp = await call('POST', `/customers/${customer}/store-credit/adjustments`, {
        amount_cents: 11_600,
        note: 'Opening balance',
      });
      expect(topUp.statusCode, topUp.body).toBe(201);
      const credit = (await checkout({ payment_method: 'store_credit', customer_id: customer })).json() as Sale;
      expect(credit.payment?.parts).toEqual([{ method: 'store_credit', amount_cents: 10_800 }]);
      const parts = [
        { method: 'cash', amount_cents: 2_000 },
        { method: 'card', amount_cents: 8_000 },
        { method: 'store_credit', amount_cents: 800 },
      ];
      const split = (await checkout({ payment_method: 'split', payments: parts, customer_id: customer })).json() as Sale;
      expect(split.payment).toEqual({ method: 'split', parts, cash_tendered_cents: null, change_cents: null });

      const list = (await call('GET', '/sales?channel=in_store')).json() as { items: Sale[] };
      expect(list.items.slice(0, 4).map((sale) => sale.payment?.method)).toEqual(['split', 'store_credit', 'card', 'cash']);
      expect((await call('GET', `/sales/${split.id}`)).json().payment).toEqual(split.payment);
    });

    it('a split that does not add up to the total, or tendered cash short of it, is refused naming the field; nothing is written', async () => {
      const before = await databaseSnapshot(t.orm);
      const short = await checkout({
        payment_method: 'split',
        payments: [
          { method: 'cash', amount_cents: 2_000 },
          { method: 'card', amount_cents: 8_000 },
        ],
      });
      expect(short.statusCode).toBe(400);
      expect(errorFields(short)).toEqual(['payments']);
      expect(short.json().error.details[0].message).toMatch(/100\.00 but the sale's total is 108\.00/);
      const one = await checkout({ payment_method: 'split', payments: [{ method: 'card', amount_cents: 10_800 }] });
      expect(errorFields(one)).toEqual(['payments']);
      const stray = await checkout({ payment_method: 'card', payments: [{ method: 'card', amount_cents: 10_800 }] });
      expect(errorFields(stray)).toEqual(['payments']);
      const tendered = await checkout({ payment_method: 'cash', cash_tendered_cents: 10_000 });
      expect(errorFields(tendered)).toEqual(['cash_tendered_cents']);
      const unknown = await checkout({ payment_method: 'cheque' });
      expect(errorFields(unknown)).toEqual(['payment_method']);
      expect(await databaseSnapshot(t.orm)).toEqual(before);
    });
  });
});
