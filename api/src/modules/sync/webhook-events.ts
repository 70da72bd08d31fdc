import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExternalOrder } from '@tradepost/shared/schemas/sales.ts';
import { sql } from 'kysely';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { Job } from '../../jobs/runner.ts';
import type { WebhookEvent } from '../marketplaces/public.ts';
import { ReconnectNeeded } from '../marketplaces/public.ts';
import { importMarketplaceOrder } from './order-import.ts';
import { webhookEventJob } from './sync.jobs.ts';
import { connectionAdapter, findSyncConnection, type SyncConnection, type SyncDeps } from './sync-connection.ts';
import { messageOf } from './sync-log.ts';

/** What we keep of an event: the platform's body plus what its headers told us (Shopify's topic lives there). */
export type StoredEvent = { order_id: string | null; order: ExternalOrder | null; body: unknown };

/**
 * Stores verified events by their platform id and queues each new one, in one transaction: a
 * duplicate delivery only counts (deliveries + 1) and is not processed again.
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
      const row = await db
        .insertInto('webhook_events')
        .values({
          id: newId(),
          connection_id: connection.id,
          platform: connection.platform,
          event_id: event.eventId.slice(0, 300),
          topic: event.topic.slice(0, 200) || 'unknown',
          kind: event.kind,
          payload: JSON.stringify(payload),
        })
        .onConflict((conflict) =>
          conflict.columns(['connection_id', 'event_id']).doUpdateSet((eb) => ({ deliveries: eb('webhook_events.deliveries', '+', 1) })),
        )
        // xmax is 0 on a row this statement inserted, and set on one it updated.
        .returning(['id', sql<boolean>`(xmax = 0)`.as('inserted')])
        .executeTakeFirst();
      if (!row?.inserted) {
        duplicates++;
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

export async function recordRejection(
  em: EntityManager,
  connection: SyncConnection,
  reason: string,
  remoteIp: string | null,
): Promise<void> {
  await tenantDb(em, connection.business_id)
    .insertInto('webhook_rejections')
    .values({ id: newId(), connection_id: connection.id, reason: reason.slice(0, 300), remote_ip: remoteIp })
    .execute();
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

/**
 * `sync.webhook_event`: an order event becomes a sale through the sales entry point (the order
 * from the payload, or fetched when the event carries only its id); an uninstall asks the seller
 * to reconnect; inventory and product events are ignored — our ledger is the truth and the next
 * push corrects the platform. A failure marks the event failed and retries the job.
 */
export async function processWebhookEvent(deps: SyncDeps, job: Job): Promise<void> {
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
        await tenantDb(em, businessId)
          .updateTable('channel_connections')
          .set({
            status: 'reconnect_needed',
            status_reason: `The platform reported ${event.topic}: connect again to keep selling there`,
            last_error: `Webhook ${event.topic}`,
            last_error_at: sql`now()`,
            updated_at: sql`now()`,
          })
          .where('id', '=', connection.id)
          .where('status', '=', 'connected')
          .execute();
        return finishEvent(em, businessId, event.id, 'processed', null);
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
