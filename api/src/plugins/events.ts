import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';

/** Events for browsers: published here, or NOTIFY'd inside a transaction (domain events) to go out at commit. */
export const EVENTS_CHANNEL = 'tradepost_events';
/** Spoken by migration 0013's triggers whenever sessions, users or businesses change. */
export const AUTH_CHANGED_CHANNEL = 'tradepost_auth';

export type AppEvent = { businessId: string; stream: 'batch-operations' | 'domain'; type: string; data: unknown };
type Listener = (event: AppEvent) => void;

/**
 * Someone else's NOTIFY channel on the same LISTEN connection. `listening(false)` says notices may
 * be missed from now on (the connection dropped); `listening(true)` that they arrive again.
 */
export type ChannelWatcher = { notified: (payload: string) => void; listening: (live: boolean) => void };

export type EventBus = {
  /** Publishes through PostgreSQL NOTIFY, so subscribers in every API process receive it. */
  publish(event: AppEvent): Promise<void>;
  subscribe(businessId: string, listener: Listener): () => void;
  /** Relays another NOTIFY channel (named in SQL, e.g. by a trigger) through the same connection. */
  watch(channel: string, watcher: ChannelWatcher): Promise<void>;
  close(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

/** One LISTEN connection per process fans NOTIFY payloads out to local subscribers. */
export async function createEventBus(databaseUrl: string, log: FastifyInstance['log']): Promise<EventBus> {
  const listeners = new Map<string, Set<Listener>>();
  const watchers = new Map<string, Set<ChannelWatcher>>();
  const everyWatcher = () => [...watchers.values()].flatMap((set) => [...set]);
  let client: pg.Client | null = null;
  let closed = false;

  const dispatch = (payload: string | undefined) => {
    if (!payload) return;
    let event: AppEvent;
    try {
      event = JSON.parse(payload) as AppEvent;
    } catch {
      return;
    }
    for (const listener of listeners.get(event.businessId) ?? []) listener(event);
  };

  // Until the database answers again: every second, for as long as the process runs.
  const reconnectSoon = () => {
    if (!closed) setTimeout(() => void connect().catch(reconnectSoon), 1000).unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL) dispatch(message.payload);
      else for (const watcher of watchers.get(message.channel) ?? []) watcher.notified(message.payload ?? '');
    });
    next.on('error', (error: Error & { code?: string }) => {
      for (const watcher of everyWatcher()) watcher.listening(false);
      // 57P01: the database is shutting down (normal on stop); anything else is worth a warning.
      if (error.code === '57P01') log.debug('event listener: database shutting down');
      else log.warn({ err: error }, 'event listener connection lost; reconnecting');
      client = null;
      reconnectSoon();
    });
    await next.connect();
    await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    for (const channel of watchers.keys()) await next.query(`LISTEN ${channel}`);
    client = next;
    for (const watcher of everyWatcher()) watcher.listening(true);
  };
  await connect();

  const publisher = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // An idle client dropped by the server (restart, shutdown: 57P01) must not crash the process;
  // the pool replaces it on the next publish.
  publisher.on('error', (error: Error & { code?: string }) => {
    if (error.code === '57P01') log.debug('event publisher: database shutting down');
    else log.warn({ err: error }, 'event publisher connection lost');
  });

  return {
    async publish(event) {
      await publisher.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, JSON.stringify(event)]);
    },
    subscribe(businessId, listener) {
      const set = listeners.get(businessId) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(businessId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(businessId);
      };
    },
    async watch(channel, watcher) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      const set = watchers.get(channel) ?? new Set<ChannelWatcher>();
      const first = set.size === 0;
      set.add(watcher);
      watchers.set(channel, set);
      if (client) {
        if (first) await client.query(`LISTEN ${channel}`);
        watcher.listening(true);
      }
    },
    async close() {
      closed = true;
      for (const watcher of everyWatcher()) watcher.listening(false);
      await client?.end().catch(() => {});
      await publisher.end();
    },
  };
}

export const eventsPlugin = fp(
  async (app: FastifyInstance, opts: { databaseUrl: string }) => {
    const bus = await createEventBus(opts.databaseUrl, app.log);
    app.decorate('events', bus);
    app.addHook('onClose', async () => bus.close());
  },
  { name: 'events' },
);
