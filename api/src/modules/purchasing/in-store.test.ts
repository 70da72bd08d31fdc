import { PDFDocument } from 'pdf-lib';
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

// Buying at the counter (issue #18): in-store purchases, their payouts, and the payout options.

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let warehouse: string;
let strangerLocation: string;
let sizes: string[];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, path: string, payload?: object, who: SignedIn = owner) =>
  t.app.inject({
    method,
    url: `/api/v1/businesses/${who.businessId}${path}`,
    headers: bearer(who.token),
    ...(payload ? { payload } : {}),
  });

const size = (i: number) => sizes[i] as string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Counter Kicks' });
  stranger = await registerAndLogin(t.app, { business_name: 'Elsewhere Kicks' });
  warehouse = (await call('GET', '/locations')).json()[0].id;
  strangerLocation = (await call('GET', '/locations', undefined, stranger)).json()[0].id;
  const product = await call('POST', '/products', {
    title: 'Jordan 4 Bred',
    category: 'sneakers',
    size_format: 'us-men',
    variants: [
      { size: '9', sku: 'J4B-9' },
      { size: '10', sku: 'J4B-10' },
      { size: '11', sku: 'J4B-11' },
    ],
  });
  expect(product.statusCode, product.body).toBe(201);
  sizes = product.json().variants.map((v: { id: string }) => v.id);
});
afterAll(async () => t.close());

async function onHand(variantId: string) {
  const ledger = (await call('GET', `/inventory/variants/${variantId}/ledger`)).json();
  expect(ledger.reconciliation.every((r: { matches: boolean }) => r.matches)).toBe(true);
  return ledger.reconciliation.find((r: { location_id: string }) => r.location_id === warehouse)?.level.on_hand ?? 0;
}

const buy = (body: object, who: SignedIn = owner) =>
  call('POST', '/in-store-purchases', { location_id: warehouse, lines: [{ variant_id: size(0), unit_price_cents: 10_000 }], ...body }, who);

const lotsOf = (purchaseOrderId: string) =>
  t.orm.em.fork().execute<{ source: string; unit_cost_cents: number; quantity_received: number }[]>(
    `SELECT l.source, l.unit_cost_cents, l.quantity_received FROM cost_lots l
       JOIN purchase_receipts r ON r.movement_id = l.movement_id WHERE r.purchase_order_id = ? ORDER BY l.unit_cost_cents`,
    [purchaseOrderId],
  );

describe('in-store purchase', () => {
  it('with cash: stock up, lots at the agreed price, the purchase received and locked, the payout paid', async () => {
    const before = await onHand(size(1));
    const res = await buy({
      customer: { name: 'Walk-in Wanda', phone: '+1 555 0100' },
      lines: [
        { variant_id: size(1), quantity: 2, unit_price_cents: 12_500 },
        { variant_id: size(2), unit_price_cents: 9_000 },
      ],
      payout: { method: 'cash' },
      note: 'Deadstock, receipts shown',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { purchase_order: order, payout, store_credit_balance_cents } = res.json();
    expect(order).toMatchObject({
      kind: 'in_store',
      status: 'received',
      vendor_id: null,
      seller_name: 'Walk-in Wanda',
      trade_id: null,
      totals: { units_ordered: 3, units_received: 3, subtotal_cents: 34_000, landed_cents: 0, total_cents: 34_000 },
    });
    expect(order.received_at).not.toBeNull();
    expect(order.customer_id).toEqual(expect.any(String));
    expect(payout).toMatchObject({
      method: 'cash',
      status: 'paid',
      amount_cents: 34_000,
      credit_cents: null,
      payee_name: 'Walk-in Wanda',
      customer_id: order.customer_id,
      purchase_order_id: order.id,
      paid_by_name: expect.any(String),
    });
    expect(payout.paid_at).not.toBeNull();
    expect(store_credit_balance_cents).toBeNull();
    expect(await onHand(size(1))).toBe(before + 2);
    expect(await lotsOf(order.id)).toEqual([
      { source: 'in_store_purchase', unit_cost_cents: 9_000, quantity_received: 1 },
      { source: 'in_store_purchase', unit_cost_cents: 12_500, quantity_received: 2 },
    ]);

    // The detail and the list say who sold it; the list finds it by kind, customer and the seller's name.
    expect((await call('GET', `/purchase-orders/${order.id}`)).json()).toMatchObject({ kind: 'in_store', payout: { id: payout.id } });
    const listed = await call('GET', `/purchase-orders?kind=in_store&customer_id=${order.customer_id}`);
    expect(listed.json().items.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect((await call('GET', '/purchase-orders?q=wanda')).json().items.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect((await call('GET', '/purchase-orders?kind=order&q=wanda')).json().total).toBe(0);

    // Never edited, received again, ordered or cancelled.
    const edit = await call('PATCH', `/purchase-orders/${order.id}`, { note: 'changed' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.code).toBe('PURCHASE_ORDER_LOCKED');
    for (const action of ['order', 'cancel']) expect((await call('POST', `/purchase-orders/${order.id}/${action}`)).statusCode).toBe(409);
    const again = await call('POST', `/purchase-orders/${order.id}/receive`, {
      location_id: warehouse,
      lines: [{ line_id: order.lines[0].id, quantity: 1 }],
      confirm_over_receipt: true,
    });
    expect(again.statusCode).toBe(409);

    // The receipt PDF prints.
    const pdf = await call('GET', `/purchase-orders/${order.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect((await PDFDocument.load(pdf.rawPayload)).getTitle()).toBe(`Purchase receipt PO-${order.number}`);
  });

  it('by bank transfer: pending, listed with totals by method, marked paid once with its reference; the account number sealed', async () => {
    const res = await buy({
      customer: { name: 'Transfer Tom' },
      lines: [{ variant_id: size(0), quantity: 1, unit_price_cents: 15_000 }],
      payout: { method: 'bank_transfer', details: { account_holder: 'Tom T', account_number: 'GB29NWBK60161331926819' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { payout, purchase_order: order } = res.json();
    expect(payout).toMatchObject({ status: 'pending', account_last4: '6819', account_holder: 'Tom T', paid_at: null, reference: null });

    // At rest: no plain number anywhere in the row; in the list: the last four only.
    const [row] = await t.orm.em.fork().execute('SELECT * FROM payouts WHERE id = ?', [payout.id]);
    expect(JSON.stringify(row)).not.toContain('GB29NWBK60161331926819');
    expect(JSON.stringify(row)).not.toContain('60161331926819');
    const list = await call('GET', '/payouts');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('60161331926819');
    expect(list.json().items.map((p: { id: string }) => p.id)).toContain(payout.id);
    expect(list.json().pending_by_method).toEqual([{ method: 'bank_transfer', count: 1, amount_cents: 15_000 }]);
    // The payout's settings answer the number in full.
    const settings = await call('GET', `/purchase-orders/${order.id}/payout`);
    expect(settings.json().details).toMatchObject({ account_number: 'GB29NWBK60161331926819', account_holder: 'Tom T' });

    const paid = await call('POST', `/payouts/${payout.id}/paid`, { reference: 'TRF-8841' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', reference: 'TRF-8841', paid_by_name: expect.any(String) });
    const second = await call('POST', `/payouts/${payout.id}/paid`, { reference: 'TRF-9999' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('PAYOUT_ALREADY_PAID');
    expect((await call('GET', '/payouts?status=paid')).json().items.find((p: { id: string }) => p.id === payout.id).reference).toBe(
      'TRF-8841',
    );
    expect((await call('GET', '/payouts')).json().pending_by_method).toEqual([]);
    // A paid payout's settings no longer change.
    expect((await call('PUT', `/purchase-orders/${order.id}/payout`, { method: 'cash' })).statusCode).toBe(409);
  });

  it('two people marking one payout paid at once: exactly one wins', async () => {
    const res = await buy({ customer: { name: 'Check Chen' }, payout: { method: 'check', details: { payable_to: 'Chen Li' } } });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().payout.id;
    const answers = await Promise.all([
      call('POST', `/payouts/${id}/paid`, { reference: 'CHK-1' }),
      call('POST', `/payouts/${id}/paid`, { reference: 'CHK-2' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.orm.em.fork().execute<{ reference: string }[]>('SELECT reference FROM payouts WHERE id = ?', [id]);
    expect(['CHK-1', 'CHK-2']).toContain(row?.reference);
  });

  it('switching a pending payout to cash pays it', async () => {
    const res = await buy({ customer: { name: 'Switch Sam' }, payout: { method: 'check', details: { payable_to: 'Sam S' } } });
    const switched = await call('PUT', `/purchase-orders/${res.json().purchase_order.id}/payout`, { method: 'cash' });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({ method: 'cash', status: 'paid', payable_to: null });
  });

  it('with store credit: the customer gets the amount plus the bonus', async () => {
    expect((await call('PUT', '/purchasing/settings', { store_credit_bonus_percent: 10 })).statusCode).toBe(200);
    const res = await buy({
      customer: { name: 'Credit Cara' },
      lines: [{ variant_id: size(2), quantity: 1, unit_price_cents: 20_000 }],
      payout: { method: 'store_credit' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payout).toMatchObject({ method: 'store_credit', status: 'paid', amount_cents: 20_000, credit_cents: 22_000 });
    expect(res.json().store_credit_balance_cents).toBe(22_000);
    const credit = await call('GET', `/customers/${res.json().purchase_order.customer_id}/store-credit`);
    expect(credit.json().balance_cents).toBe(22_000);
    expect((await call('PUT', '/purchasing/settings', { store_credit_bonus_percent: 0 })).statusCode).toBe(200);
  });

  it('from a vendor: the vendor is the seller; store credit is refused', async () => {
    const vendor = (await call('POST', '/vendors', { name: 'Counter Vendor' })).json();
    const res = await buy({ vendor_id: vendor.id, payout: { method: 'cash' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().purchase_order).toMatchObject({ vendor_id: vendor.id, customer_id: null, seller_name: 'Counter Vendor' });
    const credit = await buy({ vendor_id: vendor.id, payout: { method: 'store_credit' } });
    expect(credit.statusCode).toBe(400);
    expect(errorFields(credit)).toContain('payout.method');
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    expect((await call('PUT', '/purchasing/settings', { payout_methods: ['cash', 'bank_transfer'] })).statusCode).toBe(200);
    const before = await databaseSnapshot(t.orm);
    const cases: [object, string][] = [
      [
        { customer: { name: 'Neg' }, lines: [{ variant_id: size(0), unit_price_cents: -1 }], payout: { method: 'cash' } },
        'lines.0.unit_price_cents',
      ],
      [
        { customer: { name: 'Zero' }, lines: [{ variant_id: size(0), quantity: 0, unit_price_cents: 100 }], payout: { method: 'cash' } },
        'lines.0.quantity',
      ],
      [{ customer: { name: 'Chk' }, payout: { method: 'check' } }, 'payout.details.payable_to'],
      [{ customer: { name: 'Nobody' }, customer_id: size(0), payout: { method: 'cash' } }, 'customer_id'],
    ];
    for (const [body, field] of cases) {
      const res = await buy(body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(errorFields(res)).toContain(field);
    }
    // Offered no more (the settings above): 400 on the method, "… is not offered (Purchasing settings)".
    const notOffered = await buy({ customer: { name: 'Credit Later' }, payout: { method: 'store_credit' } });
    expect(notOffered.statusCode).toBe(400);
    expect(errorFields(notOffered)).toEqual(['payout.method']);
    expect(notOffered.json().error.details[0].message).toBe('Store credit is not offered (Purchasing settings)');
    // Another business's location and size, an unknown customer: 404 naming what.
    const foreignLocation = await buy({ customer: { name: 'Far' }, location_id: strangerLocation, payout: { method: 'cash' } });
    expect(foreignLocation.statusCode).toBe(404);
    expect(errorFields(foreignLocation)).toEqual(['location_id']);
    const foreignSize = await buy(
      { customer: { name: 'Far' }, lines: [{ variant_id: strangerLocation, unit_price_cents: 1 }], payout: { method: 'cash' } },
      owner,
    );
    expect(foreignSize.statusCode).toBe(404);
    expect((await buy({ customer_id: strangerLocation, payout: { method: 'cash' } })).statusCode).toBe(404);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
    expect(
      (await call('PUT', '/purchasing/settings', { payout_methods: ['cash', 'bank_transfer', 'store_credit', 'check'] })).statusCode,
    ).toBe(200);
  });

  it("another business's payouts and purchases answer 404; the fulfillment role may not buy or see payouts", async () => {
    const res = await buy({ customer: { name: 'Private Pat' }, payout: { method: 'check', details: { payable_to: 'Pat' } } });
    const { payout, purchase_order: order } = res.json();
    expect((await call('POST', `/payouts/${payout.id}/paid`, { reference: 'X' }, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/purchase-orders/${order.id}/payout`, undefined, stranger)).statusCode).toBe(404);
    expect((await call('GET', '/payouts', undefined, stranger)).json()).toMatchObject({ items: [], total: 0, pending_by_method: [] });
    const picker = await joinAs(t.app, owner, 'fulfillment');
    expect((await buy({ customer: { name: 'No' }, payout: { method: 'cash' } }, picker)).statusCode).toBe(403);
    expect((await call('GET', '/payouts', undefined, picker)).statusCode).toBe(403);
    expect((await call('POST', `/payouts/${payout.id}/paid`, { reference: 'X' }, picker)).statusCode).toBe(403);
    // A vendor order has no payout.
    const vendor = (await call('POST', '/vendors', { name: 'No Payout Vendor' })).json();
    const po = (
      await call('POST', '/purchase-orders', {
        vendor_id: vendor.id,
        location_id: warehouse,
        lines: [{ variant_id: size(0), quantity: 1, unit_cost_cents: 1 }],
      })
    ).json();
    expect(po).toMatchObject({ kind: 'order', payout: null, seller_name: 'No Payout Vendor', customer_id: null });
    const none = await call('GET', `/purchase-orders/${po.id}/payout`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('This purchase has no payout');
  });
});
