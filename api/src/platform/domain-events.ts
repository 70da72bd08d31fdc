import { type EntityManager, RequestContext } from '@mikro-orm/postgresql';
import {
  DOMAIN_EVENT,
  type DomainEvent,
  type DomainEventPayload,
  type DomainEventType,
  domainEventPayloadSchemas,
  domainEventSchema,
} from '@tradepost/shared/schemas/events.ts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type Expression, type Kysely, sql } from 'kysely';
import { newId } from '../db/ids.ts';
import type { DB } from '../db/schema.generated.ts';
import { tenantDb } from '../db/tenant-db.ts';
import { enqueueAll } from '../jobs/queue.ts';
import type { JobHandler } from '../jobs/runner.ts';
import { EVENTS_CHANNEL } from '../plugins/events.ts';

export type SubscriberContext = { em: EntityManager; businessId: string; log: FastifyBaseLogger };

/** An area's reaction to another area's fact. Declared in the area's module definition. */
export type Subscriber<T extends DomainEventType = DomainEventType> = {
  /** `<area>.<what it does>`: names the deliveries (jobs `event:<name>`) in sync health and the events view. */
  readonly name: string;
  readonly event: T;
  /**
   * Runs after the event's transaction committed, in a transaction of its own together with the
   * delivery's mark, so its writes happen once per event. Work outside the database belongs in a
   * job it enqueues here (retried on its own).
   */
  readonly handle: (event: DomainEvent<T>, context: SubscriberContext) => Promise<void>;
  /**
   * A cheap query that finds a row when the event concerns this subscriber at all (a stock movement
   * of sizes listed nowhere needs no push): no delivery when it finds none. It is not run on its
   * own: every subscriber's look-up and the browser notice go in one statement of the emitting
   * transaction, so a movement of unlisted sizes costs that transaction one round trip in all.
   * Without it, every event of the type is delivered.
   */
  readonly relevant?: (event: DomainEvent<T>, db: Kysely<DB>) => Expression<unknown>;
  /**
   * For a subscriber whose whole handling is a cheap write in the database (enqueueing jobs that do
   * the real work): it runs inside the emitting transaction, in a savepoint, so its jobs commit
   * together with the fact and no delivery hop (a job claimed, run and finished by a runner) stands
   * between them. A sale's pushes to the other channels are queued by
   * the transaction that records the sale. Should it throw, the savepoint is rolled back and the
   * event is delivered the ordinary way instead (a job, retried with backoff, visible): the emitter
   * never fails because a subscriber did.
   */
  readonly immediate?: boolean;
};

export const subscribe = <T extends DomainEventType>(
  name: string,
  event: T,
  handle: Subscriber<T>['handle'],
  options: Pick<Subscriber<T>, 'relevant' | 'immediate'> = {},
): Subscriber<T> => ({ name, event, handle, ...options });

export const deliveryKind = (subscriber: string): string => `event:${subscriber}`;

/** Subscribers by event, filled from the module list when the app is built (the same list every time). */
type Registered = { subscriber: Subscriber; log: FastifyBaseLogger };
const subscribersByType = new Map<DomainEventType, Map<string, Registered>>();

/**
 * `log` is the app's: an immediate subscriber runs in the emitter's code, which has no logger to
 * hand it (a job's handler gets the runner's).
 */
export function registerSubscriber<T extends DomainEventType>(subscriber: Subscriber<T>, log: FastifyBaseLogger): () => void {
  const named = subscribersByType.get(subscriber.event) ?? new Map<string, Registered>();
  const registered = { subscriber: subscriber as unknown as Subscriber, log };
  named.set(subscriber.name, registered);
  subscribersByType.set(subscriber.event, named);
  // For a test's own subscribers: the registry outlives a test file when files share a process.
  return () => {
    if (named.get(subscriber.name) === registered) named.delete(subscriber.name);
  };
}

/** NOTIFY carries at most 8,000 bytes: a browser copy whose ids would not fit goes without them (the type is what invalidates). */
const browserCopy = (event: DomainEvent) => (JSON.stringify(event.payload).length > 4_000 ? { ...event, payload: {} } : event);

/** The header that tells a client which kinds of fact its own request published (it refreshes what they make stale). */
export const DOMAIN_EVENTS_HEADER = 'x-domain-events';

/** The event types emitted while serving each request, by the request's ORM context. */
const emittedByRequest = new WeakMap<object, Set<DomainEventType>>();

/** Adds the header to every answer whose request published events (the stream tells every other tab). */
export function announceDomainEvents(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const context = RequestContext.currentRequestContext();
    const types = context ? emittedByRequest.get(context) : undefined;
    if (types && types.size > 0) reply.header(DOMAIN_EVENTS_HEADER, [...types].join(','));
    return payload;
  });
}

/**
 * Publishes a fact inside the transaction that made it true (pass the transactional `em`): one
 * delivery job per subscriber, and a notice to the business's browsers, all at commit or not at
 * all. The payload is checked against its schema in shared/src/schemas/events.ts.
 */
export async function emit<T extends DomainEventType>(
  em: EntityManager,
  businessId: string,
  type: T,
  payload: DomainEventPayload<T>,
): Promise<void> {
  const event = {
    id: newId(),
    type,
    occurred_at: new Date().toISOString(),
    payload: domainEventPayloadSchemas[type].parse(payload),
  } as DomainEvent<T>;
  const context = RequestContext.currentRequestContext();
  if (context) emittedByRequest.set(context, (emittedByRequest.get(context) ?? new Set()).add(type));
  const registered = [...(subscribersByType.get(type)?.values() ?? [])];
  const notice = {
    channel: EVENTS_CHANNEL,
    payload: JSON.stringify({ businessId, stream: 'domain', type: DOMAIN_EVENT, data: browserCopy(event) }),
  };
  const concerned = await concernedSubscribers(em, businessId, event, registered, notice);
  const deliveries: { kind: string; businessId: string; payload: { event: DomainEvent<T> } }[] = [];
  for (const { subscriber, log } of concerned) {
    if (subscriber.immediate && em.isInTransaction() && (await deliverInTransaction(subscriber, event, { em, businessId, log }))) continue;
    deliveries.push({ kind: deliveryKind(subscriber.name), businessId, payload: { event } });
  }
  // The notice went with the relevance look-ups when there were any.
  await enqueueAll(em, deliveries, registered.some(({ subscriber }) => subscriber.relevant) ? undefined : notice);
}

/**
 * The subscribers an event concerns. Their relevance look-ups run in one statement together with
 * the browser notice (NOTIFY is sent at commit, so sending it first changes nothing).
 */
async function concernedSubscribers(
  em: EntityManager,
  businessId: string,
  event: DomainEvent,
  registered: Registered[],
  notice: { channel: string; payload: string },
): Promise<Registered[]> {
  const gated = registered.filter(({ subscriber }) => subscriber.relevant);
  if (gated.length === 0) return registered;
  const db = tenantDb(em, businessId);
  const answers = (await db
    .selectNoFrom((eb) => [
      sql<string>`pg_notify(${notice.channel}, ${notice.payload})`.as('notified'),
      ...gated.map(({ subscriber }, index) => eb.exists(subscriber.relevant?.(event, db) as Expression<unknown>).as(`concerned_${index}`)),
    ])
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  return registered.filter((entry) => !entry.subscriber.relevant || answers[`concerned_${gated.indexOf(entry)}`] === true);
}

/** Marks one event delivered to one subscriber: false when it already was (its delivery ran before). */
async function markDelivered(em: EntityManager, businessId: string, subscriber: string, eventId: string): Promise<boolean> {
  const marked = await tenantDb(em, businessId)
    .insertInto('event_deliveries')
    .values({ subscriber, event_id: eventId })
    .onConflict((conflict) => conflict.doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return marked !== undefined;
}

// One name is enough: savepoints nest, and a release or rollback undoes the innermost of that name.
const SAVEPOINT = 'domain_event_delivery';

/**
 * An immediate subscriber's delivery inside the emitting transaction (see `Subscriber.immediate`):
 * true when it was handled, false when it failed and was rolled back to go the ordinary way.
 */
async function deliverInTransaction(subscriber: Subscriber, event: DomainEvent, context: SubscriberContext): Promise<boolean> {
  const { em, log } = context;
  await em.execute(`SAVEPOINT ${SAVEPOINT}`);
  try {
    // No mark in event_deliveries: a delivery inside the emitting transaction cannot run twice.
    await subscriber.handle(event, context);
    await em.execute(`RELEASE SAVEPOINT ${SAVEPOINT}`);
    return true;
  } catch (error) {
    await em.execute(`ROLLBACK TO SAVEPOINT ${SAVEPOINT}`);
    await em.execute(`RELEASE SAVEPOINT ${SAVEPOINT}`);
    log.warn(
      { err: error, subscriber: subscriber.name, event: event.id },
      'subscriber failed in the emitting transaction; delivering by job',
    );
    return false;
  }
}

/** The job that delivers one event to one subscriber: once, however often the job runs. */
export function deliveryHandler<T extends DomainEventType>(subscriber: Subscriber<T>): JobHandler {
  return async (job, { em, log }) => {
    const event = domainEventSchema.parse(job.payload.event);
    const businessId = job.businessId;
    if (!businessId) throw new Error(`event ${event.id} has no business`);
    await em.transactional(async (tx) => {
      if (!(await markDelivered(tx, businessId, subscriber.name, event.id))) return;
      await subscriber.handle(event as DomainEvent<T>, { em: tx, businessId, log });
    });
  };
}
