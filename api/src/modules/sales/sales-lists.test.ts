import type { Customer, Sale } from '@tradepost/shared/schemas/sales.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerAndLogin, type SignedIn, type TestApp } from '../../../test/helper.ts';

// The sales and customers lists as the screens read them (pages, exact totals, search, filters),
// the customers' kept figures against a recomputation from the sales, sale numbers under
// concurrency, and costs past what an integer holds.

let t: TestApp;
afterAll(async () => t.close());
beforeAll(async () => {
  t = await createTestApp();
});

type Business = { who: SignedIn; location: string };

async function business(name: string): Promise<Business> {
  const who = await registerAndLogin(t.app, { business_name: name });
  const location = (await call(who, 'GET', '/locations')).json()[0].id as string;
  await call(who, 'GET', '/channels'); // creates the business's sales channels
  return { who, location };
}

const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1/businesses/${who.businessId}${path}`,
    headers: bearer(who.token),
    ...(payload ? { payload } : {}),
  });

/** A product with one size in stock at the business's location, at a known unit cost. */
async function stocked(b: Business, title: string, sku: string, units: number, cost = 5_000) {
  const res = await call(b.who, 'POST', '/products', {
    title,
    category: 'sneakers',
    size_format: 'us-men',
    variants: [{ size: '9', sku, price_cents: 10_000 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const variant = res.json().variants[0].id as string;
  const adjusted = await call(b.who, 'POST', '/inventory/adjustments', {
    location_id: b.location,
    lines: [{ variant_id: variant, quantity: units, reason: 'received', unit_cost_cents: cost }],
  });
  expect(adjusted.statusCode, adjusted.body).toBe(201);
  return variant;
}

async function sell(b: Business, body: object): Promise<Sale> {
  const res = await call(b.who, 'POST', '/sales', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Sale;
}

const ids = (list: { items: { id: string }[] }) => list.items.map((s) => s.id);

describe('the sales list', () => {
  let b: Business;
  let web: Sale;
  let counter: Sale;
  let fan: Sale;
  let cancelled: Sale;
  beforeAll(async () => {
    b = await business('Sales List Kicks');
    const samba = await stocked(b, 'Samba OG Cloud White', 'SMB-9', 10);
    const gazelle = await stocked(b, 'Gazelle Indoor', 'GZL-10', 10);
    const line = (variant: string) => [{ variant_id: variant, quantity: 1, unit_price_cents: 10_000 }];
    web = await sell(b, {
      channel: 'manual',
      external_order_id: 'WEB-1001-XY',
      customer: { name: 'Priya Natarajan', email: 'pn@example.com' },
      lines: line(samba),
    });
    counter = await sell(b, { channel: 'in_store', external_order_id: 'POS-A', location_id: b.location, lines: line(gazelle) });
    // His e-mail names Priya, his name does not: a search by name must not find this sale.
    fan = await sell(b, {
      channel: 'manual',
      external_order_id: 'WEB-B',
      customer: { name: 'Tom Okafor', email: 'priya.fan@example.com' },
      lines: line(samba),
    });
    cancelled = await sell(b, { channel: 'manual', external_order_id: 'WEB-C', lines: line(samba) });
    expect((await call(b.who, 'POST', `/sales/${cancelled.id}/cancel`, {})).statusCode).toBe(200);
  });

  const list = async (query: string) => {
    const res = await call(b.who, 'GET', `/sales?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Sale[]; total: number };
  };

  it('pages newest first with the exact total on every page', async () => {
    const first = await list('limit=3&offset=0&sort=created_at');
    const second = await list('limit=3&offset=3&sort=created_at');
    expect(first.total).toBe(4);
    expect(second.total).toBe(4);
    expect([...ids(first), ...ids(second)]).toEqual([cancelled.id, fan.id, counter.id, web.id]);
    expect((await list('limit=20&sort=ordered_at')).items.map((s) => s.number)).toEqual([
      cancelled.number,
      fan.number,
      counter.number,
      web.number,
    ]);
    expect(first.items[0]).toMatchObject({ status: 'cancelled', lines: [{ quantity_cancelled: 1 }] });
  });

  it('filters by status, channel and customer, counting only what it shows', async () => {
    expect(await list('status=cancelled')).toMatchObject({ total: 1, items: [{ id: cancelled.id }] });
    expect(await list('channel=in_store')).toMatchObject({ total: 1, items: [{ id: counter.id }] });
    const manualOpen = await list('channel=manual&status=open');
    expect(ids(manualOpen)).toEqual([fan.id, web.id]);
    expect(manualOpen.total).toBe(2);
    expect(await list(`customer_id=${web.customer?.id}`)).toMatchObject({ total: 1, items: [{ id: web.id }] });
    expect(await list('channel=ebay')).toEqual({ total: 0, items: [] });
  });

  it('finds a sale by its order id, number, customer name, SKU or product text', async () => {
    const found = async (q: string) => {
      const answer = await list(`q=${encodeURIComponent(q)}`);
      expect(answer.total).toBe(answer.items.length);
      return ids(answer).sort();
    };
    expect(await found('web-1001')).toEqual([web.id]);
    expect(await found(`#${counter.number}`)).toEqual([counter.id]);
    expect(await found(String(counter.number))).toEqual([counter.id]);
    expect(await found('PRIYA')).toEqual([web.id]);
    expect(await found('okafor')).toEqual([fan.id]);
    expect(await found('gzl-10')).toEqual([counter.id]);
    expect(await found('gazelle indoor')).toEqual([counter.id]);
    expect(await found('cloud white')).toEqual([web.id, fan.id, cancelled.id].sort());
    // LIKE's wildcards are the text they are.
    expect(await found('sm_-9')).toEqual([]);
    expect(await found('100%')).toEqual([]);
    expect(await list('q=samba&status=cancelled')).toMatchObject({ total: 1, items: [{ id: cancelled.id }] });
  });
});

describe("customers' figures", () => {
  /** Orders not cancelled, what their lines sold for, the last order's time: computed from the sales. */
  async function recomputed(businessId: string) {
    const rows = await t.orm.em.fork().execute<{ id: string; orders: number; spent: string; last: string | null }[]>(
      `SELECT c.id,
              (SELECT count(*) FROM sales s WHERE s.customer_id = c.id AND s.status <> 'cancelled')::int AS orders,
              (SELECT coalesce(sum((l.quantity - l.quantity_cancelled)::bigint * l.unit_price_cents), 0)
                 FROM sales s JOIN sale_lines l ON l.sale_id = s.id WHERE s.customer_id = c.id) AS spent,
              (SELECT max(s.ordered_at) FROM sales s WHERE s.customer_id = c.id) AS last
         FROM customers c WHERE c.business_id = ?`,
      [businessId],
    );
    return new Map(
      rows.map((r) => [
        r.id,
        { orders: r.orders, spent_cents: Number(r.spent), last_order_at: r.last ? new Date(r.last).toISOString() : null },
      ]),
    );
  }

  it('equal a recomputation from the sales after random sales, cancellations, shipments and refunds, and order the list', async () => {
    const b = await business('Customer Figures Kicks');
    const sizes = [await stocked(b, 'Dunk Low', 'DNK-9', 200), await stocked(b, 'Air Max 90', 'AM90-9', 200)];
    const made: string[] = [];
    for (const name of ['Zoe Quiet', 'Adam Quiet', 'Mia Buyer', 'Leo Buyer', 'Ivy Buyer']) {
      const res = await call(b.who, 'POST', '/customers', { name });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json().id);
    }
    const buyers = made.slice(2);
    // A small deterministic generator, so a failure replays.
    let seed = 20261127;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const sales: Sale[] = [];
    for (let step = 0; step < 30; step += 1) {
      const roll = random(10);
      const open = sales.filter((s) => s.status === 'open');
      if (roll < 5 || open.length === 0) {
        const lines = Array.from({ length: 1 + random(2) }, (_, i) => ({
          variant_id: sizes[(step + i) % 2],
          quantity: 1 + random(3),
          unit_price_cents: 1_000 + random(50) * 100,
        }));
        const who = random(4);
        sales.push(
          await sell(b, {
            channel: random(2) === 0 ? 'manual' : 'wholesale',
            lines,
            // Most name a known buyer; some a new one found or made by e-mail; some no one.
            ...(who < 2 ? { customer_id: buyers[random(buyers.length)] } : {}),
            ...(who === 2 ? { customer: { name: `Walk In ${random(3)}`, email: `walk-${random(3)}@example.com` } } : {}),
          }),
        );
      } else {
        const sale = open[random(open.length)] as Sale;
        const index = sales.indexOf(sale);
        if (roll < 7) {
          const line = sale.lines[random(sale.lines.length)];
          const left = (line?.quantity ?? 0) - (line?.quantity_cancelled ?? 0) - (line?.quantity_shipped ?? 0);
          const body = random(2) === 0 && left > 0 ? { lines: [{ line_id: line?.id, quantity: 1 + random(left) }] } : {};
          const res = await call(b.who, 'POST', `/sales/${sale.id}/cancel`, body);
          expect(res.statusCode, res.body).toBe(200);
          sales[index] = res.json();
        } else {
          for (const f of sale.fulfillments.filter((f) => f.status !== 'cancelled')) {
            const shipped = await call(b.who, 'POST', `/fulfillments/${f.id}/ship`, { carrier: 'UPS', tracking_number: `1Z00${step}` });
            expect(shipped.statusCode, shipped.body).toBe(200);
          }
          const after = (await call(b.who, 'GET', `/sales/${sale.id}`)).json() as Sale;
          if (roll >= 8 && after.totals.total_cents > 0) {
            const refund = await call(b.who, 'POST', `/sales/${sale.id}/refunds`, { amount_cents: after.totals.total_cents });
            expect(refund.statusCode, refund.body).toBe(201);
          }
          sales[index] = (await call(b.who, 'GET', `/sales/${sale.id}`)).json();
        }
      }
    }
    // The writes covered every kind of change the figures follow.
    const statuses = sales.map((s) => s.status);
    expect(statuses).toContain('cancelled');
    expect(statuses).toContain('refunded');
    expect(sales.some((s) => s.status !== 'cancelled' && s.lines.some((l) => l.quantity_cancelled > 0))).toBe(true);

    const res = await call(b.who, 'GET', '/customers?limit=200');
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json() as { items: Customer[]; total: number };
    const expected = await recomputed(b.who.businessId);
    expect(listed.total).toBe(expected.size);
    expect(listed.items).toHaveLength(expected.size);
    for (const customer of listed.items) {
      expect({
        id: customer.id,
        orders: customer.orders,
        spent_cents: customer.spent_cents,
        last_order_at: customer.last_order_at,
      }).toEqual({
        id: customer.id,
        ...expected.get(customer.id),
      });
    }
    expect(listed.items.filter((c) => c.orders > 0).length).toBeGreaterThan(2);
    // Most recent order first; customers who never ordered last, by name.
    const order = (c: Customer) => [c.last_order_at === null ? 1 : 0, c.last_order_at === null ? '' : c.last_order_at] as const;
    const sorted = [...listed.items].sort((x, y) => {
      const [xNone, xLast] = order(x);
      const [yNone, yLast] = order(y);
      return xNone - yNone || yLast.localeCompare(xLast) || x.name.localeCompare(y.name) || x.id.localeCompare(y.id);
    });
    expect(listed.items.map((c) => c.id)).toEqual(sorted.map((c) => c.id));
    expect(listed.items.slice(-2).map((c) => c.name)).toEqual(['Adam Quiet', 'Zoe Quiet']);

    // Pages of two add up to the same list; one customer reads the same figures.
    const paged: string[] = [];
    for (let offset = 0; offset < listed.total; offset += 2) {
      const page = (await call(b.who, 'GET', `/customers?limit=2&offset=${offset}`)).json() as { items: Customer[]; total: number };
      expect(page.total).toBe(listed.total);
      paged.push(...page.items.map((c) => c.id));
    }
    expect(paged).toEqual(listed.items.map((c) => c.id));
    const one = listed.items.find((c) => c.orders > 0) as Customer;
    expect((await call(b.who, 'GET', `/customers/${one.id}`)).json()).toMatchObject({
      orders: one.orders,
      spent_cents: one.spent_cents,
      last_order_at: one.last_order_at,
    });
    expect((await call(b.who, 'GET', '/customers?q=quiet')).json()).toMatchObject({ total: 2 });
    // About a hundred requests: on a busy machine they take longer than the usual 30 s.
  }, 90_000);
});

describe('sale numbers', () => {
  it('follow one another without gaps when sales are recorded at once and some are refused', async () => {
    const b = await business('Numbered Kicks');
    const variant = await stocked(b, 'Chuck 70', 'C70-9', 6);
    const first = await sell(b, {
      channel: 'in_store',
      location_id: b.location,
      lines: [{ variant_id: variant, quantity: 1, unit_price_cents: 100 }],
    });
    // Eight sales of one unit each at once, with five units left: five go through, three are refused.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(b.who, 'POST', '/sales', {
          channel: 'in_store',
          location_id: b.location,
          lines: [{ variant_id: variant, quantity: 1, unit_price_cents: 100 }],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
    const other = await stocked(b, 'Chuck 70 Hi', 'C70H-9', 1);
    const last = await sell(b, { channel: 'manual', lines: [{ variant_id: other, quantity: 1, unit_price_cents: 100 }] });
    const numbers = answers
      .filter((a) => a.statusCode === 201)
      .map((a) => (a.json() as Sale).number)
      .sort((x, y) => x - y);
    expect([first.number, ...numbers, last.number]).toEqual(Array.from({ length: 7 }, (_, i) => first.number + i));
    expect(first.number).toBe(1001);
    const listed = (await call(b.who, 'GET', '/sales?limit=50')).json() as { items: Sale[] };
    expect(listed.items.map((s) => s.number).sort((x, y) => x - y)).toEqual(Array.from({ length: 7 }, (_, i) => 1001 + i));
  });
});

describe('costs past an integer', () => {
  it('a line of 10,000 units at $3,000 each records, ships and shows its $30M cost', async () => {
    const b = await business('Wholesale Kicks');
    const inStore = await stocked(b, 'Bulk Runner', 'BULK-9', 10_000, 300_000);
    const sale = await sell(b, {
      channel: 'in_store',
      location_id: b.location,
      lines: [{ variant_id: inStore, quantity: 10_000, unit_price_cents: 400_000 }],
    });
    expect(sale.totals).toMatchObject({ cost_cents: 3_000_000_000, subtotal_cents: 4_000_000_000, profit_cents: 1_000_000_000 });
    expect(sale.lines[0]).toMatchObject({ cost_cents: 3_000_000_000, cost_is_final: true });

    const shipped = await stocked(b, 'Bulk Trainer', 'BULKT-9', 10_000, 300_000);
    const order = await sell(b, {
      channel: 'wholesale',
      customer: { name: 'Big Buyer' },
      lines: [{ variant_id: shipped, quantity: 10_000, unit_price_cents: 400_000 }],
    });
    const ship = await call(b.who, 'POST', `/fulfillments/${order.fulfillments[0]?.id}/ship`, {
      carrier: 'UPS',
      tracking_number: '1ZBULK',
    });
    expect(ship.statusCode, ship.body).toBe(200);
    const after = (await call(b.who, 'GET', `/sales/${order.id}`)).json() as Sale;
    expect(after.lines[0]).toMatchObject({ cost_cents: 3_000_000_000, cost_is_final: true });
    const buyer = (await call(b.who, 'GET', '/customers?q=big%20buyer')).json().items[0] as Customer;
    expect(buyer).toMatchObject({ orders: 1, spent_cents: 4_000_000_000 });
  });
});
