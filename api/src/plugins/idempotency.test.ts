import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, databaseSnapshot, registerAndLogin, type SignedIn, type TestApp } from '../../test/helper.ts';

// A retried write (a slow answer, a dropped connection, the query layer's retry) must not do its
// work twice: the first answer to an Idempotency-Key is what every repeat of it gets.

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let locationId: string;
let variantId: string;

const send = (who: SignedIn, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body: unknown, key?: string) =>
  t.app.inject({
    method,
    url: `/api/v1/businesses/${who.businessId}${path}`,
    headers: { ...bearer(who.token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body as Record<string, unknown>,
  });

const count = async (table: string, businessId: string) => {
  const [row] = await t.orm.em
    .fork()
    .execute<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${table} WHERE business_id = ?`, [businessId]);
  return row?.n ?? 0;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app);
  other = await registerAndLogin(t.app);
  const locations = await t.app.inject({
    method: 'GET',
    url: `/api/v1/businesses/${owner.businessId}/locations`,
    headers: bearer(owner.token),
  });
  locationId = locations.json()[0].id;
  const product = await send(owner, 'POST', '/products', {
    title: 'Jordan 4 Bred',
    brand: 'Jordan',
    style_code: 'FV5029-006',
    category: 'sneakers',
    size_format: 'us-men',
    variants: [{ size: '10', sku: 'J4-BRED-10', price_cents: 25_000 }],
  });
  variantId = product.json().variants[0].id;
  const stocked = await send(owner, 'POST', '/inventory/adjustments', {
    location_id: locationId,
    lines: [{ variant_id: variantId, quantity: 5, reason: 'received', unit_cost_cents: 18_000 }],
  });
  expect(stocked.statusCode, stocked.body).toBe(201);
});
afterAll(async () => {
  await t.close();
});

const sale = () => ({
  channel: 'in_store',
  location_id: locationId,
  lines: [{ variant_id: variantId, quantity: 1, unit_price_cents: 25_000 }],
});

describe('idempotency keys', () => {
  it('records a sale once however often the same request is sent with its key, answering each repeat alike', async () => {
    const before = await count('sales', owner.businessId);
    const first = await send(owner, 'POST', '/sales', sale(), 'checkout-1');
    const again = await send(owner, 'POST', '/sales', sale(), 'checkout-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    // The writer's tab refreshes by the facts its write published, on the repeat too.
    expect(again.headers['x-domain-events']).toBe(first.headers['x-domain-events']);
    expect(await count('sales', owner.businessId)).toBe(before + 1);
    // Without a key, each request is its own action (the shared client always sends one).
    await send(owner, 'POST', '/sales', sale());
    expect(await count('sales', owner.businessId)).toBe(before + 2);
  });

  it('lets ten copies sent at once record one sale: the others repeat its answer or are told it is still running', async () => {
    const before = await count('sales', owner.businessId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(owner, 'POST', '/sales', sale(), 'checkout-burst')));
    expect(await count('sales', owner.businessId)).toBe(before + 1);
    const recorded = answers.filter((a) => a.statusCode === 201);
    expect(recorded.length).toBeGreaterThanOrEqual(1);
    expect(new Set(recorded.map((a) => a.json().id)).size).toBe(1);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    }
  });

  it('refuses the same key with a different body (422 naming the header) and writes nothing', async () => {
    const first = await send(owner, 'POST', '/customers', { name: 'Walk-in seller' }, 'customer-1');
    expect(first.statusCode).toBe(201);
    const before = await databaseSnapshot(t.orm);
    const changed = await send(owner, 'POST', '/customers', { name: 'Someone else' }, 'customer-1');
    expect(changed.statusCode).toBe(422);
    expect(changed.json().error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', details: [{ field: 'Idempotency-Key' }] });
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('replays a refusal too: the same action gets the same answer', async () => {
    const tooMany = { ...sale(), lines: [{ variant_id: variantId, quantity: 99, unit_price_cents: 25_000 }] };
    const first = await send(owner, 'POST', '/sales', tooMany, 'checkout-short');
    const again = await send(owner, 'POST', '/sales', tooMany, 'checkout-short');
    expect(first.statusCode).toBe(409);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(first.json());
  });

  it("keeps each business's keys apart", async () => {
    const mine = await send(owner, 'POST', '/customers', { name: 'Same key' }, 'shared-key');
    const theirs = await send(other, 'POST', '/customers', { name: 'Same key' }, 'shared-key');
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
  });

  it('forgets a key after a day: the same key then runs as a new action', async () => {
    await send(owner, 'POST', '/customers', { name: 'Yesterday' }, 'old-key');
    await t.orm.em
      .fork()
      .execute(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE business_id = ? AND key = 'old-key'`, [
        owner.businessId,
      ]);
    const before = await count('customers', owner.businessId);
    const again = await send(owner, 'POST', '/customers', { name: 'Yesterday' }, 'old-key');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('customers', owner.businessId)).toBe(before + 1);
  });

  it('makes a file again for a repeat instead of keeping it: a PDF is not an answer to replay', async () => {
    const labels = { items: [{ variant_id: variantId, copies: 1 }] };
    const first = await send(owner, 'POST', '/labels.pdf', labels, 'labels-1');
    const again = await send(owner, 'POST', '/labels.pdf', labels, 'labels-1');
    for (const answer of [first, again]) {
      expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/pdf/);
      expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a key that is empty or too long, naming the header', async () => {
    for (const key of ['', 'x'.repeat(256), 'café']) {
      const res = await send(owner, 'POST', '/customers', { name: 'Bad key' }, key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().error.details[0].field).toBe('Idempotency-Key');
    }
  });
});
