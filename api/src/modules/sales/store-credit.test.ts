import type { Customer, Sale } from '@tradepost/shared/schemas/sales.ts';
import type { StoreCredit } from '@tradepost/shared/schemas/store-credit.ts';
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
import { newId } from '../../db/ids.ts';
import { runWorkflow } from '../../platform/workflow.ts';
import { channelByKind } from './channels.service.ts';
import { addStoreCredit } from './store-credit.ts';

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let main: string;

const url = (path: string, who: SignedIn = owner) => `/api/v1/businesses/${who.businessId}${path}`;
const call = (method: 'GET' | 'POST', path: string, payload?: object, who: SignedIn = owner) =>
  t.app.inject({ method, url: url(path, who), headers: bearer(who.token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Credit Kicks' });
  stranger = await registerAndLogin(t.app, { business_name: 'Other Kicks' });
  main = (await call('GET', '/locations')).json()[0].id;
});
afterAll(async () => t.close());

let n = 0;
/** One size in stock at the main location. */
async function stockedSize(quantity: number): Promise<string> {
  const i = n++;
  const res = await call('POST', '/products', {
    title: `Samba OG ${i}`,
    brand: 'Adidas',
    style_code: `B75806-${i}`,
    category: 'sneakers',
    size_format: 'us-men',
    variants: [{ size: '9', sku: `SAMBA-${i}-9`, price_cents: 10_000 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const variantId = res.json().variants[0].id as string;
  const adjusted = await call('POST', '/inventory/adjustments', {
    location_id: main,
    lines: [{ variant_id: variantId, quantity, reason: 'received', unit_cost_cents: 6_000 }],
  });
  expect(adjusted.statusCode, adjusted.body).toBe(201);
  return variantId;
}

/** A customer holding `cents` of store credit, paid out the way purchasing's payouts add it. */
async function customerWithCredit(name: string, cents: number): Promise<string> {
  const customerId = (await call('POST', '/customers', { name })).json().id as string;
  if (cents > 0) {
    await t.orm.em.fork().transactional((tx) =>
      addStoreCredit(tx, owner.businessId, {
        customerId,
        amountCents: cents,
        reason: 'payout',
        reference: { type: 'purchase_order', id: newId() },
        userId: owner.userId,
      }),
    );
  }
  return customerId;
}

/** Another business's customer with a balance of their own. */
async function customerWithCreditOf(who: SignedIn, name: string): Promise<string> {
  const customerId = (await call('POST', '/customers', { name }, who)).json().id as string;
  const topUp = await call('POST', `/customers/${customerId}/store-credit/adjustments`, { amount_cents: 50_000, note: 'Opening' }, who);
  expect(topUp.statusCode, topUp.body).toBe(201);
  return customerId;
}

const credit = async (customerId: string) => (await call('GET', `/customers/${customerId}/store-credit`)).json() as StoreCredit;

/** $100.00 plus $8.00 tax, taken from the counter at once. */
const checkout = (variantId: string, payment: object) =>
  call('POST', '/sales', {
    channel: 'in_store',
    location_id: main,
    lines: [{ variant_id: variantId, quantity: 1, unit_price_cents: 10_000, tax_cents: 800 }],
    ...payment,
  });

describe('store credit', () => {
  it('a payout adds to the balance, which customers show; a hand adjustment below zero is refused and writes nothing', async () => {
    const customerId = await customerWithCredit('Paid Out', 25_000);
    expect(((await call('GET', `/customers/${customerId}`)).json() as Customer).store_credit_cents).toBe(25_000);
    const found = (await call('GET', '/customers?q=paid out')).json() as { items: Customer[] };
    expect(found.items.map((c) => c.store_credit_cents)).toEqual([25_000]);

    const adjusted = await call('POST', `/customers/${customerId}/store-credit/adjustments`, {
      amount_cents: -5_000,
      note: 'Counted twice',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const answer = adjusted.json() as StoreCredit;
    expect(answer).toMatchObject({ customer_id: customerId, balance_cents: 20_000, total: 2 });
    expect(
      answer.entries.map(({ amount_cents, balance_after_cents, reason, reference_type, note }) => ({
        amount_cents,
        balance_after_cents,
        reason,
        reference_type,
        note,
      })),
    ).toEqual([
      { amount_cents: -5_000, balance_after_cents: 20_000, reason: 'adjustment', reference_type: null, note: 'Counted twice' },
      { amount_cents: 25_000, balance_after_cents: 25_000, reason: 'payout', reference_type: 'purchase_order', note: null },
    ]);
    expect(answer.entries[0]?.created_by_name).toBeTruthy();

    const before = await databaseSnapshot(t.orm);
    const below = await call('POST', `/customers/${customerId}/store-credit/adjustments`, { amount_cents: -20_001, note: 'Too much' });
    expect(below.statusCode).toBe(409);
    expect(below.json().error).toMatchObject({
      code: 'INSUFFICIENT_STORE_CREDIT',
      message: 'Paid Out has $200.00 of store credit; this needs $200.01',
    });
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('a counter sale spends the balance, alone or in a split; short or without a customer it is refused and writes nothing', async () => {
    const variantId = await stockedSize(5);
    const customerId = await customerWithCredit('Ana Credit', 20_000);

    const paid = await checkout(variantId, { payment_method: 'store_credit', customer_id: customerId });
    expect(paid.statusCode, paid.body).toBe(201);
    const sale = paid.json() as Sale;
    expect(sale.payment?.parts).toEqual([{ method: 'store_credit', amount_cents: 10_800 }]);
    const afterSale = await credit(customerId);
    expect(afterSale.balance_cents).toBe(9_200);
    expect(afterSale.entries[0]).toMatchObject({
      amount_cents: -10_800,
      balance_after_cents: 9_200,
      reason: 'sale',
      reference_type: 'sale',
      reference_id: sale.id,
      reference_number: sale.number,
    });

    const parts = [
      { method: 'cash', amount_cents: 2_000 },
      { method: 'store_credit', amount_cents: 8_800 },
    ];
    const split = await checkout(variantId, { payment_method: 'split', payments: parts, customer_id: customerId });
    expect(split.statusCode, split.body).toBe(201);
    expect((split.json() as Sale).payment?.parts).toEqual(parts);
    expect((await credit(customerId)).balance_cents).toBe(400);

    const before = await databaseSnapshot(t.orm);
    const short = await checkout(variantId, { payment_method: 'store_credit', customer_id: customerId });
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toMatchObject({
      code: 'INSUFFICIENT_STORE_CREDIT',
      message: 'Ana Credit has $4.00 of store credit; this needs $108.00',
    });
    // A new customer holds nothing yet: refused the same way, and not created.
    const newcomer = await checkout(variantId, { payment_method: 'store_credit', customer: { name: 'New Face' } });
    expect(newcomer.statusCode).toBe(409);
    expect(newcomer.json().error.message).toBe('New Face has $0.00 of store credit; this needs $108.00');
    const nobody = await checkout(variantId, { payment_method: 'split', payments: parts });
    expect(nobody.statusCode).toBe(400);
    expect(errorFields(nobody)).toEqual(['customer_id']);
    expect(nobody.json().error.details[0].message).toBe('Store credit needs the customer whose balance pays');
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('two sales spending one balance at once: exactly one goes through, and the balance never goes below zero', async () => {
    const variantId = await stockedSize(2);
    const customerId = await customerWithCredit('Twice Spent', 10_800);
    const answers = await Promise.all([1, 2].map(() => checkout(variantId, { payment_method: 'store_credit', customer_id: customerId })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const after = await credit(customerId);
    expect(after.balance_cents).toBe(0);
    expect(after.entries.map((e) => e.reason)).toEqual(['sale', 'payout']);
  });

  it('cancelling a sale gives back the credit it spent beyond what its kept units still cost', async () => {
    const variantId = await stockedSize(2);
    const customerId = await customerWithCredit('Changed Mind', 5_000);
    // A manual order (shipped later) of two units: $150.00 on card, $50.00 from the balance.
    const ordered = await call('POST', '/sales', {
      channel: 'manual',
      customer_id: customerId,
      lines: [{ variant_id: variantId, quantity: 2, unit_price_cents: 10_000 }],
      payment_method: 'split',
      payments: [
        { method: 'card', amount_cents: 15_000 },
        { method: 'store_credit', amount_cents: 5_000 },
      ],
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const sale = ordered.json() as Sale;
    expect((await credit(customerId)).balance_cents).toBe(0);

    const lineId = sale.lines[0]?.id;
    const one = await call('POST', `/sales/${sale.id}/cancel`, { lines: [{ line_id: lineId, quantity: 1 }] });
    expect(one.statusCode, one.body).toBe(200);
    // The kept unit ($100.00) still costs more than the credit spent: nothing comes back yet.
    expect((await credit(customerId)).balance_cents).toBe(0);

    const rest = await call('POST', `/sales/${sale.id}/cancel`, { reason: 'Customer changed their mind' });
    expect(rest.statusCode, rest.body).toBe(200);
    const after = await credit(customerId);
    expect(after.balance_cents).toBe(5_000);
    expect(after.entries[0]).toMatchObject({
      amount_cents: 5_000,
      balance_after_cents: 5_000,
      reason: 'sale_cancelled',
      reference_id: sale.id,
      reference_number: sale.number,
      note: 'Customer changed their mind',
    });
  });

  it("another business's customer is not found, and the fulfillment role may not read or adjust credit", async () => {
    const theirs = await customerWithCreditOf(stranger, 'Not Yours');
    const variantId = await stockedSize(1);
    const packer = await joinAs(t.app, owner, 'fulfillment');
    const ours = await customerWithCredit('Packed Away', 1_000);
    const before = await databaseSnapshot(t.orm);
    expect((await call('GET', `/customers/${theirs}/store-credit`)).statusCode).toBe(404);
    expect((await call('POST', `/customers/${theirs}/store-credit/adjustments`, { amount_cents: 100, note: 'x' })).statusCode).toBe(404);
    expect((await checkout(variantId, { payment_method: 'store_credit', customer_id: theirs })).statusCode).toBe(404);
    expect((await call('GET', `/customers/${ours}/store-credit`, undefined, packer)).statusCode).toBe(403);
    expect((await call('POST', `/customers/${ours}/store-credit/adjustments`, { amount_cents: 100, note: 'x' }, packer)).statusCode).toBe(
      403,
    );
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('the trade workflow records a trade_in part (POST /sales refuses it), and the sale shows it', async () => {
    const variantId = await stockedSize(1);
    const customerId = await customerWithCredit('Trader Joe', 3_000);
    const refused = await checkout(variantId, {
      payment_method: 'split',
      customer_id: customerId,
      payments: [
        { method: 'trade_in', amount_cents: 7_800 },
        { method: 'store_credit', amount_cents: 3_000 },
      ],
    });
    expect(refused.statusCode).toBe(400);

    const channel = await channelByKind(t.orm.em.fork(), owner.businessId, 'in_store');
    const recorded = await runWorkflow(
      t.orm.em.fork(),
      'sale.record',
      { businessId: owner.businessId, userId: owner.userId },
      {
        channel,
        sale: {
          externalOrderId: `trade:${newId()}`,
          customerId,
          shippingCents: 0,
          lines: [{ variantId, quantity: 1, unitPriceCents: 10_000, feesCents: 0, taxCents: 800 }],
          payment: {
            parts: [
              { method: 'trade_in', amountCents: 7_800 },
              { method: 'store_credit', amountCents: 3_000 },
            ],
          },
        },
        options: { immediate: true, locationId: main },
      },
    );
    const sale = (await call('GET', `/sales/${recorded.saleId}`)).json() as Sale;
    expect(sale.payment).toEqual({
      method: 'split',
      parts: [
        { method: 'trade_in', amount_cents: 7_800 },
        { method: 'store_credit', amount_cents: 3_000 },
      ],
      cash_tendered_cents: null,
      change_cents: null,
    });
    expect((await credit(customerId)).balance_cents).toBe(0);
  });
});
