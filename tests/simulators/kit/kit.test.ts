import { afterEach, describe, expect, it } from 'vitest';
import { parseDuration, SimClock } from './clock.ts';
import { FaultRegistry } from './faults.ts';
import type { SimRequest } from './http.ts';
import { multipartParts, sniffImage } from './multipart.ts';
import { startWebhookReceiver, type WebhookReceiver } from './receiver.ts';
import { WebhookDispatcher } from './webhooks.ts';

describe('SimClock', () => {
  it('moves forward on demand and can be frozen', () => {
    const frozen = new SimClock({ start: '2026-01-01T00:00:00Z', frozen: true });
    expect(frozen.iso()).toBe('2026-01-01T00:00:00.000Z');
    frozen.advance(parseDuration('90m'));
    expect(frozen.iso()).toBe('2026-01-01T01:30:00.000Z');
    expect(() => frozen.advance(-1)).toThrow(RangeError);
    frozen.reset();
    expect(frozen.iso()).toBe('2026-01-01T00:00:00.000Z');

    const live = new SimClock();
    const before = live.now();
    live.advance(parseDuration('2d'));
    expect(live.now() - before).toBeGreaterThanOrEqual(172_800_000);
    expect(() => parseDuration('soon')).toThrow(RangeError);
  });
});

describe('FaultRegistry', () => {
  const target = (method: string, path: string, routeKey: string | null = null, body = '') => ({ method, path, routeKey, body });

  it('matches by route pattern, by glob and by body, lets `after` calls through and stops after `count`', () => {
    const faults = new FaultRegistry();
    faults.add({ route: 'PUT /items/:sku', status: 503, count: 2, after: 1 });
    faults.add({ route: 'POST /admin/api/*', bodyIncludes: 'inventorySetQuantities', kind: 'drop' });
    const put = target('PUT', '/items/A', 'PUT /items/:sku');
    expect(faults.take(put)).toBeNull();
    expect(faults.take(put)?.status).toBe(503);
    expect(faults.take(put)?.status).toBe(503);
    expect(faults.take(put)).toBeNull();

    expect(faults.take(target('POST', '/admin/api/2026-07/graphql.json', null, '{ shop { name } }'))).toBeNull();
    expect(faults.take(target('POST', '/admin/api/2026-07/graphql.json', null, 'mutation { inventorySetQuantities }'))?.kind).toBe('drop');
    expect(faults.list().faults).toEqual([]);
  });

  it('adds latency per route', () => {
    const faults = new FaultRegistry();
    faults.setLatency({ route: '/v2/catalog/*', ms: 40 });
    faults.setLatency({ ms: 5 });
    expect(faults.latencyFor(target('POST', '/v2/catalog/object'))).toBe(45);
    expect(faults.latencyFor(target('GET', '/v2/locations'))).toBe(5);
  });
});

describe('WebhookDispatcher', () => {
  let receiver: WebhookReceiver;
  afterEach(async () => receiver?.close());

  it('retries until 2xx, gives up after the last attempt and releases held deliveries newest first', async () => {
    receiver = await startWebhookReceiver();
    const dispatcher = new WebhookDispatcher(new SimClock(), { baseDelayMs: 1 });
    const plan = (name: string, maxAttempts: number) => ({
      topic: 't',
      url: receiver.url,
      eventId: name,
      maxAttempts,
      build: (attempt: number) => ({ body: JSON.stringify({ name, attempt }), headers: { 'content-type': 'application/json' } }),
    });
    receiver.respondWith(500, 500);
    const delivered = await dispatcher.send(plan('retried', 3)).done;
    expect(delivered.state).toBe('delivered');
    expect(delivered.attempts.map((a) => a.status)).toEqual([500, 500, 200]);

    receiver.clear();
    receiver.respondWith(500, 500);
    expect((await dispatcher.send(plan('failed', 2)).done).state).toBe('failed');

    receiver.clear();
    dispatcher.send(plan('one', 1), true);
    dispatcher.send(plan('two', 1), true);
    expect(receiver.received).toHaveLength(0);
    await dispatcher.release('reverse');
    expect(receiver.received.map((r) => (JSON.parse(r.text) as { name: string }).name)).toEqual(['two', 'one']);
    dispatcher.close();
  });
});

describe('multipartParts', () => {
  it('reads the parts of a body encoded by fetch’s FormData: names, filenames, types and exact bytes', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x0d, 0x0a, 0x2d, 0x2d, 0xff]);
    const form = new FormData();
    form.append('request', new Blob([JSON.stringify({ idempotency_key: 'k1' })], { type: 'application/json' }));
    form.append('image_file', new Blob([png], { type: 'image/png' }), 'side.png');
    const encoded = new Request('http://sim.local/upload', { method: 'POST', body: form });
    const rawBody = Buffer.from(await encoded.arrayBuffer());
    const req = { headers: { 'content-type': encoded.headers.get('content-type') ?? '' }, rawBody } as unknown as SimRequest;
    const parts = multipartParts(req) ?? [];
    expect(parts.map((p) => [p.name, p.filename, p.contentType])).toEqual([
      ['request', 'blob', 'application/json'],
      ['image_file', 'side.png', 'image/png'],
    ]);
    expect(JSON.parse(parts[0]?.data.toString('utf8') ?? '')).toEqual({ idempotency_key: 'k1' });
    // Bytes that look like a boundary's CRLF and dashes survive.
    expect(parts[1]?.data.equals(png)).toBe(true);
    expect(sniffImage(png)).toBe('image/png');
    expect(
      multipartParts({ headers: { 'content-type': 'application/json' }, rawBody: Buffer.from('{}') } as unknown as SimRequest),
    ).toBeNull();
  });
});
