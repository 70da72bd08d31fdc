import { FakeEventSource, fakeTicketFetch } from '@tradepost/shared/client/fake-event-source.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatchRelay } from './batch-relay.ts';
import { type BatchStreamPortMessage, batchStreamPortName, batchWatchPortName } from './messages.ts';
import type { StoredSession } from './storage.ts';

/** A runtime port as the side panel's connection looks to the worker. */
function fakePort(name = batchStreamPortName) {
  const received: BatchStreamPortMessage[] = [];
  const disconnectListeners: Array<() => void> = [];
  const messageListeners: Array<(message: unknown) => void> = [];
  const port = {
    name,
    postMessage: (message: BatchStreamPortMessage) => received.push(message),
    onMessage: { addListener: (listener: (message: unknown) => void) => messageListeners.push(listener) },
    onDisconnect: { addListener: (listener: () => void) => disconnectListeners.push(listener) },
  };
  return {
    port: port as unknown as Parameters<ReturnType<typeof createBatchRelay>['connect']>[0],
    received,
    send: (message: unknown) => {
      for (const listener of messageListeners) listener(message);
    },
    disconnect: () => {
      for (const listener of disconnectListeners) listener();
    },
  };
}

const session = { server: 'http://tp.test', token: 'secret-token', expires_at: '2099-01-01T00:00:00.000Z' } as StoredSession;
const flush = () => new Promise((resolve) => setImmediate(resolve));

let tickets: ReturnType<typeof fakeTicketFetch>;

describe('batch relay', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    tickets = fakeTicketFetch();
  });

  it('opens the stream with the worker-held token when a panel connects, and relays state and events', async () => {
    const relay = createBatchRelay({ getSession: async () => session, EventSource: FakeEventSource, fetch: tickets.fetch });
    const panel = fakePort();
    relay.connect(panel.port);
    await flush();
    const source = FakeEventSource.instances[0];
    // The token asks for a single-use ticket; only the ticket goes in the stream's URL.
    expect(tickets.requests.map((request) => [request.url, new Headers(request.init?.headers).get('authorization')])).toEqual([
      ['http://tp.test/api/v1/sse/tickets', 'Bearer secret-token'],
    ]);
    expect(source?.url).toBe('http://tp.test/api/v1/sse/batch-operations/stream?token=ticket-1');
    source?.fire('connected', {});
    source?.fire('batch_operation_update', {
      batch_id: 'b1',
      marketplace: 'ebay',
      operation_type: 'list',
      success_rate: 1,
      processed: 4,
      total: 10,
    });
    expect(panel.received).toEqual([
      { type: 'state', state: 'connecting' },
      { type: 'state', state: 'connected' },
      {
        type: 'event',
        event: {
          type: 'batch_operation_update',
          batch_id: 'b1',
          marketplace: 'ebay',
          operation_type: 'list',
          success_rate: 1,
          processed: 4,
          total: 10,
        },
      },
    ]);
    // The token travels only in the ticket request inside the worker, never to the panel.
    expect(JSON.stringify(panel.received)).not.toContain('secret-token');
  });

  it("relays to a marketplace page's watch port only the batch it names", async () => {
    const relay = createBatchRelay({ getSession: async () => session, EventSource: FakeEventSource, fetch: tickets.fetch });
    const page = fakePort(batchWatchPortName);
    relay.connect(page.port);
    await flush();
    const source = FakeEventSource.instances[0];
    source?.fire('connected', {});
    const event = (batchId: string) => ({
      batch_id: batchId,
      marketplace: 'ebay',
      operation_type: 'price',
      success_rate: 1,
      processed: 1,
      total: 1,
    });
    // Before it names a batch it hears nothing of any; then only its own.
    source?.fire('batch_operation_update', event('mine'));
    page.send({ type: 'watch', batch_id: 'mine' });
    source?.fire('batch_operation_update', event('another'));
    source?.fire('batch_operation_complete', event('mine'));
    expect(page.received.filter((message) => message.type === 'event')).toEqual([
      { type: 'event', event: { type: 'batch_operation_complete', ...event('mine') } },
    ]);
  });

  it('closes the stream when the last panel goes, and ignores other ports', async () => {
    const relay = createBatchRelay({ getSession: async () => session, EventSource: FakeEventSource, fetch: tickets.fetch });
    relay.connect(fakePort('something-else').port);
    await flush();
    expect(FakeEventSource.instances).toHaveLength(0);
    const first = fakePort();
    const second = fakePort();
    relay.connect(first.port);
    relay.connect(second.port);
    await flush();
    expect(FakeEventSource.instances).toHaveLength(1);
    first.disconnect();
    expect(FakeEventSource.instances[0]?.closed).toBe(false);
    second.disconnect();
    expect(FakeEventSource.instances[0]?.closed).toBe(true);
    expect(relay.openStreams).toBe(0);
  });

  it('reconnects a dropped stream with a new ticket, asked for with the latest token', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let current: StoredSession = session;
      const relay = createBatchRelay({ getSession: async () => current, EventSource: FakeEventSource, fetch: tickets.fetch });
      relay.connect(fakePort().port);
      await flush();
      FakeEventSource.instances[0]?.fire('connected', {});
      current = { ...session, token: 'refreshed-token' };
      FakeEventSource.instances[0]?.fire('error');
      expect(FakeEventSource.instances[0]?.closed).toBe(true);
      await vi.advanceTimersByTimeAsync(1_000);
      await flush();
      expect(FakeEventSource.instances.map((source) => source.url)).toEqual([
        'http://tp.test/api/v1/sse/batch-operations/stream?token=ticket-1',
        'http://tp.test/api/v1/sse/batch-operations/stream?token=ticket-2',
      ]);
      expect(tickets.requests.map((request) => new Headers(request.init?.headers).get('authorization'))).toEqual([
        'Bearer secret-token',
        'Bearer refreshed-token',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stays disconnected while signed out, and starts over when the session changes', async () => {
    let current: StoredSession | null = null;
    const relay = createBatchRelay({ getSession: async () => current, EventSource: FakeEventSource, fetch: tickets.fetch });
    const panel = fakePort();
    relay.connect(panel.port);
    await flush();
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(panel.received.at(-1)).toEqual({ type: 'state', state: 'disconnected' });
    current = session;
    relay.sessionChanged();
    await flush();
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
