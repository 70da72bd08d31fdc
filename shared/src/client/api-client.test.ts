import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient, domainEventsOf, isRetryableError, pathWithQuery, retryDelayMs } from './api-client.ts';
import { ApiError, apiErrorFromResponse, networkError, timeoutError } from './api-error.ts';
import type { ApiClientOptions } from './types.ts';

const business = '/businesses/0190f6a2-7c1e-7cc3-9b7e-2c1f3f1b7a10';

type Call = { url: string; init: RequestInit };
type Handler = (call: Call, index: number) => Response | Promise<Response>;

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function envelope(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status);
}

/** A fetch that never answers and fails the way fetch does when its signal aborts. */
function hangingFetch(call: Call): Promise<Response> {
  return new Promise((_, reject) => {
    call.init.signal?.addEventListener('abort', () => reject(new DOMException('This operation was aborted', 'AbortError')));
  });
}

function setup(handler: Handler, overrides: Partial<ApiClientOptions> = {}) {
  const calls: Call[] = [];
  let time = 1_000_000;
  let token: string | null = 'secret-token';
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), init: init ?? {} };
    calls.push(call);
    return handler(call, calls.length - 1);
  });
  const sleep = vi.fn(async (_ms: number) => undefined);
  const logger = { warn: vi.fn() };
  const client = createApiClient({
    baseUrl: 'http://api.test/',
    getToken: () => token,
    fetch,
    sleep,
    logger,
    now: () => time,
    random: () => 0.99,
    ...overrides,
  });
  return {
    client,
    calls,
    sleep,
    logger,
    advance: (ms: number) => {
      time += ms;
    },
    setToken: (next: string | null) => {
      token = next;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('calls /api/v1 with the bearer token, sorted query and JSON body', async () => {
    const { client, calls } = setup(() => json({ id: 1 }, 201));
    const answer = await client.post(`${business}/products`, { body: { title: 'Dunk' }, query: { z: 1, a: 'x y', skip: undefined } });
    expect(answer).toEqual({ id: 1 });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe(`http://api.test/api/v1${business}/products?a=x+y&z=1`);
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe('{"title":"Dunk"}');
    expect(call?.init.headers).toMatchObject({
      Authorization: 'Bearer secret-token',
      'Content-Type': 'application/json',
      Accept: 'application/json',
    });
  });

  it('sends no Authorization header when signed out', async () => {
    const { client, calls, setToken } = setup(() => json({ ok: true }));
    setToken(null);
    await client.get('/health');
    expect(calls[0]?.init.headers).not.toHaveProperty('Authorization');
  });

  it('sends FormData as it is, without a JSON content type', async () => {
    const { client, calls } = setup(() => json({ ok: true }));
    const form = new FormData();
    form.append('photo', 'bytes');
    await client.post(`${business}/photos`, { body: form });
    expect(calls[0]?.init.body).toBe(form);
    expect(calls[0]?.init.headers).not.toHaveProperty('Content-Type');
  });

  it('appends the query to a path that already has one', () => {
    expect(pathWithQuery(`${business}/products?limit=50`, { sort: 'updated_at' })).toBe(`${business}/products?limit=50&sort=updated_at`);
    expect(pathWithQuery('auth/me', undefined)).toBe('/auth/me');
  });

  it('leaves no timeout timer behind after an answer', async () => {
    vi.useFakeTimers();
    const { client } = setup(() => json({ ok: true }));
    await client.get('/auth/me');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('returns undefined for 204', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    await expect(client.delete(`${business}/products/1`, { schema: z.object({ id: z.string() }) })).resolves.toBeUndefined();
  });

  it('returns non-JSON answers as text', async () => {
    const { client } = setup(() => new Response('a,b\n1,2', { headers: { 'content-type': 'text/csv' } }));
    await expect(client.get(`${business}/finances/export`)).resolves.toBe('a,b\n1,2');
  });

  it('returns files (PDF, images) as a Blob with their bytes intact', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0xff, 0x00, 0x80]);
    const { client } = setup(() => new Response(bytes, { headers: { 'content-type': 'application/pdf' } }));
    const answer = await client.get(`${business}/labels.pdf`);
    expect(answer).toBeInstanceOf(Blob);
    expect((answer as Blob).type).toBe('application/pdf');
    expect(new Uint8Array(await (answer as Blob).arrayBuffer())).toEqual(bytes);
  });

  it('returns SVG as text: it is markup to show, not a file', async () => {
    const { client } = setup(
      () => new Response('<svg xmlns="http://www.w3.org/2000/svg"/>', { headers: { 'content-type': 'image/svg+xml' } }),
    );
    await expect(client.get(`${business}/variants/1/label.svg`)).resolves.toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('rejects a body that claims to be JSON but is not', async () => {
    const { client } = setup(() => new Response('<html>', { headers: { 'content-type': 'application/json' } }));
    await expect(client.get('/auth/me')).rejects.toMatchObject({ code: 'INVALID_RESPONSE', status: 200 });
  });
});

describe('schema', () => {
  const schema = z.object({ count: z.number() }).transform((value) => value.count * 2);

  it('returns the parsed value', async () => {
    const { client } = setup(() => json({ count: 21 }));
    await expect(client.get('/auth/me', { schema })).resolves.toBe(42);
  });

  it('turns a mismatch into INVALID_RESPONSE with the bad fields, and does not retry it', async () => {
    const { client, calls } = setup(() => json({ count: 'many' }));
    const error = await client.get('/auth/me', { schema }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', status: 200 });
    expect((error as ApiError).details[0]?.field).toBe('count');
    expect(calls).toHaveLength(1);
  });
});

describe('errors and retries', () => {
  it('throws the envelope of a 4xx at once, without retrying', async () => {
    const { client, calls, sleep } = setup(() => envelope(409, 'CONFLICT', 'Style code already exists'));
    await expect(client.post(`${business}/products`, { body: {} })).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'Style code already exists',
    });
    expect(calls).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('retries a 5xx 3 times, waiting 1 s, 2 s and 4 s, then throws', async () => {
    const { client, calls, sleep } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 502, code: 'SERVER_ERROR' });
    expect(calls).toHaveLength(4);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1_000, 2_000, 4_000]);
  });

  it('answers with the first success after failures', async () => {
    const { client, calls } = setup((_call, index) => (index < 2 ? envelope(503, 'UNAVAILABLE', 'busy') : json({ ok: true })));
    await expect(client.put('/auth/me', { body: { first_name: 'Ann' } })).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(3);
  });

  it('retries network failures and then reports NETWORK_ERROR', async () => {
    const { client, calls } = setup(() => Promise.reject(new TypeError('fetch failed')));
    await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(calls).toHaveLength(4);
  });

  it('caps the backoff at 10 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(retryDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
  });

  it('retries only network failures, timeouts and 5xx', () => {
    expect(isRetryableError(networkError())).toBe(true);
    expect(isRetryableError(timeoutError(15_000))).toBe(true);
    expect(isRetryableError(apiErrorFromResponse(500, '', ''))).toBe(true);
    expect(isRetryableError(apiErrorFromResponse(429, '', ''))).toBe(false);
    expect(isRetryableError(apiErrorFromResponse(404, '', ''))).toBe(false);
    expect(isRetryableError(new Error('x'))).toBe(false);
  });

  it('times out after 15 s, retrying each attempt, then throws TIMEOUT', async () => {
    vi.useFakeTimers();
    const { client, calls } = setup(hangingFetch);
    let settled = false;
    const result = client.get('/auth/me').finally(() => {
      settled = true;
    });
    result.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[0]?.init.signal?.aborted).toBe(true);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3 * 15_000);
    expect(settled).toBe(true);
    await expect(result).rejects.toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(calls).toHaveLength(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    const { client, calls } = setup(hangingFetch);
    const controller = new AbortController();
    const result = client.post(`${business}/sales`, { body: {}, signal: controller.signal });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    controller.abort();
    await expect(result).rejects.toMatchObject({ code: 'ABORTED', status: 0 });
    expect(calls).toHaveLength(1);
  });

  it('refuses an answer whose Content-Length is over 50 MB without reading it', async () => {
    const { client, calls } = setup(() => new Response('{}', { headers: { 'content-length': String(50 * 1024 * 1024 + 1) } }));
    await expect(client.get(`${business}/products`)).rejects.toMatchObject({ code: 'RESPONSE_TOO_LARGE', status: 200 });
    expect(calls).toHaveLength(1);
  });

  it('stops reading a body that grows past 50 MB', async () => {
    const chunk = new Uint8Array(10 * 1024 * 1024).fill(32);
    let sent = 0;
    const stream = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += 1;
          if (sent > 8) controller.close();
          else controller.enqueue(chunk);
        },
      });
    const { client } = setup(() => new Response(stream(), { headers: { 'content-type': 'application/json' } }));
    await expect(client.get(`${business}/products`)).rejects.toMatchObject({ code: 'RESPONSE_TOO_LARGE' });
    expect(sent).toBeLessThan(8);
  });
});

describe('idempotency keys', () => {
  const keyOf = (call: Call | undefined) => (call?.init.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
  const keys = () => {
    let n = 0;
    return { newIdempotencyKey: () => `key-${++n}` };
  };
  const sale = { body: { channel: 'manual', lines: [{ variant_id: 'v1', quantity: 1 }] } };

  it('sends one key per write, the same on each of its retries, and none on a read', async () => {
    const { client, calls } = setup((_call, index) => (index < 2 ? envelope(503, 'UNAVAILABLE', 'busy') : json({ ok: true })), keys());
    await client.post(`${business}/sales`, sale);
    await client.get(`${business}/sales`);
    expect(calls.map(keyOf)).toEqual(['key-1', 'key-1', 'key-1', undefined]);
  });

  it('gives a new key to the next write once the first got an answer, even the same body', async () => {
    const { client, calls } = setup(
      (_call, index) => (index === 0 ? envelope(409, 'INSUFFICIENT_STOCK', 'no') : json({ ok: true })),
      keys(),
    );
    await expect(client.post(`${business}/sales`, sale)).rejects.toMatchObject({ status: 409 });
    await client.post(`${business}/sales`, sale);
    await client.post(`${business}/sales`, sale);
    expect(calls.map(keyOf)).toEqual(['key-1', 'key-2', 'key-3']);
  });

  it("reuses an unanswered write's key when the same write is sent again (the query layer's retry), for a minute", async () => {
    let down = true;
    const { client, calls, advance } = setup(() => (down ? Promise.reject(new TypeError('fetch failed')) : json({ ok: true })), keys());
    await expect(client.post(`${business}/sales`, sale)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    down = false;
    await client.post(`${business}/sales`, sale);
    // A different write is a different action.
    await client.post(`${business}/sales`, { body: { ...sale.body, note: 'another' } });
    expect(calls.map(keyOf)).toEqual(['key-1', 'key-1', 'key-1', 'key-1', 'key-1', 'key-2']);

    down = true;
    await expect(client.post(`${business}/sales`, sale)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    advance(60_001);
    down = false;
    await client.post(`${business}/sales`, sale);
    expect(calls.slice(6).map(keyOf)).toEqual(['key-3', 'key-3', 'key-3', 'key-3', 'key-4']);
  });

  it("uses the caller's key when it keeps one per action itself", async () => {
    const { client, calls } = setup(() => json({ ok: true }), keys());
    await client.post(`${business}/sales`, { ...sale, idempotencyKey: 'checkout-7f3a' });
    expect(keyOf(calls[0])).toBe('checkout-7f3a');
  });
});

describe('auth errors', () => {
  it('emits onAuthError for 401 and 403 then throws, and unsubscribes', async () => {
    const { client } = setup((call) =>
      call.url.endsWith('/admin') ? envelope(403, 'FORBIDDEN', 'No') : envelope(401, 'UNAUTHORIZED', 'Expired'),
    );
    const listener = vi.fn();
    const unsubscribe = client.onAuthError(listener);
    await expect(client.get(`${business}/inventory?secret=1`)).rejects.toMatchObject({ status: 401 });
    await expect(client.post('/admin')).rejects.toMatchObject({ status: 403 });
    expect(listener.mock.calls).toEqual([[{ status: 401, path: `${business}/inventory` }], [{ status: 403, path: '/admin' }]]);
    unsubscribe();
    await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('does not end a session that does not exist (a 401 at login)', async () => {
    const { client, setToken } = setup(() => envelope(401, 'INVALID_CREDENTIALS', 'Incorrect email or password'));
    setToken(null);
    const listener = vi.fn();
    client.onAuthError(listener);
    await expect(client.post('/auth/login/json', { body: {} })).rejects.toMatchObject({ status: 401 });
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps going when a listener throws', async () => {
    const { client, logger } = setup(() => envelope(401, 'UNAUTHORIZED', 'Expired'));
    const second = vi.fn();
    client.onAuthError(() => {
      throw new Error('listener bug');
    });
    client.onAuthError(second);
    await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(second).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalled();
  });
});

describe('slow responses', () => {
  it('reports answers slower than 2 s, without query or token', async () => {
    const durations = [2_000, 2_001];
    const harness = setup((_call, index): Response => {
      harness.advance(durations[index] ?? 0);
      return json({ ok: true });
    });
    const { client, logger } = harness;
    const listener = vi.fn();
    client.onSlowResponse(listener);
    await client.get('/auth/me');
    expect(listener).not.toHaveBeenCalled();
    await client.get('/auth/me?token=abc');
    expect(listener).toHaveBeenCalledWith({ path: '/auth/me', method: 'GET', ms: 2_001 });
    expect(logger.warn).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(logger.warn.mock.calls);
    expect(logged).toContain('/auth/me');
    expect(logged).not.toContain('abc');
    expect(logged).not.toContain('secret-token');
  });
});

describe('GET cache', () => {
  const summary = `${business}/inventory/summary`;

  it('serves identical GETs from the cache until their lifetime ends', async () => {
    const { client, calls, advance } = setup((_call, index) => json({ version: index }));
    await expect(client.get(summary)).resolves.toEqual({ version: 0 });
    advance(59_999);
    await expect(client.get(summary)).resolves.toEqual({ version: 0 });
    advance(1);
    await expect(client.get(summary)).resolves.toEqual({ version: 1 });
    expect(calls).toHaveLength(2);
  });

  it('keys the cache by query and token', async () => {
    const { client, calls, setToken } = setup((_call, index) => json({ version: index }));
    await client.get(`${business}/products`, { query: { limit: 50 } });
    await client.get(`${business}/products`, { query: { limit: 20 } });
    setToken('another-user');
    await expect(client.get(`${business}/products`, { query: { limit: 50 } })).resolves.toEqual({ version: 2 });
    expect(calls).toHaveLength(3);
  });

  it('never caches auth GETs', async () => {
    const { client, calls } = setup(() => json({ id: 'u' }));
    await client.get('/auth/me');
    await client.get('/auth/me');
    expect(calls).toHaveLength(2);
  });

  it('sends one request for concurrent identical GETs', async () => {
    const { client, calls } = setup(() => json({ items: [] }));
    const answers = await Promise.all([client.get(summary), client.get(summary), client.get(summary)]);
    expect(answers).toEqual([{ items: [] }, { items: [] }, { items: [] }]);
    expect(calls).toHaveLength(1);
  });

  it('lets one caller abort a shared GET without cancelling it for the others', async () => {
    let answer: ((response: Response) => void) | undefined;
    const { client, calls } = setup(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const controller = new AbortController();
    const aborted = client.get(summary, { signal: controller.signal });
    const other = client.get(summary);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ code: 'ABORTED' });
    answer?.(json({ ok: true }));
    await expect(other).resolves.toEqual({ ok: true });
    expect(calls[0]?.init.signal?.aborted).toBe(false);
  });

  it('refreshes in the background on about 10% of hits', async () => {
    let roll = 0.99;
    const { client, calls } = setup((_call, index) => json({ version: index }), { random: () => roll });
    await client.get(summary);
    await expect(client.get(summary)).resolves.toEqual({ version: 0 });
    expect(calls).toHaveLength(1);
    roll = 0.05;
    await expect(client.get(summary)).resolves.toEqual({ version: 0 });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    roll = 0.99;
    await vi.waitFor(async () => expect(await client.get(summary)).toEqual({ version: 1 }));
  });

  it('with fresh: true fetches again and refreshes the cache', async () => {
    const { client, calls } = setup((_call, index) => json({ version: index }));
    await client.get(summary);
    await expect(client.get(summary, { fresh: true })).resolves.toEqual({ version: 1 });
    await expect(client.get(summary)).resolves.toEqual({ version: 1 });
    expect(calls).toHaveLength(2);
  });

  it('with fresh: true does not join a GET already in flight, whose older answer is then not kept', async () => {
    const answers: Array<(response: Response) => void> = [];
    const { client, calls } = setup(
      () =>
        new Promise<Response>((resolve) => {
          answers.push(resolve);
        }),
    );
    const older = client.get(summary);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const fresh = client.get(summary, { fresh: true });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    answers[1]?.(json({ version: 'fresh' }));
    await expect(fresh).resolves.toEqual({ version: 'fresh' });
    answers[0]?.(json({ version: 'older' }));
    await expect(older).resolves.toEqual({ version: 'older' });
    await expect(client.get(summary)).resolves.toEqual({ version: 'fresh' });
    expect(calls).toHaveLength(2);
  });

  it('drops cached GETs of the same business area after a mutation, even a failed one', async () => {
    const { client, calls } = setup((call, index) =>
      call.init.method === 'POST' ? envelope(400, 'VALIDATION_ERROR', 'Bad') : json({ version: index }),
    );
    await client.get(`${business}/products`, { query: { limit: 50 } });
    await client.get(`${business}/sales`);
    await expect(client.post(`${business}/products/123/variants`, { body: {} })).rejects.toMatchObject({ status: 400 });
    await client.get(`${business}/products`, { query: { limit: 50 } });
    await client.get(`${business}/sales`);
    const gets = calls.filter((call) => call.init.method === 'GET').map((call) => new URL(call.url).pathname);
    expect(gets).toEqual([`/api/v1${business}/products`, `/api/v1${business}/sales`, `/api/v1${business}/products`]);
  });

  it('invalidate() and dispose() empty the cache', async () => {
    const { client, calls } = setup(() => json({}));
    await client.get(summary);
    client.invalidate(business);
    await client.get(summary);
    client.invalidate();
    await client.get(summary);
    expect(calls).toHaveLength(3);
    client.dispose();
    await client.get(summary);
    await client.get(summary);
    expect(calls).toHaveLength(5);
  });

  it('does not cache failures', async () => {
    const { client, calls } = setup((_call, index) => (index === 0 ? envelope(404, 'NOT_FOUND', 'No') : json({ ok: true })));
    await expect(client.get(summary)).rejects.toMatchObject({ status: 404 });
    await expect(client.get(summary)).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });
});

describe('domain events of a write', () => {
  const events = (header: string, status = 201) => json({ id: 1 }, status, { 'x-domain-events': header });

  function withListener(handler: Handler) {
    const heard: string[][] = [];
    const context = setup(handler, { onDomainEvents: (types) => heard.push(types) });
    return { ...context, heard };
  }

  it('hands on the types a successful write published, once each, before the caller has the answer', async () => {
    const { client, heard } = withListener(() => events('stock.moved,sale.recorded,stock.moved'));
    const answer = client.post(`${business}/sales`, { body: {} }).then((value) => {
      expect(heard).toHaveLength(1);
      return value;
    });
    await expect(answer).resolves.toEqual({ id: 1 });
    expect(heard).toEqual([['stock.moved', 'sale.recorded']]);
  });

  it('leaves out types it does not know, and says nothing when none is left or there is no header', async () => {
    const { client, heard } = withListener((_call, index) =>
      index === 0 ? events('stock.moved, purchase.received') : index === 1 ? events('purchase.received') : json({ id: 1 }),
    );
    await client.post(`${business}/inventory/adjustments`, { body: {} });
    await client.put(`${business}/pick-rules/1`, { body: {} });
    await client.delete(`${business}/customers/1`);
    expect(heard).toEqual([['stock.moved']]);
  });

  it('says nothing for a GET, a refused write or a write that failed on the way', async () => {
    const { client, heard } = withListener((call, index) => {
      if (call.init.method === 'GET') return events('stock.moved', 200);
      if (index === 1) return json({ error: { code: 'CONFLICT', message: 'No' } }, 409, { 'x-domain-events': 'stock.moved' });
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    await client.get(`${business}/locations`);
    await expect(client.post(`${business}/sales`, { body: {} })).rejects.toMatchObject({ status: 409 });
    await expect(client.post(`${business}/sales`, { body: {} })).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(heard).toEqual([]);
  });

  it('hands on the types of the attempt that succeeded after retries, and of a write whose answer fails its schema', async () => {
    const { client, heard } = withListener((_call, index) =>
      index === 0 ? envelope(503, 'UNAVAILABLE', 'Busy') : events('price.changed'),
    );
    await client.patch(`${business}/products/1`, { body: {} });
    await expect(client.patch(`${business}/products/1`, { body: {}, schema: z.object({ title: z.string() }) })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
    expect(heard).toEqual([['price.changed'], ['price.changed']]);
  });

  it('drops its cached GETs of the area before the listener runs, so what the listener refetches is read afresh', async () => {
    const summaryPath = `${business}/inventory/summary`;
    let refetched: Promise<unknown> | undefined;
    const context = setup((call) => (call.init.method === 'GET' ? json({ reads: context.calls.length }) : events('stock.moved')), {
      onDomainEvents: () => {
        refetched = context.client.get(summaryPath);
      },
    });
    await expect(context.client.get(summaryPath)).resolves.toEqual({ reads: 1 });
    await context.client.post(`${business}/inventory/adjustments`, { body: {} });
    await expect(refetched).resolves.toEqual({ reads: 3 });
  });

  it('a listener that throws is reported and does not fail the write', async () => {
    const { client, logger } = setup(() => events('stock.moved'), {
      onDomainEvents: () => {
        throw new Error('refresh failed');
      },
    });
    await expect(client.post(`${business}/inventory/adjustments`, { body: {} })).resolves.toEqual({ id: 1 });
    expect(logger.warn).toHaveBeenCalledWith('[api] an event listener failed', expect.any(Error));
  });

  it('reads the header as the API writes it', () => {
    expect(domainEventsOf(null)).toEqual([]);
    expect(domainEventsOf('')).toEqual([]);
    expect(domainEventsOf('fulfillment.shipped')).toEqual(['fulfillment.shipped']);
    expect(domainEventsOf(' listing.changed ,channel.changed')).toEqual(['listing.changed', 'channel.changed']);
    expect(domainEventsOf('toString,__proto__')).toEqual([]);
  });
});
