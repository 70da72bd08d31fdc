import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestDatabase,
  registerAndLogin,
  type SignedIn,
  TEST_SESSION_SECRET,
  type TestApp,
} from '../../../test/helper.ts';
import { freePort } from '../../db/embedded-postgres.ts';

const serverEntry = resolve(import.meta.dirname, '../../server.ts');

/** Reads server-sent events from a streaming fetch until `until` matches one. */
async function readEvents(url: string, until: (event: { event: string; data: string }) => boolean, signal: AbortSignal) {
  const res = await fetch(url, { signal, headers: { accept: 'text/event-stream' } });
  if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
  const seen: { event: string; data: string }[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let split = buffer.indexOf('\n\n');
    while (split >= 0) {
      const block = buffer.slice(0, split);
      buffer = buffer.slice(split + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data !== undefined) {
        seen.push({ event, data });
        if (until({ event, data })) return seen;
      }
      split = buffer.indexOf('\n\n');
    }
  }
  return seen;
}

/** Opens the stream with a token; resolves `connected` once the server greets it. */
function openStream(token: string, until: (event: { event: string; data: string }) => boolean) {
  const controller = new AbortController();
  const url = `http://127.0.0.1:${bPort}/api/v1/sse/batch-operations/stream?token=${encodeURIComponent(token)}`;
  let greeted!: () => void;
  const connected = new Promise<void>((r) => {
    greeted = r;
  });
  const events = readEvents(
    url,
    (e) => {
      if (e.event === 'connected') greeted();
      return until(e);
    },
    controller.signal,
  );
  return { url, connected, events, close: () => controller.abort() };
}

let a: TestApp;
let db: { url: string; drop: () => Promise<void> };
let b: ChildProcess;
let bPort: number;
let user: SignedIn;

beforeAll(async () => {
  db = await createTestDatabase();
  a = await createTestApp({}, { database: db });
  bPort = await freePort();
  b = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      PORT: String(bPort),
      HOST: '127.0.0.1',
      SESSION_SECRET: TEST_SESSION_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 100; i += 1) {
    const up = await fetch(`http://127.0.0.1:${bPort}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  user = await registerAndLogin(a.app);
});

afterAll(async () => {
  b?.kill('SIGTERM');
  await new Promise((r) => b?.once('exit', r));
  await a.close();
  await db.drop();
});

describe('batch-operations stream', () => {
  it('rejects a missing or bad token', async () => {
    const res = await fetch(`http://127.0.0.1:${bPort}/api/v1/sse/batch-operations/stream?token=forged`);
    expect(res.status).toBe(401);
  });

  it('an event published by one API process reaches an SSE client of another', async () => {
    const stream = openStream(user.token, (e) => e.event === 'batch_operation_complete');
    await stream.connected;
    const payload = { type: 'batch_operation_complete', batch_id: 'b-1', marketplace: 'ebay', operation_type: 'list', success_rate: 0.96 };
    // Another business's event must not leak into this stream.
    await a.app.events.publish({
      businessId: '01a20072-0000-7000-8000-000000000000',
      stream: 'batch-operations',
      type: 'batch_operation_update',
      data: {},
    });
    await a.app.events.publish({ businessId: user.businessId, stream: 'batch-operations', type: payload.type, data: payload });
    const seen = await stream.events;
    stream.close();
    expect(seen.map((e) => e.event)).toEqual(['connected', 'batch_operation_complete']);
    expect(JSON.parse(seen[1]?.data ?? '{}')).toEqual(payload);
  });

  it('ends when its session is signed out on another API process', async () => {
    const other = await registerAndLogin(a.app);
    // Returns when the server sends session-ended (or ends the stream without it).
    const stream = openStream(other.token, (e) => e.event === 'session-ended');
    await stream.connected;
    const out = await a.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: `Bearer ${other.token}` } });
    expect(out.statusCode).toBe(204);
    const seen = await stream.events;
    stream.close();
    expect(seen.map((e) => e.event)).toEqual(['connected', 'session-ended']);
    // And the token cannot open a new one.
    expect((await fetch(stream.url)).status).toBe(401);
  });
});

describe('domain events on the stream', () => {
  it('a stock movement committed on one API process reaches a browser of the business connected to another, ids only', async () => {
    const stranger = await registerAndLogin(a.app);
    const call = (who: SignedIn, method: 'GET' | 'POST', path: string, payload?: object) =>
      a.app.inject({
        method,
        url: `/api/v1/businesses/${who.businessId}${path}`,
        headers: { authorization: `Bearer ${who.token}` },
        ...(payload ? { payload } : {}),
      });
    const product = (
      await call(user, 'POST', '/products', {
        title: 'Dunk Low Panda',
        category: 'sneakers',
        size_format: 'us-men',
        variants: [{ size: '9', sku: `PANDA-${Date.now()}`, price_cents: 11_000, barcodes: [] }],
      })
    ).json() as { id: string; variants: { id: string }[] };
    const variantId = product.variants[0]?.id ?? '';
    const location = ((await call(user, 'GET', '/locations')).json() as { id: string }[])[0]?.id;
    const stream = openStream(user.token, (e) => e.event === 'domain_event' && JSON.parse(e.data).type === 'stock.moved');
    await stream.connected;
    // The other business's movement must not reach this stream.
    const theirs = (
      await call(stranger, 'POST', '/products', {
        title: 'Not yours',
        category: 'sneakers',
        size_format: 'us-men',
        variants: [{ size: '9', sku: `THEIRS-${Date.now()}`, price_cents: 9_000, barcodes: [] }],
      })
    ).json() as { variants: { id: string }[] };
    const theirLocation = ((await call(stranger, 'GET', '/locations')).json() as { id: string }[])[0]?.id;
    await call(stranger, 'POST', '/inventory/adjustments', {
      location_id: theirLocation,
      lines: [{ variant_id: theirs.variants[0]?.id, quantity: 1, reason: 'received', unit_cost_cents: 100 }],
    });
    const adjusted = await call(user, 'POST', '/inventory/adjustments', {
      location_id: location,
      lines: [{ variant_id: variantId, quantity: 2, reason: 'received', unit_cost_cents: 5_000 }],
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const seen = await stream.events;
    stream.close();
    const events = seen.filter((e) => e.event === 'domain_event').map((e) => JSON.parse(e.data));
    expect(events.map((e) => e.type)).toContain('stock.moved');
    expect(events.find((e) => e.type === 'stock.moved')).toMatchObject({ payload: { variant_ids: [variantId] } });
    expect(JSON.stringify(events)).not.toContain(theirs.variants[0]?.id ?? 'none');
    expect(JSON.stringify(events)).not.toContain('5000');
  });
});
