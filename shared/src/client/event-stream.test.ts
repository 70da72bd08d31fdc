import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchOperationEvent } from '../schemas/events.ts';
import {
  createBatchEventStream,
  type EventSourceConstructor,
  type EventStreamState,
  parseBatchEvent,
  reconnectDelayMs,
} from './event-stream.ts';
import { FakeEventSource, fakeTicketFetch } from './fake-event-source.ts';

// The real constructor must fit the injectable type, so hosts can pass nothing.
const nativeFits: EventSourceConstructor | undefined = typeof EventSource === 'undefined' ? undefined : EventSource;
void nativeFits;

const update = {
  type: 'batch_operation_update',
  batch_id: 'b1',
  marketplace: 'ebay',
  operation_type: 'list',
  success_rate: 0.5,
} satisfies BatchOperationEvent;

function latest(): FakeEventSource {
  const source = FakeEventSource.instances.at(-1);
  if (source === undefined) throw new Error('no EventSource was created');
  return source;
}

function setup(token: string | null = 'tok en') {
  const logger = { warn: vi.fn() };
  const tickets = fakeTicketFetch();
  const stream = createBatchEventStream({
    baseUrl: 'https://api.test/',
    getToken: async () => token,
    fetch: tickets.fetch,
    EventSource: FakeEventSource,
    logger,
  });
  const states: EventStreamState[] = [];
  stream.onStateChange((state) => states.push(state));
  const events: BatchOperationEvent[] = [];
  stream.onEvent((event) => events.push(event));
  return { stream, states, events, logger, tickets };
}

const streamUrl = (ticket: string) => `https://api.test/api/v1/sse/batch-operations/stream?token=${ticket}`;

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.instances = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createBatchEventStream', () => {
  it('asks for a ticket with the session token, connects with the ticket in the query, and becomes connected on the connected event', async () => {
    const { stream, states, tickets } = setup();
    await stream.connect();
    expect(tickets.requests).toHaveLength(1);
    const asked = tickets.requests[0];
    expect(asked?.url).toBe('https://api.test/api/v1/sse/tickets');
    expect(asked?.init?.method).toBe('POST');
    expect(new Headers(asked?.init?.headers).get('authorization')).toBe('Bearer tok en');
    // Each connect needs its own ticket: no key whose answer the server would keep and replay.
    expect(new Headers(asked?.init?.headers).has('idempotency-key')).toBe(false);
    // The session token never goes in a URL.
    expect(latest().url).toBe(streamUrl('ticket-1'));
    expect(stream.state).toBe('connecting');
    latest().fire('connected', { ok: true });
    expect(stream.state).toBe('connected');
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('does not open a second source while one is open', async () => {
    const { stream } = setup();
    await stream.connect();
    await stream.connect();
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('stays disconnected without a token', async () => {
    const { stream, tickets } = setup(null);
    await stream.connect();
    expect(tickets.requests).toHaveLength(0);
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(stream.state).toBe('disconnected');
  });

  it('asks for a new ticket at every reconnect: the used one would be refused', async () => {
    const { stream, tickets } = setup();
    await stream.connect();
    latest().fire('connected');
    latest().fire('error');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(latest().url).toBe(streamUrl('ticket-2'));
    latest().fire('error');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeEventSource.instances.map((source) => source.url)).toEqual([
      streamUrl('ticket-1'),
      streamUrl('ticket-2'),
      streamUrl('ticket-3'),
    ]);
    expect(tickets.requests).toHaveLength(3);
    // Closed, so the browser's own retry with the used ticket never happens.
    expect(FakeEventSource.instances.slice(0, 2).every((source) => source.closed)).toBe(true);
  });

  it('a ticket request that fails is an error like a dropped stream: it backs off and asks again', async () => {
    const { stream, tickets } = setup();
    tickets.answer(() => {
      throw new TypeError('Failed to fetch');
    });
    tickets.answer(() => Response.json({ error: { code: 'INTERNAL', message: 'down' } }, { status: 503 }));
    await stream.connect();
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(stream.state).toBe('error');
    expect(stream.attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stream.attempts).toBe(2);
    expect(FakeEventSource.instances).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(tickets.requests).toHaveLength(3);
    expect(latest().url).toBe(streamUrl('ticket-1'));
    latest().fire('connected');
    expect(stream.state).toBe('connected');
    expect(stream.attempts).toBe(0);
  });

  it('stops without retrying when the session may not have a ticket (401)', async () => {
    const { stream, tickets } = setup();
    tickets.answer(() => Response.json({ error: { code: 'SESSION_EXPIRED', message: 'expired' } }, { status: 401 }));
    await stream.connect();
    expect(stream.state).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tickets.requests).toHaveLength(1);
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('close() while a ticket is being asked for aborts the request and opens nothing', async () => {
    const { stream, tickets } = setup();
    tickets.answer(
      () =>
        new Promise<Response>((_resolve, reject) => {
          tickets.requests[0]?.init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const connecting = stream.connect();
    await vi.advanceTimersByTimeAsync(0);
    stream.close();
    await connecting;
    expect(tickets.requests[0]?.init?.signal?.aborted).toBe(true);
    expect(stream.state).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('delivers the three batch events, validated', async () => {
    const { stream, events, logger } = setup();
    await stream.connect();
    const source = latest();
    source.fire('batch_operation_update', update);
    source.fire('batch_operation_complete', { ...update, type: 'batch_operation_complete', success_rate: 1 });
    source.fire('batch_operation_failed', { ...update, type: 'batch_operation_failed', success_rate: 0 });
    source.fire('batch_operation_update', { ...update, success_rate: 7 });
    source.fire('batch_operation_update', 'not json');
    expect(events.map((event) => [event.type, event.success_rate])).toEqual([
      ['batch_operation_update', 0.5],
      ['batch_operation_complete', 1],
      ['batch_operation_failed', 0],
    ]);
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('reconnects after errors with 1, 2, 4, 8, 16 s delays and gives up after 5 attempts', async () => {
    const { stream } = setup();
    await stream.connect();
    const delays = [1_000, 2_000, 4_000, 8_000, 16_000];
    for (const [index, delay] of delays.entries()) {
      const failing = latest();
      failing.fire('error');
      expect(failing.closed).toBe(true);
      expect(stream.state).toBe('error');
      expect(stream.attempts).toBe(index + 1);
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(FakeEventSource.instances).toHaveLength(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeEventSource.instances).toHaveLength(index + 2);
      expect(stream.state).toBe('connecting');
    }
    latest().fire('error');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(FakeEventSource.instances).toHaveLength(6);
    expect(stream.state).toBe('error');
  });

  it('starts counting again after a connected event', async () => {
    const { stream } = setup();
    await stream.connect();
    latest().fire('error');
    await vi.advanceTimersByTimeAsync(1_000);
    latest().fire('error');
    expect(stream.attempts).toBe(2);
    await vi.advanceTimersByTimeAsync(2_000);
    latest().fire('connected');
    expect(stream.attempts).toBe(0);
    latest().fire('error');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeEventSource.instances).toHaveLength(4);
  });

  it('can connect again after giving up', async () => {
    const { stream } = setup();
    await stream.connect();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      latest().fire('error');
      await vi.advanceTimersByTimeAsync(30_000);
    }
    latest().fire('error');
    expect(stream.state).toBe('error');
    await stream.connect();
    expect(FakeEventSource.instances).toHaveLength(7);
    expect(stream.attempts).toBe(0);
  });

  it('close() stops the stream, cancels a pending reconnect and ignores late events', async () => {
    const { stream, events } = setup();
    await stream.connect();
    const first = latest();
    first.fire('error');
    expect(vi.getTimerCount()).toBe(1);
    stream.close();
    expect(stream.state).toBe('disconnected');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    first.fire('batch_operation_update', update);
    expect(events).toEqual([]);

    await stream.connect();
    const second = latest();
    stream.close();
    expect(second.closed).toBe(true);
    second.fire('connected');
    expect(stream.state).toBe('disconnected');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops without retrying when the server says the session ended', async () => {
    const { stream } = setup();
    await stream.connect();
    latest().fire('connected');
    latest().fire('session-ended', { at: '2026-11-22T08:00:00.000Z' });
    latest().fire('error');
    expect(stream.state).toBe('disconnected');
    expect(latest().closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from 1 s and is capped at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(reconnectDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });
});

describe('parseBatchEvent', () => {
  it('takes the type from the event name when the data has none', () => {
    const { type: _type, ...withoutType } = update;
    expect(parseBatchEvent('batch_operation_complete', JSON.stringify(withoutType))?.type).toBe('batch_operation_complete');
  });

  it('rejects non-objects', () => {
    expect(parseBatchEvent('batch_operation_update', '[1]')).toBeNull();
    expect(parseBatchEvent('batch_operation_update', 'null')).toBeNull();
    expect(parseBatchEvent('batch_operation_update', undefined)).toBeNull();
  });
});
