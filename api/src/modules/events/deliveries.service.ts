import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventDelivery, EventDeliveryList, EventDeliveryListQuery } from '@tradepost/shared/schemas/events.ts';
import { type ExpressionBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';

type StoredEvent = { id: string; type: EventDelivery['event_type']; occurred_at: string; payload: Record<string, unknown> };

// A delivery is the job `event:<subscriber>` that hands one event to one subscriber (see
// platform/domain-events.ts): its state is the job's, read in a reseller's words.
const statusOf = (row: { status: string; attempts: number }): EventDelivery['status'] =>
  row.status === 'done'
    ? 'delivered'
    : row.status === 'failed'
      ? 'failed'
      : row.status === 'running'
        ? 'running'
        : row.attempts > 0
          ? 'retrying'
          : 'waiting';

type Jobs = ExpressionBuilder<DB, 'jobs'>;
const filters: Record<EventDeliveryListQuery['status'], (eb: Jobs) => ReturnType<Jobs['and']>> = {
  all: (eb) => eb.and([]),
  problems: (eb) => eb.or([eb('status', '=', 'failed'), eb.and([eb('status', '=', 'queued'), eb('attempts', '>', 0)])]),
  waiting: (eb) => eb.and([eb('status', '=', 'queued'), eb('attempts', '=', 0)]),
  running: (eb) => eb.and([eb('status', '=', 'running')]),
  retrying: (eb) => eb.and([eb('status', '=', 'queued'), eb('attempts', '>', 0)]),
  delivered: (eb) => eb.and([eb('status', '=', 'done')]),
  failed: (eb) => eb.and([eb('status', '=', 'failed')]),
};

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The business's latest deliveries of domain events, newest first, with how many are in each state.
 * Read through the tenant-bound builder: the business is added to every statement, not by hand.
 */
export async function listDeliveries(em: EntityManager, businessId: string, query: EventDeliveryListQuery): Promise<EventDeliveryList> {
  const db = tenantDb(em, businessId);
  const deliveries = db
    .selectFrom('jobs')
    .where('kind', 'like', 'event:%')
    .where(filters[query.status])
    .select(['id', 'status', 'attempts', 'max_attempts', 'last_error', 'run_at', 'finished_at', 'kind'])
    .select(sql<StoredEvent>`payload -> 'event'`.as('event'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit);
  const counts = db
    .selectFrom('jobs')
    .where('kind', 'like', 'event:%')
    .select([
      // A running job has already counted its try: it retries only from its second one.
      sql<number>`count(*) FILTER (WHERE (status = 'queued' AND attempts = 0) OR (status = 'running' AND attempts <= 1))::int`.as(
        'waiting',
      ),
      sql<number>`count(*) FILTER (WHERE (status = 'queued' AND attempts > 0) OR (status = 'running' AND attempts > 1))::int`.as(
        'retrying',
      ),
      sql<number>`count(*) FILTER (WHERE status = 'failed')::int`.as('failed'),
      sql<number>`count(*) FILTER (WHERE status = 'done')::int`.as('delivered'),
    ]);
  const [rows, totals] = await Promise.all([deliveries.execute(), counts.executeTakeFirst()]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      event_id: row.event.id,
      event_type: row.event.type,
      occurred_at: row.event.occurred_at,
      subscriber: row.kind.slice('event:'.length),
      status: statusOf(row),
      attempts: row.attempts,
      max_attempts: row.max_attempts,
      last_error: row.last_error,
      next_attempt_at: row.status === 'queued' ? iso(row.run_at) : null,
      finished_at: iso(row.finished_at),
      payload: row.event.payload,
    })),
    counts: totals ?? { waiting: 0, retrying: 0, failed: 0, delivered: 0 },
  };
}
