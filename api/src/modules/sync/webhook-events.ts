import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExternalOrder } from '@tradepost/shared/schemas/sales.ts';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { Job } from '../../jobs/runner.ts';
import type { WebhookEvent } from '../marketplaces/public.ts';
import { ReconnectNeeded } from '../marketplaces/public.ts';
import { importMarketplaceOrder } from './order-import.ts';
import { webhookEventJob } from './sync.jobs.ts';
import { connectionAdapter, findSyncConnection, platformNames, type SyncConnection, type SyncDeps } from './sync-connection.ts';
import { messageOf } from './sync-log.ts';
import { REJECTION_ROWS_PER_CONNECTION, REJECTION_WINDOW_MS } from './webhook-guard.ts';

/** What we keep of an event: the platform's body plus what its headers told us (Shopify's topic lives there). */
export type StoredEvent = { order_id: string | null; order: ExternalOrder | null; body: unknown };

/**
 * Stores verified events and queues each new one, in one transaction. An event is new unless one
 * stored for the connection has the same platform id, says the same thing (`contentKey`: a body
 * replayed under a new delivery id) or repeats the same platform action (`sourceEventKey`); a
 * duplicate only counts (deliveries + 1) and is not processed again.
 */
export async function storeWebhookEvents(
  em: EntityManager,
  connection: SyncConnection,
  events: WebhookEvent[],
): Promise<{ stored: number; duplicates: number }> {
  let stored = 0;
  let duplicates = 0;
  await em.transactional(async (tx) => {
    const db = tenantDb(tx, connection.business_id);
    for (const event of events) {
      const payload: StoredEvent = { order_id: event.orderId ?? null, order: event.order ?? null, body: event.payload };
      const eventId = event.eventId.slice(0, 300);
      const contentKey = event.contentKey?.slice(0, 500) ?? null;
      const sourceEventKey = event.sourceEventKey?.slice(0, 500) ?? null;
      const row = await db
        .insertInto('webhook_events')
        .values({
          id: newId(),
          connection_id: connection.id,
          platform: connection.platform,
          event_id: eventId,
          topic: event.topic.slice(0, 200) || 'unknown',
          kind: event.kind,
          payload: JSON.stringify(payload),
          content_key: contentKey,
          source_event_key: sourceEventKey,
        })
        // Any of the three unique keys: a concurrent twin waits for this insert and then does nothing.
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) {
        duplicates++;
        await db
          .updateTable('webhook_events')
          .set((eb) => ({ deliveries: eb('deliveries', '+', 1) }))
          .where('id', '=', (eb) =>
            eb
              .selectFrom('webhook_events')
              .select('id')
              .where('connection_id', '=', connection.id)
              .where((w) =>
                w.or([
                  w('event_id', '=', eventId),
                  ...(contentKey ? [w('content_key', '=', contentKey)] : []),
                  ...(sourceEventKey ? [w('source_event_key', '=', sourceEventKey)] : []),
                ]),
              )
              .orderBy('received_at')
              .limit(1),
          )
          .execute();
        continue;
      }
      stored++;
      await enqueueJob(tx, webhookEventJob, {
        businessId: connection.business_id,
        key: `webhook:${row.id}`,
        payload: { eventId: row.id },
      });
    }
  });
  return { stored, duplicates };
}

/**
 * Writes one refusal, unless the connection already has its minute's rows (REJECTION_ROWS_PER_CONNECTION,
 * counted in the database so several API processes share the bound). False when not written.
 */
export async function recordRejection(
  em: EntityManager,
  connection: SyncConnection,
  rejection: { reason: string; remoteIp: string | null; suppressed: number },
): Promise<boolean> {
  const db = tenantDb(em, connection.business_id);
  const recent = await db
    .selectFrom('webhook_rejections')
    .where('connection_id', '=', connection.id)
    .where('received_at', '>', sql<string>`now() - make_interval(secs => ${REJECTION_WINDOW_MS / 1_000})`)
    .select('id')
    .limit(REJECTION_ROWS_PER_CONNECTION)
    .execute();
  if (recent.length >= REJECTION_ROWS_PER_CONNECTION) return false;
  await db
    .insertInto('webhook_rejections')
    .values({
      id: newId(),
      connection_id: connection.id,
      reason: rejection.reason.slice(0, 300),
      remote_ip: rejection.remoteIp,
      suppressed: rejection.suppressed,
    })
    .execute();
  return true;
}

async function finishEvent(
  em: EntityManager,
  businessId: string,
  id: string,
  status: 'processed' | 'ignored' | 'failed',
  error: string | null,
) {
  await tenantDb(em, businessId)
    .updateTable('webhook_events')
    // A failed event keeps the time it was last processed, if any.
    .set({ status, error, ...(status === 'failed' ? {} : { processed_at: sql`now()` }) })
    .where('id', '=', id)
    .execute();
}

/** Where processing explains itself: the job's logger. */
export type WebhookLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * `sync.webhook_event`: an order event becomes a sale through the sales entry point (the order
 * from the payload, or fetched when the event carries only its id); an uninstall or a revoked
 * authorization asks the seller to reconnect once the platform's API confirms our access is gone;
 * inventory and product events are ignored — our ledger is the truth and the next push corrects
 * the platform. A failure marks the event failed and retries the job.
 */
export async function processWebhookEvent(deps: SyncDeps, job: Job, log?: WebhookLog): Promise<void> {
  const { em } = deps;
  const businessId = job.businessId ?? '';
  const event = await tenantDb(em, businessId)
    .selectFrom('webhook_events')
    .where('id', '=', String(job.payload.eventId ?? ''))
    .select((eb) => ['id', 'connection_id', 'kind', 'topic', 'status', eb.ref('payload').$castTo<StoredEvent>().as('payload')])
    // storeWebhookEvents wrote the kind from a WebhookEvent.
    .$narrowType<{ kind: WebhookEvent['kind'] }>()
    .executeTakeFirst();
  if (!event || event.status === 'processed' || event.status === 'ignored') return;
  const connection = await findSyncConnection(em, businessId, event.connection_id);
  if (!connection) return;
  try {
    switch (event.kind) {
      case 'order': {
        const orderId = event.payload.order_id;
        let order = event.payload.order;
        if (!order && orderId) order = await (await connectionAdapter(deps, connection)).fetchOrder(orderId);
        if (!order) {
          if (!orderId) return finishEvent(em, businessId, event.id, 'ignored', 'the event names no order');
          // Platforms index new orders a moment after notifying: ask again later.
          throw new Error(`order ${orderId} is not on the platform yet`);
        }
        const result = await importMarketplaceOrder(em, connection, order, 'webhook');
        return finishEvent(
          em,
          businessId,
          event.id,
          result.outcome === 'invalid' ? 'failed' : 'processed',
          result.outcome === 'invalid' ? result.detail : null,
        );
      }
      case 'uninstalled':
        return await loseAccess(deps, connection, event, log);
      default:
        return finishEvent(em, businessId, event.id, 'ignored', null);
    }
  } catch (error) {
    await finishEvent(em, businessId, event.id, 'failed', messageOf(error));
    // Asking again will not help until the seller reconnects; the reconciliation poll catches up then.
    if (error instanceof ReconnectNeeded) return;
    throw error;
  }
}

/**
 * An uninstall or a revoked authorization, taken at its word only after the platform's API says
 * so: a signed body can be replayed (a Shopify uninstall from an earlier install, sent again under
 * a new id), and acting on it would cut a working connection off. The probe uses our token; if the
 * platform still accepts it, nothing changes and the event and the log say why. A probe that gets no
 * answer throws, and the job asks again later.
 */
async function loseAccess(
  deps: SyncDeps,
  connection: SyncConnection,
  event: { id: string; topic: string },
  log: WebhookLog | undefined,
): Promise<void> {
  const { em } = deps;
  const businessId = connection.business_id;
  const name = platformNames[connection.platform];
  if (connection.status !== 'connected')
    return finishEvent(em, businessId, event.id, 'ignored', `the connection is already ${connection.status.replace('_', ' ')}`);
  const access = await (await connectionAdapter(deps, connection)).confirmAccess();
  const where = { connectionId: connection.id, platform: connection.platform, topic: event.topic, webhookEvent: event.id };
  if (access.active) {
    log?.warn({ ...where, detail: access.detail }, 'webhook reported lost access; the platform says otherwise, connection left connected');
    return finishEvent(em, businessId, event.id, 'ignored', `not acted on: ${access.detail}`);
  }
  // The probe's refused refresh may already have marked it (with the token store's reason): say what happened.
  await tenantDb(em, businessId)
    .updateTable('channel_connections')
    .set({
      status: 'reconnect_needed',
      status_reason: `${name} reported ${event.topic} and confirmed our access is gone: connect again to keep selling there`,
      last_error: `Webhook ${event.topic}: ${access.detail}`.slice(0, 1_000),
      last_error_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('id', '=', connection.id)
    .where('status', 'in', ['connected', 'reconnect_needed'])
    .execute();
  log?.info({ ...where, detail: access.detail }, 'webhook reported lost access, confirmed by the platform; reconnect needed');
  return finishEvent(em, businessId, event.id, 'processed', null);
}
