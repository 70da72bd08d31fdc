import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createTestDatabase,
  joinAs,
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

const streamUrl = (token: string) => `http://127.0.0.1:${bPort}/api/v1/sse/batch-operations/stream?token=${encodeURIComponent(token)}`;

/** Asks API process A for a stream ticket, as the browser does before every (re)connect. */
async function ticketFor(who: SignedIn): Promise<string> {
  const res = await a.app.inject({ method: 'POST', url: '/api/v1/sse/tickets', headers: bearer(who.token) });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { ticket: string }).ticket;
}

/** Opens the stream on API process B with a ticket; resolves `connected` once the server greets it. */
function openStream(ticket: string, until: (event: { event: string; data: string }) => boolean) {
  const controller = new AbortController();
  const url = streamUrl(ticket);
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
    expect((await fetch(streamUrl('forged'))).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${bPort}/api/v1/sse/batch-operations/stream`)).status).toBe(400);
  });

  it('an event published by one API process reaches an SSE client of another', async () => {
    const stream = openStream(await ticketFor(user), (e) => e.event === 'batch_operation_complete');
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
    const stream = openStream(await ticketFor(other), (e) => e.event === 'session-ended');
    await stream.connected;
    const spare = await ticketFor(other);
    const out = await a.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(other.token) });
    expect(out.statusCode).toBe(204);
    const seen = await stream.events;
    stream.close();
    expect(seen.map((e) => e.event)).toEqual(['connected', 'session-ended']);
    // And the session can open no new one: its unused ticket is refused, and it gets no new ticket.
    expect((await fetch(streamUrl(spare))).status).toBe(401);
    expect((await a.app.inject({ method: 'POST', url: '/api/v1/sse/tickets', headers: bearer(other.token) })).statusCode).toBe(401);
  });
});

describe('stream tickets', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const ticketRows = (ticket: string) =>
    a.orm.em
      .fork()
      .execute<{ business_id: string; user_id: string; session_id: string; expires_at: Date; used_at: Date | null }[]>(
        'SELECT business_id, user_id, session_id, expires_at, used_at FROM stream_tickets WHERE token_hash = ?',
        [sha256(ticket)],
      );
  /** The session a bearer token names. */
  const sessionOf = (who: SignedIn) =>
    (JSON.parse(Buffer.from(who.token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;

  it('a signed-in call gets a random ticket for a minute, bound to its session, user and business, stored only as its SHA-256', async () => {
    const before = Date.now();
    const res = await a.app.inject({ method: 'POST', url: '/api/v1/sse/tickets', headers: bearer(user.token) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { ticket, expires_at } = res.json() as { ticket: string; expires_at: string };
    // 32 random bytes, base64url: 256 bits.
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await ticketFor(user)).not.toBe(ticket);
    expect(Date.parse(expires_at) - before).toBeGreaterThanOrEqual(59_000);
    expect(Date.parse(expires_at) - Date.now()).toBeLessThanOrEqual(60_000);
    const rows = await ticketRows(ticket);
    expect(rows).toEqual([
      expect.objectContaining({ business_id: user.businessId, user_id: user.userId, session_id: sessionOf(user), used_at: null }),
    ]);
    // A read of the table yields nothing that opens a stream.
    const all = await a.orm.em.fork().execute('SELECT * FROM stream_tickets');
    expect(JSON.stringify(all)).not.toContain(ticket);
    expect(JSON.stringify(await a.orm.em.fork().execute('SELECT * FROM idempotency_keys'))).not.toContain(ticket);
    expect((await a.app.inject({ method: 'POST', url: '/api/v1/sse/tickets' })).statusCode).toBe(401);
  });

  it('a ticket asked for with an Idempotency-Key is not kept for replay: a retry gets a fresh one', async () => {
    const ask = () =>
      a.app.inject({ method: 'POST', url: '/api/v1/sse/tickets', headers: { ...bearer(user.token), 'idempotency-key': 'ticket-retry-1' } });
    const first = await ask();
    expect(first.statusCode, first.body).toBe(201);
    const { ticket } = first.json() as { ticket: string };
    expect(JSON.stringify(await a.orm.em.fork().execute('SELECT * FROM idempotency_keys'))).not.toContain(ticket);
    const retry = await ask();
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect((retry.json() as { ticket: string }).ticket).not.toBe(ticket);
  });

  it('a ticket issued by one API process opens the stream on another, once', async () => {
    const ticket = await ticketFor(user);
    const stream = openStream(ticket, (e) => e.event === 'batch_operation_update');
    await stream.connected;
    expect((await ticketRows(ticket))[0]?.used_at).not.toBeNull();
    // Used, even while its stream is open, on either process.
    expect((await fetch(streamUrl(ticket))).status).toBe(401);
    const again = await a.app.inject({ method: 'GET', url: `/api/v1/sse/batch-operations/stream?token=${ticket}` });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: { code: 'STREAM_TICKET_INVALID' } });
    await a.app.events.publish({ businessId: user.businessId, stream: 'batch-operations', type: 'batch_operation_update', data: {} });
    expect((await stream.events).map((e) => e.event)).toEqual(['connected', 'batch_operation_update']);
    stream.close();
    expect((await fetch(streamUrl(ticket))).status).toBe(401);
  });

  it('two requests racing with one ticket: one stream opens, the other is refused', async () => {
    const ticket = await ticketFor(user);
    const answers = await Promise.all(
      [0, 1].map(async () => {
        const controller = new AbortController();
        const res = await fetch(streamUrl(ticket), { signal: controller.signal });
        const status = res.status;
        controller.abort();
        return status;
      }),
    );
    expect(answers.sort()).toEqual([200, 401]);
  });

  it('an expired ticket is refused', async () => {
    const ticket = await ticketFor(user);
    await a.orm.em
      .fork()
      .execute("UPDATE stream_tickets SET expires_at = now() - interval '1 second' WHERE token_hash = ?", [sha256(ticket)]);
    expect((await fetch(streamUrl(ticket))).status).toBe(401);
  });

  it('the session token is refused in the query: only a ticket opens the stream', async () => {
    const res = await fetch(streamUrl(user.token));
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('STREAM_TICKET_INVALID');
  });

  it("a ticket serves its own user's session: another member signing out ends only theirs", async () => {
    const colleague = await joinAs(a.app, user, 'staff');
    const mine = openStream(await ticketFor(user), (e) => e.event === 'batch_operation_complete' || e.event === 'session-ended');
    const theirs = openStream(await ticketFor(colleague), (e) => e.event === 'session-ended');
    await Promise.all([mine.connected, theirs.connected]);
    const out = await a.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(colleague.token) });
    expect(out.statusCode).toBe(204);
    expect((await theirs.events).map((e) => e.event)).toEqual(['connected', 'session-ended']);
    await a.app.events.publish({ businessId: user.businessId, stream: 'batch-operations', type: 'batch_operation_complete', data: {} });
    expect((await mine.events).map((e) => e.event)).toEqual(['connected', 'batch_operation_complete']);
    mine.close();
    theirs.close();
  });

  it("a ticket is its user's: one naming another member's session is refused", async () => {
    const colleague = await joinAs(a.app, user, 'fulfillment');
    const ticket = await ticketFor(user);
    // As if the row had been written for the wrong session: the session must be the ticket's user's.
    await a.orm.em.fork().execute('UPDATE stream_tickets SET session_id = ? WHERE token_hash = ?', [sessionOf(colleague), sha256(ticket)]);
    expect((await fetch(streamUrl(ticket))).status).toBe(401);
  });

  it("a ticket opens only the business it was issued for, never another's", async () => {
    const stranger = await registerAndLogin(a.app, { business_name: 'Other Kicks' });
    const ticket = await ticketFor(user);
    expect((await ticketRows(ticket))[0]?.business_id).toBe(user.businessId);
    // Pointed at another business (as if its user had left for it): refused, not a window onto that business.
    await a.orm.em.fork().execute('UPDATE stream_tickets SET business_id = ? WHERE token_hash = ?', [stranger.businessId, sha256(ticket)]);
    expect((await fetch(streamUrl(ticket))).status).toBe(401);
    // The stranger's own ticket serves the stranger's business only.
    const theirs = openStream(await ticketFor(stranger), (e) => e.event === 'batch_operation_complete');
    await theirs.connected;
    await a.app.events.publish({ businessId: user.businessId, stream: 'batch-operations', type: 'batch_operation_update', data: {} });
    await a.app.events.publish({ businessId: stranger.businessId, stream: 'batch-operations', type: 'batch_operation_complete', data: {} });
    const seen = await theirs.events;
    theirs.close();
    expect(seen.map((e) => e.event)).toEqual(['connected', 'batch_operation_complete']);
    expect(JSON.parse(seen[0]?.data ?? '{}')).toMatchObject({ business_id: stranger.businessId });
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
    const stream = openStream(await ticketFor(user), (e) => e.event === 'domain_event' && JSON.parse(e.data).type === 'stock.moved');
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
