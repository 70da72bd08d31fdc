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
let store: string;
/** The customer's kind of goods (we hold none of them) and ours (in stock with priced lots). */
let theirs: string[];
let ours: string[];

type Method = 'GET' | 'POST';
const call = (method: Method, path: string, payload?: object, who: SignedIn = owner, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `/api/v1/businesses/${who.businessId}${path}`,
    headers: { ...bearer(who.token), ...headers },
    ...(payload ? { payload } : {}),
  });

async function product(title: string, sizes: string[], who: SignedIn = owner): Promise<string[]> {
  const res = await call(
    'POST',
    '/products',
    { title, category: 'sneakers', size_format: 'us-men', variants: sizes.map((size) => ({ size, sku: `${title.slice(0, 4)}-${size}` })) },
    who,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().variants.map((v: { id: string }) => v.id);
}

/** Units in at a cost, one lot per call (FIFO takes the earliest first). */
async function stock(variantId: string, quantity: number, unitCostCents: number) {
  const res = await call('POST', '/inventory/adjustments', {
    location_id: store,
    lines: [{ variant_id: variantId, quantity, reason: 'received', unit_cost_cents: unitCostCents }],
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function ledger(variantId: string) {
  const res = await call('GET', `/inventory/variants/${variantId}/ledger`);
  const body = res.json() as {
    reconciliation: { location_id: string; matches: boolean; level: { on_hand: number } }[];
    lots: { source: string; quantity_remaining: number; unit_cost_cents: number }[];
  };
  expect(body.reconciliation.every((r) => r.matches)).toBe(true);
  return { onHand: body.reconciliation.find((r) => r.location_id === store)?.level.on_hand ?? 0, lots: body.lots };
}

const at = <T>(list: T[], i: number) => list[i] as T;
const line = (variantId: string, unit_price_cents: number, quantity = 1) => ({ variant_id: variantId, quantity, unit_price_cents });

async function newCustomer(name: string, who: SignedIn = owner): Promise<string> {
  const res = await call('POST', '/customers', { name }, who);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Trading Kicks' });
  stranger = await registerAndLogin(t.app, { business_name: 'Other Kicks' });
  store = (await call('GET', '/locations')).json()[0].id;
  theirs = await product('Jordan 1 Chicago', ['9', '10', '11', '12']);
  ours = await product('Yeezy 350 Zebra', ['9', '10', '11', '12']);
  // Size 9 of ours: three lots, FIFO takes $90 then $110 before $130.
  await stock(at(ours, 0), 1, 9_000);
  await stock(at(ours, 0), 1, 11_000);
  await stock(at(ours, 0), 1, 13_000);
  for (const variant of ours.slice(1)) await stock(variant, 3, 10_000);
});
afterAll(async () => t.close());

describe('POST /trades', () => {
  it('the customer pays the difference in cash: their items in as trade lots, ours out FIFO, the sale paid by trade-in + cash', async () => {
    const res = await call('POST', '/trades', {
      customer: { name: 'Dana Trader' },
      location_id: store,
      incoming: [line(at(theirs, 0), 15_000)],
      outgoing: [line(at(ours, 0), 12_000, 2)],
      payment_method: 'cash',
      note: 'Swapped for the Zebras',
    });
    expect(res.statusCode, res.body).toBe(201);
    const trade = res.json();
    expect(trade).toMatchObject({
      number: 1001,
      customer_name: 'Dana Trader',
      location_id: store,
      incoming_cents: 15_000,
      outgoing_cents: 24_000,
      difference_cents: 9_000,
      settlement: 'customer_pays',
      payment_method: 'cash',
      payout: null,
      // $240 for two units whose lots cost $90 and $110.
      outgoing_profit_cents: 4_000,
      note: 'Swapped for the Zebras',
      incoming: [
        {
          variant_id: at(theirs, 0),
          product_title: 'Jordan 1 Chicago',
          size_label: expect.stringContaining('9'),
          quantity: 1,
          unit_price_cents: 15_000,
        },
      ],
      outgoing: [{ variant_id: at(ours, 0), product_title: 'Yeezy 350 Zebra', quantity: 2, unit_price_cents: 12_000 }],
    });
    expect(trade.sale_number).toBeGreaterThan(1000);
    expect(trade.created_by_name).not.toBeNull();

    // Their pair is in stock as a `trade` lot at the agreed value; ours left by the two oldest lots.
    expect(await ledger(at(theirs, 0))).toEqual({
      onHand: 1,
      lots: [expect.objectContaining({ source: 'trade', quantity_remaining: 1, unit_cost_cents: 15_000 })],
    });
    const mine = await ledger(at(ours, 0));
    expect(mine.onHand).toBe(1);
    expect(mine.lots.map((lot) => [lot.unit_cost_cents, lot.quantity_remaining])).toEqual([
      [9_000, 0],
      [11_000, 0],
      [13_000, 1],
    ]);

    const sale = (await call('GET', `/sales/${trade.sale_id}`)).json();
    expect(sale).toMatchObject({ number: trade.sale_number, status: 'fulfilled', customer: { id: trade.customer_id } });
    expect(sale.payment.parts).toEqual([
      { method: 'trade_in', amount_cents: 15_000 },
      { method: 'cash', amount_cents: 9_000 },
    ]);
    const order = (await call('GET', `/purchase-orders/${trade.purchase_order_id}`)).json();
    expect(order).toMatchObject({
      number: trade.purchase_order_number,
      kind: 'in_store',
      status: 'received',
      customer_id: trade.customer_id,
      trade_id: trade.id,
      payout: null,
    });

    expect((await call('GET', `/trades/${trade.id}`)).json()).toEqual(trade);
    const list = (await call('GET', `/trades?customer_id=${trade.customer_id}`)).json();
    expect(list).toEqual({ items: [trade], total: 1 });
  });

  it('we pay the difference: as store credit to the balance, or as a pending bank transfer', async () => {
    const customerId = await newCustomer('Robin Credit');
    const credit = await call('POST', '/trades', {
      customer_id: customerId,
      location_id: store,
      incoming: [line(at(theirs, 1), 20_000)],
      outgoing: [line(at(ours, 1), 12_000)],
      payout: { method: 'store_credit' },
    });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json()).toMatchObject({
      customer_id: customerId,
      difference_cents: -8_000,
      settlement: 'we_pay',
      payment_method: null,
      outgoing_profit_cents: 2_000,
      payout: { method: 'store_credit', amount_cents: 8_000, status: 'paid', customer_id: customerId, trade_id: credit.json().id },
    });
    expect((await call('GET', `/customers/${customerId}`)).json().store_credit_cents).toBe(8_000);
    expect((await call('GET', `/sales/${credit.json().sale_id}`)).json().payment.parts).toEqual([
      { method: 'trade_in', amount_cents: 12_000 },
    ]);

    const transfer = await call('POST', '/trades', {
      customer_id: customerId,
      location_id: store,
      incoming: [line(at(theirs, 2), 30_000)],
      outgoing: [line(at(ours, 2), 10_000)],
      payout: { method: 'bank_transfer', details: { account_holder: 'Robin Credit', account_number: 'DE89370400440532013000' } },
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    expect(transfer.json().payout).toMatchObject({
      method: 'bank_transfer',
      amount_cents: 20_000,
      status: 'pending',
      account_last4: '3000',
    });
    // A bank transfer books no credit.
    expect((await call('GET', `/customers/${customerId}`)).json().store_credit_cents).toBe(8_000);
    expect((await call('GET', `/trades?customer_id=${customerId}`)).json().items.map((tr: { id: string }) => tr.id)).toEqual([
      transfer.json().id,
      credit.json().id,
    ]);
  });

  it('an even trade: nothing owed either way', async () => {
    const res = await call('POST', '/trades', {
      customer: { name: 'Evan Even' },
      location_id: store,
      incoming: [line(at(theirs, 3), 5_000, 2)],
      outgoing: [line(at(ours, 3), 10_000)],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      difference_cents: 0,
      settlement: 'even',
      payment_method: null,
      payout: null,
      outgoing_profit_cents: 0,
    });
    expect((await call('GET', `/sales/${res.json().sale_id}`)).json().payment.parts).toEqual([
      { method: 'trade_in', amount_cents: 10_000 },
    ]);
    expect((await ledger(at(theirs, 3))).onHand).toBe(2);
  });
});

describe('a trade refused half-way leaves nothing behind', () => {
  it('our item out of stock: 409 naming the line, no purchase, sale, payout, customer, movement or credit', async () => {
    const before = await databaseSnapshot(t.orm);
    const res = await call('POST', '/trades', {
      customer: { name: 'Never Stored' },
      location_id: store,
      incoming: [line(at(theirs, 0), 60_000)],
      outgoing: [line(at(ours, 1), 10_000, 5)],
      payout: { method: 'store_credit' },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('INSUFFICIENT_STOCK');
    expect(errorFields(res)).toEqual(['outgoing.0.quantity']);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('store credit short when the customer pays with it: 409, nothing written', async () => {
    const customerId = await newCustomer('Short Credit');
    const adjusted = await call('POST', `/customers/${customerId}/store-credit/adjustments`, { amount_cents: 5_000, note: 'Goodwill' });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const before = await databaseSnapshot(t.orm);
    const res = await call('POST', '/trades', {
      customer_id: customerId,
      location_id: store,
      incoming: [line(at(theirs, 1), 1_000)],
      outgoing: [line(at(ours, 1), 10_000)],
      payment_method: 'store_credit',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('INSUFFICIENT_STORE_CREDIT');
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });
});

describe('refusals', () => {
  it('bad input: 400 naming the field, nothing written', async () => {
    const good = {
      customer: { name: 'Bad Input' },
      location_id: store,
      incoming: [line(at(theirs, 0), 1_000)],
      outgoing: [line(at(ours, 3), 1_000)],
    };
    const before = await databaseSnapshot(t.orm);
    for (const [payload, field] of [
      [{ ...good, incoming: [line(at(theirs, 0), -100)] }, 'incoming.0.unit_price_cents'],
      [{ ...good, incoming: [] }, 'incoming'],
      [{ ...good, outgoing: [] }, 'outgoing'],
      [{ ...good, payment_method: 'cash' }, 'payment_method'],
      [{ ...good, outgoing: [line(at(ours, 3), 2_000)] }, 'payment_method'],
      [{ ...good, customer: undefined }, 'customer_id'],
      [{ ...good, incoming: [line(at(theirs, 0), 60_000_000, 2)], outgoing: [line(at(ours, 3), 60_000_000, 2)] }, 'incoming'],
    ] as const) {
      const res = await call('POST', '/trades', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorFields(res)).toContain(field);
    }
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it("another business's ids answer 404; the fulfillment role 403", async () => {
    const [foreignVariant] = await product('Foreign Dunk', ['10'], stranger);
    const foreignCustomer = await newCustomer('Foreign Customer', stranger);
    const foreignLocation = (await call('GET', '/locations', undefined, stranger)).json()[0].id;
    const good = {
      customer: { name: 'Foreign Ids' },
      location_id: store,
      incoming: [line(at(theirs, 0), 1_000)],
      outgoing: [line(at(ours, 3), 1_000)],
    };
    const before = await databaseSnapshot(t.orm);
    for (const payload of [
      { ...good, customer: undefined, customer_id: foreignCustomer },
      { ...good, location_id: foreignLocation },
      { ...good, incoming: [line(foreignVariant as string, 1_000)] },
      { ...good, outgoing: [line(foreignVariant as string, 1_000)] },
    ]) {
      const res = await call('POST', '/trades', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
    }
    expect(await databaseSnapshot(t.orm)).toEqual(before);

    const ownTrade = (await call('GET', '/trades')).json().items[0].id;
    expect((await call('GET', `/trades/${ownTrade}`, undefined, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/trades/${ownTrade}`)).statusCode).toBe(200);

    const packer = await joinAs(t.app, owner, 'fulfillment');
    expect((await call('GET', '/trades', undefined, packer)).statusCode).toBe(403);
    expect((await call('POST', '/trades', good, packer)).statusCode).toBe(403);
  });

  it('a retry with the same Idempotency-Key records one trade', async () => {
    const payload = {
      customer: { name: 'Retry Ray' },
      location_id: store,
      incoming: [line(at(theirs, 2), 4_000)],
      outgoing: [line(at(ours, 3), 4_000)],
    };
    const totalBefore = (await call('GET', '/trades')).json().total;
    const key = { 'idempotency-key': 'trade-retry-1' };
    const first = await call('POST', '/trades', payload, owner, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await call('POST', '/trades', payload, owner, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect((await call('GET', '/trades')).json().total).toBe(totalBefore + 1);
  });
});
