import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExternalOrder } from '@tradepost/shared/schemas/sales.ts';
import { newId } from '../../db/ids.ts';
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
    for (const event of events) {
      const payload: StoredEvent = { order_id: event.orderId ?? null, order: event.order ?? null, body: event.payload };
      const [row] = await tx.execute<{ id: string; inserted: boolean }[]>(
        `INSERT INTO webhook_events (id, business_id, connection_id, platform, event_id, topic, kind, payload)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?::jsonb)
         ON CONFLICT (connection_id, event_id) DO UPDATE SET deliveries = webhook_events.deliveries + 1
         RETURNING id, (xmax = 0) AS inserted`,
        [
          newId(),
          connection.business_id,
          connection.id,
          connection.platform,
          event.eventId.slice(0, 300),
          event.topic.slice(0, 200) || 'unknown',
          event.kind,
          JSON.stringify(payload),
        ],
      );
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
  await em.execute('INSERT INTO webhook_rejections (id, business_id, connection_id, reason, remote_ip) VALUES (?, ?, ?, ?, ?)', [
    newId(),
    connection.business_id,
    connection.id,
    reason.slice(0, 300),
    remoteIp,
  ]);
}

type EventRow = { id: string; connection_id: string; kind: WebhookEvent['kind']; topic: string; status: string; payload: StoredEvent };

async function finishEvent(em: EntityManager, id: string, status: 'processed' | 'ignored' | 'failed', error: string | null) {
  await em.execute(
    `UPDATE webhook_events SET status = ?, error = ?, processed_at = CASE WHEN ? = 'failed' THEN processed_at ELSE now() END WHERE id = ?`,
    [status, error, status, id],
  );
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
  const [event] = await em.execute<EventRow[]>(
    'SELECT id, connection_id, kind, topic, status, payload FROM webhook_events WHERE business_id = ? AND id = ?',
    [businessId, String(job.payload.eventId ?? '')],
  );
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
          if (!orderId) return finishEvent(em, event.id, 'ignored', 'the event names no order');
          // Platforms index new orders a moment after notifying: ask again later.
          throw new Error(`order ${orderId} is not on the platform yet`);
        }
        const result = await importMarketplaceOrder(em, connection, order, 'webhook');
        return finishEvent(
          em,
          event.id,
          result.outcome === 'invalid' ? 'failed' : 'processed',
          result.outcome === 'invalid' ? result.detail : null,
        );
      }
      case 'uninstalled':
        await em.execute(
          `UPDATE channel_connections SET status = 'reconnect_needed', status_reason = ?, last_error = ?, last_error_at = now(), updated_at = now()
            WHERE id = ? AND status = 'connected'`,
          [`The platform reported ${event.topic}: connect again to keep selling there`, `Webhook ${event.topic}`, connection.id],
        );
        return finishEvent(em, event.id, 'processed', null);
      default:
        return finishEvent(em, event.id, 'ignored', null);
    }
  } catch (error) {
    await finishEvent(em, event.id, 'failed', messageOf(error));
    // Asking again will not help until the seller reconnects; the reconciliation poll catches up then.
    if (error instanceof ReconnectNeeded) return;
    throw error;
  }
}
