import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  databaseSnapshot,
  errorFields,
  registerAndLogin,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let warehouse: string;
let store: string;
/** Sizes 9, 10, 11 of one product; 9 and 10 carry a barcode, 11 none. */
let sizes: { id: string; sku: string; barcode: string | null }[];

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, path: string, payload?: object, who: SignedIn = owner) =>
  t.app.inject({
    method,
    url: `/api/v1/businesses/${who.businessId}${path}`,
    headers: bearer(who.token),
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Buying Kicks' });
  stranger = await registerAndLogin(t.app, { business_name: 'Other Kicks' });
  warehouse = (await call('GET', '/locations')).json()[0].id;
  store = (await call('POST', '/locations', { name: 'Store', kind: 'store' })).json().id;
  const product = await call('POST', '/products', {
    title: 'Dunk Low Panda',
    category: 'sneakers',
    size_format: 'us-men',
    variants: [
      { size: '9', sku: 'DD1391-9', barcodes: [{ code: '195866000009' }] },
      { size: '10', sku: 'DD1391-10', barcodes: [{ code: '195866000010' }] },
      { size: '11', sku: 'DD1391-11' },
    ],
  });
  expect(product.statusCode, product.body).toBe(201);
  sizes = product.json().variants.map((v: { id: string; sku: string; barcodes: { code: string }[] }) => ({
    id: v.id,
    sku: v.sku,
    barcode: v.barcodes[0]?.code ?? null,
  }));
});
afterAll(async () => t.close());

const size = (i: number) => sizes[i] as { id: string; sku: string; barcode: string | null };

let vendorCount = 0;
async function makeVendor(overrides: object = {}) {
  vendorCount += 1;
  const res = await call('POST', '/vendors', { name: `Vendor ${vendorCount}`, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string };
}

async function makeOrder(lines: { variant_id: string; quantity: number; unit_cost_cents: number }[], extra: object = {}) {
  const vendor = await makeVendor();
  const res = await call('POST', '/purchase-orders', { vendor_id: vendor.id, location_id: warehouse, lines, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    id: string;
    number: number;
    vendor_id: string;
    lines: { id: string; variant_id: string; landed_unit_cost_cents: number }[];
  };
}

async function orderedOrder(lines: { variant_id: string; quantity: number; unit_cost_cents: number }[], extra: object = {}) {
  const order = await makeOrder(lines, extra);
  expect((await call('POST', `/purchase-orders/${order.id}/order`)).json().status).toBe('ordered');
  return order;
}

/** Units on hand of a size at a location, after checking the level equals the sum of its movements. */
async function onHand(variantId: string, locationId: string) {
  const ledger = (await call('GET', `/inventory/variants/${variantId}/ledger`)).json();
  expect(ledger.reconciliation.every((r: { matches: boolean }) => r.matches)).toBe(true);
  return ledger.reconciliation.find((r: { location_id: string }) => r.location_id === locationId)?.level.on_hand ?? 0;
}

const receive = (orderId: string, lines: { line_id: string; quantity: number }[], extra: object = {}) =>
  call('POST', `/purchase-orders/${orderId}/receive`, { location_id: warehouse, lines, ...extra });

describe('vendors', () => {
  it('are created with the business currency, edited (a field sent empty is cleared), archived and found by search', async () => {
    const created = await call('POST', '/vendors', {
      name: 'Kicks Wholesale Co.',
      contact_name: 'Mara Stone',
      email: 'orders@kickswholesale.example',
      terms: 'Net 30',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ currency: 'USD', archived: false, order_count: 0, spend_cents: 0, last_order_at: null });
    const id = created.json().id;
    const edited = await call('PATCH', `/vendors/${id}`, { terms: 'Net 45', contact_name: '' });
    expect(edited.json()).toMatchObject({
      name: 'Kicks Wholesale Co.',
      terms: 'Net 45',
      contact_name: null,
      email: 'orders@kickswholesale.example',
    });

    expect((await call('GET', '/vendors?q=KICKSWHOLESALE')).json().items.map((v: { id: string }) => v.id)).toEqual([id]);
    expect((await call('GET', '/vendors?q=mara')).json().total).toBe(0);
    expect((await call('POST', `/vendors/${id}/archive`)).json().archived).toBe(true);
    expect((await call('GET', '/vendors?q=wholesale')).json().total).toBe(0);
    expect((await call('GET', '/vendors?q=wholesale&include_archived=true')).json().total).toBe(1);
    expect((await call('GET', '/vendors?q=wholesale&include_archived=false')).json().total).toBe(0);
    expect((await call('POST', `/vendors/${id}/unarchive`)).json().archived).toBe(false);

    // The name is unique per business in any case, archived vendors included.
    const twin = await call('POST', '/vendors', { name: 'KICKS WHOLESALE CO.' });
    expect(twin.statusCode).toBe(409);
    expect(errorFields(twin)).toEqual(['name']);
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const before = await databaseSnapshot(t.orm);
    for (const [payload, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'Ok', email: 'not-an-email' }, 'email'],
      [{ name: 'Ok', currency: 'usd' }, 'currency'],
    ] as const) {
      const res = await call('POST', '/vendors', payload);
      expect(res.statusCode).toBe(400);
      expect(errorFields(res)).toContain(field);
    }
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('go out as CSV and come back in: same names update, new ones are created, a bad row is refused by line and field', async () => {
    await call('POST', '/vendors', { name: 'CSV Supply', email: 'a@csv.example', notes: '=SUM(A1)', currency: 'EUR' });
    const csv = await call('GET', '/vendors.csv?q=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const text = csv.body.replace(/^\uFEFF/, '');
    expect(text.split('\n')[0]).toBe('name,contact_name,email,phone,terms,currency,notes,order_count,spend_cents');
    // A formula-looking note goes out quoted so spreadsheets do not run it.
    expect(text).toContain("'=SUM(A1)");

    const edited = `${text.trimEnd().replace('a@csv.example', 'b@csv.example')}\ncsv newcomer,,,,,,,,\nCSV Broken,,not-an-email,,,,,,\n`;
    const imported = await call('POST', '/vendors/import', { csv: edited });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({
      created: 1,
      updated: 1,
      errors: [{ line: 4, field: 'email', message: 'Enter a valid email address' }],
    });
    const after = (await call('GET', '/vendors?q=csv')).json().items;
    expect(
      after.map((v: { name: string; email: string | null; notes: string | null; currency: string }) => [
        v.name,
        v.email,
        v.notes,
        v.currency,
      ]),
    ).toEqual([
      ['csv newcomer', null, null, 'USD'],
      ['CSV Supply', 'b@csv.example', '=SUM(A1)', 'EUR'],
    ]);
  });
});

describe('purchase orders', () => {
  it('number from 1001 per business, lock their lines once ordered, receive in parts through the ledger, then close', async () => {
    const first = await makeOrder([{ variant_id: size(0).id, quantity: 4, unit_cost_cents: 5000 }]);
    const second = await makeOrder([{ variant_id: size(1).id, quantity: 1, unit_cost_cents: 100 }]);
    const theirs = await call('POST', '/vendors', { name: 'Theirs' }, stranger);
    const theirProduct = await call(
      'POST',
      '/products',
      { title: 'Theirs', category: 'sneakers', size_format: 'us-men', variants: [{ size: '9', sku: 'THEIRS-9' }] },
      stranger,
    );
    const strangerOrder = await call(
      'POST',
      '/purchase-orders',
      {
        vendor_id: theirs.json().id,
        location_id: (await call('GET', '/locations', undefined, stranger)).json()[0].id,
        lines: [{ variant_id: theirProduct.json().variants[0].id, quantity: 1, unit_cost_cents: 1 }],
      },
      stranger,
    );
    expect([first.number, second.number, strangerOrder.json().number]).toEqual([1001, 1002, 1001]);

    // A draft's lines change; receiving waits for the order to be placed.
    const edited = await call('PATCH', `/purchase-orders/${first.id}`, {
      lines: [
        { variant_id: size(0).id, quantity: 4, unit_cost_cents: 5000 },
        { variant_id: size(1).id, quantity: 2, unit_cost_cents: 6000 },
      ],
      expected_on: '2026-12-15',
    });
    expect(edited.json()).toMatchObject({
      status: 'draft',
      expected_on: '2026-12-15',
      totals: { units_ordered: 6, subtotal_cents: 32000 },
    });
    const [nine, ten] = edited.json().lines as { id: string }[];
    const early = await receive(first.id, [{ line_id: nine?.id as string, quantity: 1 }]);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Mark the order as ordered before receiving');

    expect((await call('POST', `/purchase-orders/${first.id}/order`)).json()).toMatchObject({ status: 'ordered' });
    const locked = await call('PATCH', `/purchase-orders/${first.id}`, {
      lines: [{ variant_id: size(0).id, quantity: 1, unit_cost_cents: 1 }],
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.code).toBe('PURCHASE_ORDER_LOCKED');
    // The note and expected date still change.
    expect((await call('PATCH', `/purchase-orders/${first.id}`, { note: 'Call before delivery' })).json().note).toBe(
      'Call before delivery',
    );

    const before9 = await onHand(size(0).id, warehouse);
    const part = await receive(first.id, [{ line_id: nine?.id as string, quantity: 3 }]);
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().purchase_order).toMatchObject({ status: 'partially_received', totals: { units_received: 3 } });
    expect(part.json().received).toEqual([{ line_id: nine?.id, variant_id: size(0).id, quantity: 3, unit_cost_cents: 5000 }]);
    expect(await onHand(size(0).id, warehouse)).toBe(before9 + 3);
    expect((await call('POST', `/purchase-orders/${first.id}/cancel`)).statusCode).toBe(409);

    const rest = await receive(first.id, [
      { line_id: nine?.id as string, quantity: 1 },
      { line_id: ten?.id as string, quantity: 2 },
    ]);
    expect(rest.json().purchase_order).toMatchObject({ status: 'received', totals: { units_received: 6 } });
    expect(rest.json().purchase_order.received_at).not.toBeNull();
    const lots = (await call('GET', `/purchase-orders/${first.id}/lots`)).json().items;
    expect(
      lots.map((l: { variant_id: string; quantity: number; unit_cost_cents: number; location_id: string }) => [
        l.variant_id,
        l.quantity,
        l.unit_cost_cents,
        l.location_id,
      ]),
    ).toEqual([
      [size(0).id, 3, 5000, warehouse],
      [size(0).id, 1, 5000, warehouse],
      [size(1).id, 2, 6000, warehouse],
    ]);

    const vendor = (await call('GET', `/vendors/${first.vendor_id}`)).json();
    expect(vendor).toMatchObject({ order_count: 1, spend_cents: 4 * 5000 + 2 * 6000 });
    expect(vendor.last_order_at).not.toBeNull();

    expect((await call('POST', `/purchase-orders/${first.id}/close`)).json()).toMatchObject({ status: 'closed' });
    expect((await call('PATCH', `/purchase-orders/${first.id}`, { note: 'late' })).statusCode).toBe(409);
    expect((await receive(first.id, [{ line_id: nine?.id as string, quantity: 1 }], { confirm_over_receipt: true })).statusCode).toBe(409);

    // Cancel: a draft or an ordered order with nothing received; closing needs something received.
    expect((await call('POST', `/purchase-orders/${second.id}/close`)).statusCode).toBe(409);
    expect((await call('POST', `/purchase-orders/${second.id}/cancel`)).json().status).toBe('cancelled');
    expect((await call('POST', `/purchase-orders/${second.id}/order`)).statusCode).toBe(409);
    expect((await call('GET', `/vendors/${second.vendor_id}`)).json().order_count).toBe(0);

    const open = (await call('GET', '/purchase-orders?status=open')).json().items.map((o: { id: string }) => o.id);
    expect(open).not.toContain(first.id);
    const found = (await call('GET', '/purchase-orders?q=PO-1001')).json().items.map((o: { number: number }) => o.number);
    expect(found).toEqual([1001]);
  });

  it('spreads landed costs by value or by quantity into the lines and the lots their receipts make', async () => {
    // Subtotals 2×10000 and 1×5000: 1000 of shipping + 500 duties by value is 1200 and 300.
    const byValue = await orderedOrder(
      [
        { variant_id: size(0).id, quantity: 2, unit_cost_cents: 10000 },
        { variant_id: size(1).id, quantity: 1, unit_cost_cents: 5000 },
      ],
      { landed_costs: { shipping_cents: 1000, duties_cents: 500, fees_cents: 0, spread: 'value' } },
    );
    expect(byValue.lines.map((l) => l.landed_unit_cost_cents)).toEqual([10600, 5300]);
    // By quantity the same 1500 is 500 a unit.
    const byQuantity = await makeOrder(
      [
        { variant_id: size(0).id, quantity: 2, unit_cost_cents: 10000 },
        { variant_id: size(1).id, quantity: 1, unit_cost_cents: 5000 },
      ],
      { landed_costs: { shipping_cents: 1000, duties_cents: 0, fees_cents: 500, spread: 'value' } },
    );
    const respread = await call('PATCH', `/purchase-orders/${byQuantity.id}`, {
      landed_costs: { shipping_cents: 1000, duties_cents: 0, fees_cents: 500, spread: 'quantity' },
    });
    expect(respread.json().lines.map((l: { landed_unit_cost_cents: number }) => l.landed_unit_cost_cents)).toEqual([10500, 5500]);
    expect(respread.json().totals).toMatchObject({ subtotal_cents: 25000, landed_cents: 1500, total_cents: 26500 });
    await call('POST', `/purchase-orders/${byQuantity.id}/order`);

    await receive(
      byValue.id,
      byValue.lines.map((l) => ({ line_id: l.id, quantity: 1 })),
    );
    await receive(
      byQuantity.id,
      respread.json().lines.map((l: { id: string }) => ({ line_id: l.id, quantity: 1 })),
    );
    const costs = async (id: string) =>
      (await call('GET', `/purchase-orders/${id}/lots`))
        .json()
        .items.map((l: { unit_cost_cents: number }) => l.unit_cost_cents)
        .sort();
    expect(await costs(byValue.id)).toEqual([10600, 5300].sort());
    expect(await costs(byQuantity.id)).toEqual([10500, 5500].sort());
    // The ledger's own lots carry the landed cost too.
    const ledger = (await call('GET', `/inventory/variants/${size(0).id}/ledger`)).json();
    expect(
      ledger.lots
        .filter((l: { source: string }) => l.source === 'purchase_order')
        .map((l: { unit_cost_cents: number }) => l.unit_cost_cents),
    ).toEqual(expect.arrayContaining([10600, 10500]));
  });

  it('asks before receiving more than ordered, and receives the excess once confirmed', async () => {
    const order = await orderedOrder([{ variant_id: size(2).id, quantity: 2, unit_cost_cents: 700 }]);
    const line = order.lines[0]?.id as string;
    const before = await databaseSnapshot(t.orm);
    const over = await receive(order.id, [{ line_id: line, quantity: 3 }]);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('OVER_RECEIPT');
    expect(over.json().error.message).toContain('Dunk Low Panda size 11: 1 more than the 2 ordered');
    expect(errorFields(over)).toEqual(['lines.0.quantity']);
    expect(await databaseSnapshot(t.orm)).toEqual(before);

    const confirmed = await receive(order.id, [{ line_id: line, quantity: 3 }], { confirm_over_receipt: true });
    expect(confirmed.json().purchase_order).toMatchObject({ status: 'received', totals: { units_received: 3 } });
  });

  it('never receives more than ordered when several people receive the same line at once, and the ledger matches the levels', async () => {
    const order = await orderedOrder([{ variant_id: size(2).id, quantity: 5, unit_cost_cents: 900 }]);
    const line = order.lines[0]?.id as string;
    const start = await onHand(size(2).id, store);
    const answers = await Promise.all(
      [2, 2, 2, 2].map((quantity) =>
        call('POST', `/purchase-orders/${order.id}/receive`, { location_id: store, lines: [{ line_id: line, quantity }] }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 409, 409]);
    const after = (await call('GET', `/purchase-orders/${order.id}`)).json();
    expect(after.lines[0].quantity_received).toBe(4);
    expect(await onHand(size(2).id, store)).toBe(start + 4);
    const lots = (await call('GET', `/purchase-orders/${order.id}/lots`)).json().items;
    expect(lots.reduce((n: number, l: { quantity: number }) => n + l.quantity, 0)).toBe(4);
  });

  it('receives by scan: a barcode or SKU receives one unit; unknown and not-on-order codes are refused; a mapped barcode works next time', async () => {
    const order = await orderedOrder([
      { variant_id: size(0).id, quantity: 2, unit_cost_cents: 4000 },
      { variant_id: size(2).id, quantity: 1, unit_cost_cents: 4000 },
    ]);
    const scan = (barcode: string) => call('POST', `/purchase-orders/${order.id}/scan`, { barcode, location_id: warehouse });

    const one = await scan(size(0).barcode as string);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().received).toEqual([{ line_id: order.lines[0]?.id, variant_id: size(0).id, quantity: 1, unit_cost_cents: 4000 }]);
    expect((await scan(size(0).sku.toLowerCase())).json().purchase_order.lines[0].quantity_received).toBe(2);

    const unknown = await scan('0000111122223');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('UNKNOWN_BARCODE');
    const notOnOrder = await scan(size(1).barcode as string);
    expect(notOnOrder.statusCode).toBe(409);
    expect(notOnOrder.json().error).toMatchObject({ code: 'NOT_ON_ORDER', message: `Dunk Low Panda size 10 is not on PO-${order.number}` });

    const mapped = await call('POST', `/purchase-orders/${order.id}/barcode-mappings`, {
      barcode: '0000111122223',
      variant_id: size(2).id,
    });
    expect(mapped.statusCode, mapped.body).toBe(201);
    expect(mapped.json()).toEqual({ barcode: '0000111122223', variant_id: size(2).id });
    const again = await scan('0000111122223');
    expect(again.json().purchase_order).toMatchObject({ status: 'received' });
    // The catalog has it: every other scanner finds the size by it.
    const product = (await call('GET', `/products?q=${size(2).sku}`)).json().items[0];
    const eleven = product.variants.find((v: { id: string }) => v.id === size(2).id);
    expect(eleven.barcodes).toEqual([{ code: '0000111122223', kind: 'ean' }]);

    const taken = await call('POST', `/purchase-orders/${order.id}/barcode-mappings`, { barcode: size(1).barcode, variant_id: size(2).id });
    expect(taken.statusCode).toBe(409);
    expect(errorFields(taken)).toEqual(['barcode']);
  });

  it('prints a PDF the vendor can read', async () => {
    const order = await makeOrder([{ variant_id: size(0).id, quantity: 12, unit_cost_cents: 8999 }], { expected_on: '2027-01-05' });
    const pdf = await call('GET', `/purchase-orders/${order.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const document = await PDFDocument.load(pdf.rawPayload);
    expect(document.getPageCount()).toBe(1);
    expect(document.getTitle()).toBe(`Purchase order PO-${order.number}`);
  });

  it('answers 404 for ids of another business, and 400 for bad lines, writing nothing', async () => {
    const order = await orderedOrder([{ variant_id: size(0).id, quantity: 1, unit_cost_cents: 100 }]);
    const theirLocation = (await call('GET', '/locations', undefined, stranger)).json()[0].id;
    const theirVendor = (await call('POST', '/vendors', { name: 'Foreign Vendor' }, stranger)).json().id;
    const before = await databaseSnapshot(t.orm);
    expect((await call('GET', `/purchase-orders/${order.id}`, undefined, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/vendors/${order.vendor_id}`, undefined, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/purchase-orders/${order.id}/pdf`, undefined, stranger)).statusCode).toBe(404);
    const foreignLocation = await call('POST', `/purchase-orders/${order.id}/receive`, {
      location_id: theirLocation,
      lines: [{ line_id: order.lines[0]?.id, quantity: 1 }],
    });
    expect(foreignLocation.statusCode).toBe(404);
    expect(errorFields(foreignLocation)).toEqual(['location_id']);
    expect(
      (
        await call('POST', '/purchase-orders', {
          vendor_id: theirVendor,
          location_id: warehouse,
          lines: [{ variant_id: size(0).id, quantity: 1, unit_cost_cents: 1 }],
        })
      ).statusCode,
    ).toBe(404);
    const bad = await call('POST', '/purchase-orders', {
      vendor_id: order.vendor_id,
      location_id: warehouse,
      lines: [
        { variant_id: size(0).id, quantity: 0, unit_cost_cents: -1 },
        { variant_id: size(0).id, quantity: 1, unit_cost_cents: 1 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorFields(bad)).toEqual(expect.arrayContaining(['lines.0.quantity', 'lines.0.unit_cost_cents', 'lines.1.variant_id']));
    const wrongLine = await receive(order.id, [{ line_id: order.id, quantity: 1 }]);
    expect(wrongLine.statusCode).toBe(400);
    expect(errorFields(wrongLine)).toEqual(['lines.0.line_id']);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });
});
