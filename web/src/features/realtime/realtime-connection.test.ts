import { FakeEventSource, fakeTicketFetch } from '@tradepost/shared/client/fake-event-source.ts';
import { atom, createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchStreamStateAtom } from './batch-stream-state-atom.ts';
import { batchUpdatesAtom } from './batch-updates-atom.ts';
import { connectRealtime, DOMAIN_EVENT_GATHER_MS } from './realtime-connection.ts';

const latest = () => {
  const source = FakeEventSource.instances.at(-1);
  if (source === undefined) throw new Error('no stream was opened');
  return source;
};

const event = (type: string, batchId: string) => ({
  batch_id: batchId,
  marketplace: 'ebay',
  operation_type: 'list',
  success_rate: 0.5,
  type,
});

function setup(token: string | null) {
  const store = createStore();
  const tokenAtom = atom<string | null>(token);
  const tickets = fakeTicketFetch();
  const stop = connectRealtime({
    store,
    tokenAtom,
    stream: { baseUrl: '', fetch: tickets.fetch, EventSource: FakeEventSource, logger: { warn: vi.fn() } },
  });
  return { store, tokenAtom, stop, tickets };
}

const bearerOf = (request: { init: RequestInit | undefined } | undefined) => new Headers(request?.init?.headers).get('authorization');

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.instances = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('connectRealtime', () => {
  it('stays closed while signed out', async () => {
    const { store } = setup(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(store.get(batchStreamStateAtom)).toBe('disconnected');
  });

  it('connects with a ticket asked for with the session token, and feeds the state and the recent updates', async () => {
    const { store, tickets } = setup('tok');
    await vi.advanceTimersByTimeAsync(0);
    expect(tickets.requests.map((request) => [request.url, request.init?.method, bearerOf(request)])).toEqual([
      ['/api/v1/sse/tickets', 'POST', 'Bearer tok'],
    ]);
    expect(latest().url).toBe('/api/v1/sse/batch-operations/stream?token=ticket-1');
    expect(store.get(batchStreamStateAtom)).toBe('connecting');
    latest().fire('connected', {});
    expect(store.get(batchStreamStateAtom)).toBe('connected');

    latest().fire('batch_operation_update', event('batch_operation_update', 'b1'));
    latest().fire('batch_operation_update', event('batch_operation_update', 'b2'));
    latest().fire('batch_operation_complete', event('batch_operation_complete', 'b1'));
    const updates = store.get(batchUpdatesAtom);
    expect(updates.recent.map((update) => [update.batch_id, update.type])).toEqual([
      ['b1', 'batch_operation_complete'],
      ['b2', 'batch_operation_update'],
    ]);
    expect(updates.finishedBatchIds).toEqual(['b1']);
  });

  it('after the stream drops, reconnects with a new ticket (the used one would be refused)', async () => {
    const { store, tickets } = setup('tok');
    await vi.advanceTimersByTimeAsync(0);
    const first = latest();
    first.fire('connected', {});
    first.fire('error');
    expect(first.closed).toBe(true);
    expect(store.get(batchStreamStateAtom)).toBe('error');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(latest()).not.toBe(first);
    expect(latest().url).toBe('/api/v1/sse/batch-operations/stream?token=ticket-2');
    expect(tickets.requests.map(bearerOf)).toEqual(['Bearer tok', 'Bearer tok']);
    latest().fire('connected', {});
    expect(store.get(batchStreamStateAtom)).toBe('connected');
  });

  it('closes on sign-out, forgets the updates, and reconnects for the next session', async () => {
    const { store, tokenAtom, tickets } = setup('first');
    await vi.advanceTimersByTimeAsync(0);
    const first = latest();
    first.fire('connected', {});
    first.fire('batch_operation_update', event('batch_operation_update', 'b1'));

    store.set(tokenAtom, null);
    expect(first.closed).toBe(true);
    expect(store.get(batchStreamStateAtom)).toBe('disconnected');
    expect(store.get(batchUpdatesAtom).recent).toEqual([]);

    store.set(tokenAtom, 'second');
    await vi.advanceTimersByTimeAsync(0);
    expect(latest()).not.toBe(first);
    expect(bearerOf(tickets.requests.at(-1))).toBe('Bearer second');
    expect(latest().url).toBe('/api/v1/sse/batch-operations/stream?token=ticket-2');
  });

  it('stops everything when disposed', async () => {
    const { store, stop } = setup('tok');
    await vi.advanceTimersByTimeAsync(0);
    latest().fire('connected', {});
    stop();
    expect(latest().closed).toBe(true);
    expect(store.get(batchStreamStateAtom)).toBe('disconnected');
  });

  it('hands on the domain events of a burst together, once, and drops malformed ones', async () => {
    const store = createStore();
    const batches: string[][] = [];
    const stop = connectRealtime({
      store,
      tokenAtom: atom<string | null>('tok'),
      stream: { baseUrl: '', fetch: fakeTicketFetch().fetch, EventSource: FakeEventSource, logger: { warn: vi.fn() } },
      onDomainEvents: (events) => batches.push(events.map((e) => e.type)),
    });
    await vi.advanceTimersByTimeAsync(0);
    latest().fire('connected', {});
    const fact = (type: string) => ({
      id: '0190a0a0-0000-7000-8000-000000000001',
      type,
      occurred_at: '2026-11-27T10:00:00Z',
      payload: { sale_id: '0190a0a0-0000-7000-8000-000000000002' },
    });
    latest().fire('domain_event', fact('sale.recorded'));
    latest().fire('domain_event', fact('no.such.event'));
    latest().fire('domain_event', fact('sale.cancelled'));
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(DOMAIN_EVENT_GATHER_MS);
    expect(batches).toEqual([['sale.recorded', 'sale.cancelled']]);
    stop();
  });
});
