import {
  type BatchOperationEvent,
  batchEventTypes,
  batchOperationEventSchema,
  DOMAIN_EVENT,
  type DomainEvent,
  domainEventSchema,
  SESSION_ENDED_EVENT,
} from '../schemas/events.ts';
import { BATCH_STREAM_PATH, STREAM_TICKET_PATH, streamTicketSchema } from '../schemas/realtime.ts';
import {
  API_BASE_PATH,
  REQUEST_TIMEOUT_MS,
  STREAM_MAX_RECONNECT_ATTEMPTS,
  STREAM_RECONNECT_INITIAL_DELAY_MS,
  STREAM_RECONNECT_MAX_DELAY_MS,
} from './constants.ts';
import { createListenerSet } from './listener-set.ts';

export type EventStreamState = 'disconnected' | 'connecting' | 'connected' | 'error';

/** The part of the browser's EventSource this client uses, so tests and hosts can pass their own. */
export type EventSourceLike = {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
};
export type EventSourceConstructor = new (url: string) => EventSourceLike;

export type BatchEventStreamOptions = {
  /** Origin of the API, as for the API client; '/api/v1' is appended. */
  baseUrl: string;
  /** The session token, read at every (re)connect: it asks for the stream's ticket and never goes in a URL. */
  getToken: () => string | null | Promise<string | null>;
  /** Asks for the tickets; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Defaults to the global EventSource. */
  EventSource?: EventSourceConstructor;
  logger?: Pick<Console, 'warn'>;
};

export type BatchEventStream = {
  /** Opens the stream (no-op while open or opening); after close() or giving up it starts afresh. */
  connect(): Promise<void>;
  /** Closes the stream and cancels any pending reconnect; the state becomes 'disconnected'. */
  close(): void;
  readonly state: EventStreamState;
  /** Reconnects made since the last `connected` event. */
  readonly attempts: number;
  onStateChange(listener: (state: EventStreamState) => void): () => void;
  onEvent(listener: (event: BatchOperationEvent) => void): () => void;
  /** Facts of the business as they commit (a sale, stock moving…), from any tab, device or process. */
  onDomainEvent(listener: (event: DomainEvent) => void): () => void;
};

/** Delay before reconnect number `attempt` (1-based): 1 s, 2 s, 4 s... capped at 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(STREAM_RECONNECT_INITIAL_DELAY_MS * 2 ** (attempt - 1), STREAM_RECONNECT_MAX_DELAY_MS);
}

/**
 * Reads one event's data. The event name stands in for a missing `type` field, so the server may
 * send either form; anything that still fails the schema is dropped.
 */
export function parseBatchEvent(eventName: string, data: unknown): BatchOperationEvent | null {
  if (typeof data !== 'string') return null;
  let payload: unknown;
  try {
    payload = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const result = batchOperationEventSchema.safeParse({ type: eventName, ...payload });
  return result.success ? result.data : null;
}

/** Reads a domain event's data; anything that fails the schema is dropped. */
export function parseDomainEvent(data: unknown): DomainEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const result = domainEventSchema.safeParse(JSON.parse(data));
    return result.success ? (result.data as DomainEvent) : null;
  } catch {
    return null;
  }
}

/** What asking for a ticket came to: one, no session to ask with (a 401 or 403), or a failure worth retrying. */
type TicketAnswer = { ticket: string } | 'signed-out' | 'failed';

/**
 * Client for the batch-operations stream (spec §4, §7, §9). The stream's `?token=` is a ticket that
 * opens one connection (api/src/modules/realtime/stream-tickets.ts), so every connect and reconnect
 * first asks for a new one with the session token. The browser's EventSource retries on its own
 * without limit, and with the same URL, whose ticket is used up; so this client closes the source on
 * every error and schedules the reconnect itself, keeping spec §9's "5 reconnects, capped delay". A
 * `connected` event from the server means the stream really works, so it resets the attempt count.
 */
export function createBatchEventStream(options: BatchEventStreamOptions): BatchEventStream {
  const logger = options.logger ?? console;
  const reportListenerError = (error: unknown) => logger.warn('[sse] an event listener failed', error);
  const stateListeners = createListenerSet<EventStreamState>(reportListenerError);
  const eventListeners = createListenerSet<BatchOperationEvent>(reportListenerError);
  const domainListeners = createListenerSet<DomainEvent>(reportListenerError);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  let state: EventStreamState = 'disconnected';
  let attempts = 0;
  let source: EventSourceLike | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  // Bumped by close() and by every new source, so late callbacks of an old one change nothing.
  let generation = 0;
  // The ticket request in flight, aborted by close().
  let ticketRequest: AbortController | null = null;

  function setState(next: EventStreamState): void {
    if (state === next) return;
    state = next;
    stateListeners.emit(next);
  }

  function closeSource(): void {
    source?.close();
    source = null;
  }

  function handleError(): void {
    closeSource();
    setState('error');
    if (attempts >= STREAM_MAX_RECONNECT_ATTEMPTS) {
      logger.warn(`[sse] gave up after ${attempts} reconnect attempts`);
      return;
    }
    attempts += 1;
    const current = generation;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      if (current === generation) void open();
    }, reconnectDelayMs(attempts));
  }

  /** A new ticket for the stream, asked for with the session token (no retries here: the reconnects are the retries). */
  async function requestTicket(token: string): Promise<TicketAnswer> {
    const controller = new AbortController();
    ticketRequest = controller;
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      // No Idempotency-Key: each connect needs a ticket of its own, and an answer kept for replay would keep the ticket.
      const response = await fetchImpl(`${baseUrl}${API_BASE_PATH}${STREAM_TICKET_PATH}`, {
        method: 'POST',
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (response.status === 401 || response.status === 403) return 'signed-out';
      if (!response.ok) return 'failed';
      const answer = streamTicketSchema.safeParse(await response.json());
      return answer.success ? { ticket: answer.data.ticket } : 'failed';
    } catch {
      return 'failed';
    } finally {
      clearTimeout(timer);
      if (ticketRequest === controller) ticketRequest = null;
    }
  }

  async function open(): Promise<void> {
    const current = ++generation;
    setState('connecting');
    let token: string | null;
    try {
      token = await options.getToken();
    } catch {
      token = null;
    }
    if (current !== generation) return;
    if (!token) {
      // No session: nothing to connect with, and retrying would not help.
      setState('disconnected');
      return;
    }
    const EventSourceImpl = options.EventSource ?? (globalThis as { EventSource?: EventSourceConstructor }).EventSource;
    if (EventSourceImpl === undefined) {
      logger.warn('[sse] EventSource is not available here; pass options.EventSource');
      setState('error');
      return;
    }
    const answer = await requestTicket(token);
    if (current !== generation) return;
    if (answer === 'signed-out') {
      // The session is over; the app hears of it from its own calls, and retrying would not help.
      setState('disconnected');
      return;
    }
    if (answer === 'failed') {
      handleError();
      return;
    }
    const created = new EventSourceImpl(`${baseUrl}${API_BASE_PATH}${BATCH_STREAM_PATH}?token=${encodeURIComponent(answer.ticket)}`);
    source = created;
    const live = () => source === created && current === generation;

    created.addEventListener('connected', () => {
      if (!live()) return;
      attempts = 0;
      setState('connected');
    });
    created.addEventListener('error', () => {
      if (live()) handleError();
    });
    // The server ends the stream when its session was signed out: reconnecting would only be refused.
    created.addEventListener(SESSION_ENDED_EVENT, () => {
      if (live()) close();
    });
    for (const type of batchEventTypes) {
      created.addEventListener(type, (message) => {
        if (!live()) return;
        const event = parseBatchEvent(type, message.data);
        if (event === null) {
          logger.warn(`[sse] ignored a malformed ${type} event`);
          return;
        }
        eventListeners.emit(event);
      });
    }
    created.addEventListener(DOMAIN_EVENT, (message) => {
      if (!live()) return;
      const event = parseDomainEvent(message.data);
      if (event === null) logger.warn(`[sse] ignored a malformed ${DOMAIN_EVENT} event`);
      else domainListeners.emit(event);
    });
  }

  function close(): void {
    generation += 1;
    ticketRequest?.abort();
    ticketRequest = null;
    if (reconnectTimer !== undefined) clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    closeSource();
    attempts = 0;
    setState('disconnected');
  }

  return {
    connect() {
      if (source !== null || reconnectTimer !== undefined || state === 'connecting') return Promise.resolve();
      attempts = 0;
      return open();
    },
    close,
    get state() {
      return state;
    },
    get attempts() {
      return attempts;
    },
    onStateChange: (listener) => stateListeners.add(listener),
    onEvent: (listener) => eventListeners.add(listener),
    onDomainEvent: (listener) => domainListeners.add(listener),
  };
}
