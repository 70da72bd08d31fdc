import type { EventDeliveryList } from '@tradepost/shared/schemas/events.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerAndLogin, type SignedIn, type TestApp } from '../../../test/helper.ts';

// The events view: what each domain event's subscribers did with it, and what is stuck.

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  // No runner: deliveries stay where this test puts them.
  t = await createTestApp({ JOBS_ENABLED: 'false' });
  owner = await registerAndLogin(t.app, { business_name: 'Events Kicks' });
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1/businesses/${owner.businessId}${path}`,
    headers: bearer(owner.token),
    ...(payload ? { payload } : {}),
  });

describe('event deliveries', () => {
  it('shows a channel change waiting for the sync engine, then retrying with its error; a movement of unlisted sizes leaves none', async () => {
    const product = (
      await call('POST', '/products', {
        title: 'Air Max 1 86 Big Bubble',
        category: 'sneakers',
        size_format: 'us-men',
        variants: [{ size: '9', sku: `AM1-${Date.now()}`, price_cents: 16_000, barcodes: [] }],
      })
    ).json() as { variants: { id: string }[] };
    const location = ((await call('GET', '/locations')).json() as { id: string }[])[0]?.id;
    const adjusted = await call('POST', '/inventory/adjustments', {
      location_id: location,
      lines: [{ variant_id: product.variants[0]?.id, quantity: 2, reason: 'received', unit_cost_cents: 9_000 }],
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    // The writer's own tab learns from the answer what its write made stale; a read publishes nothing.
    expect(adjusted.headers['x-domain-events']).toBe('stock.moved');
    expect((await call('GET', '/locations')).headers['x-domain-events']).toBeUndefined();

    // The size is listed nowhere: the sync engine says the movement is not its business, so
    // nothing waits for it.
    expect(((await call('GET', '/event-deliveries')).json() as EventDeliveryList).items).toEqual([]);

    // A channel's buffer concerns every size it lists: the sync engine gets that one.
    const ebay = ((await call('GET', '/channels')).json() as { id: string; kind: string }[]).find((c) => c.kind === 'ebay');
    const buffered = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/businesses/${owner.businessId}/channels/${ebay?.id}`,
      headers: bearer(owner.token),
      payload: { quantity_buffer: 1 },
    });
    expect(buffered.statusCode, buffered.body).toBe(200);
    expect(buffered.headers['x-domain-events']).toBe('channel.changed');
    const waiting = (await call('GET', '/event-deliveries')).json() as EventDeliveryList;
    const moved = waiting.items.find((d) => d.event_type === 'channel.changed');
    expect(moved).toMatchObject({
      subscriber: 'sync.push-channel-quantities',
      status: 'waiting',
      attempts: 0,
      payload: { channel_id: ebay?.id },
    });
    expect(waiting.counts.waiting).toBe(1);

    await t.orm.em
      .fork()
      .execute(`UPDATE jobs SET attempts = 1, last_error = 'Shopify answered 503', run_at = now() + interval '2 seconds' WHERE id = ?`, [
        moved?.id,
      ]);
    const problems = (await call('GET', '/event-deliveries?status=problems')).json() as EventDeliveryList;
    expect(problems.items.map((d) => d.id)).toEqual([moved?.id]);
    expect(problems.items[0]).toMatchObject({
      status: 'retrying',
      last_error: 'Shopify answered 503',
      next_attempt_at: expect.any(String),
    });
    expect(problems.counts.retrying).toBe(1);
  });

  it('names a bad filter', async () => {
    const res = await call('GET', '/event-deliveries?status=stuck&limit=1000');
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .error.details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['limit', 'status']);
  });
});
