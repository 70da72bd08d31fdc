import { type BatchEventStream, createBatchEventStream, type EventSourceConstructor } from '@tradepost/shared/client/event-stream.ts';
import type { Browser } from 'wxt/browser';
import { type BatchStreamPortMessage, type BatchWatchRequest, batchStreamPortName, batchWatchPortName } from './messages.ts';
import type { StoredSession } from './storage.ts';

type Port = Pick<Browser.runtime.Port, 'name' | 'postMessage' | 'onMessage' | 'onDisconnect'>;

export type BatchRelayOptions = {
  /** The signed-in session, or null; the stream opens only with one. */
  getSession: () => Promise<StoredSession | null>;
  EventSource: EventSourceConstructor;
  /** Asks for the stream's tickets; defaults to the global fetch. */
  fetch?: typeof fetch;
  logger?: Pick<Console, 'warn'>;
};

/**
 * Runs the batch-operations stream (the shared client) in the background worker, where the token
 * lives (it asks for each connection's ticket), and relays its state and events to the panels connected by port. The stream is open
 * only while a panel is: the worker may sleep the rest of the time. Side panels hear every batch;
 * a marketplace page's panel (batch-watch port) hears only the batch it names.
 */
export function createBatchRelay({ getSession, EventSource, fetch, logger }: BatchRelayOptions) {
  const ports = new Set<Port>();
  /** Watch ports and the batch each asked for (null until it says). */
  const watching = new Map<Port, string | null>();
  let stream: BatchEventStream | null = null;
  let unsubscribe: Array<() => void> = [];
  // A stream is open or being opened; `generation` lets a newer start or a stop cancel an older start.
  let active = false;
  let generation = 0;

  const broadcast = (message: BatchStreamPortMessage) => {
    for (const port of ports) {
      if (message.type === 'event' && watching.has(port) && watching.get(port) !== message.event.batch_id) continue;
      try {
        port.postMessage(message);
      } catch {
        ports.delete(port);
      }
    }
  };

  function stop(): void {
    generation += 1;
    active = false;
    for (const off of unsubscribe) off();
    unsubscribe = [];
    stream?.close();
    stream = null;
  }

  async function start(): Promise<void> {
    stop();
    active = true;
    const mine = generation;
    const session = await getSession();
    if (mine !== generation) return;
    if (session === null || ports.size === 0) {
      active = false;
      broadcast({ type: 'state', state: 'disconnected' });
      return;
    }
    const current = createBatchEventStream({
      baseUrl: session.server,
      // Read at every (re)connect, so a refreshed or revoked token is noticed. It only asks for the
      // stream's single-use ticket; the ticket, not the token, goes in the stream's URL.
      getToken: async () => {
        const latest = await getSession();
        return latest !== null && latest.server === session.server ? latest.token : null;
      },
      ...(fetch ? { fetch } : {}),
      EventSource,
      logger,
    });
    stream = current;
    unsubscribe = [
      current.onStateChange((state) => broadcast({ type: 'state', state })),
      current.onEvent((event) => broadcast({ type: 'event', event })),
    ];
    await current.connect();
  }

  return {
    /** A side panel connected: relay to it, opening the stream if it is the first. */
    connect(port: Port): void {
      if (port.name !== batchStreamPortName && port.name !== batchWatchPortName) return;
      ports.add(port);
      if (port.name === batchWatchPortName) watching.set(port, null);
      // A later panel learns where the open stream stands; the first hears the stream's own states.
      if (stream !== null) port.postMessage({ type: 'state', state: stream.state } satisfies BatchStreamPortMessage);
      // Pings carry nothing: receiving them is what keeps the worker awake. A watch names its batch.
      port.onMessage.addListener((raw: unknown) => {
        const request = raw as Partial<BatchWatchRequest> | null;
        if (watching.has(port) && request?.type === 'watch' && typeof request.batch_id === 'string') watching.set(port, request.batch_id);
      });
      port.onDisconnect.addListener(() => {
        ports.delete(port);
        watching.delete(port);
        if (ports.size === 0) stop();
      });
      if (!active) void start();
    },
    /** Signed in, out or to another server: the stream starts over with the new session. */
    sessionChanged(): void {
      if (ports.size > 0) void start();
    },
    get openStreams(): number {
      return stream === null ? 0 : 1;
    },
  };
}
