import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventDelivery, EventDeliveryList, EventDeliveryListQuery } from '@tradepost/shared/schemas/events.ts';

type Row = {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  run_at: Date;
  finished_at: Date | null;
  kind: string;
  event: { id: string; type: EventDelivery['event_type']; occurred_at: string; payload: Record<string, unknown> };
};

// A delivery is the job `event:<subscriber>` that hands one event to one subscriber (see
// platform/domain-events.ts): its state is the job's, read in a reseller's words.
const statusOf = (row: Pick<Row, 'status' | 'attempts'>): EventDelivery['status'] =>
  row.status === 'done'
    ? 'delivered'
    : row.status === 'failed'
      ? 'failed'
      : row.status === 'running'
        ? 'running'
        : row.attempts > 0
          ? 'retrying'
          : 'waiting';

const filters: Record<EventDeliveryListQuery['status'], string> = {
  all: 'TRUE',
  problems: `(j.status = 'failed' OR (j.status = 'queued' AND j.attempts > 0))`,
  waiting: `j.status = 'queued' AND j.attempts = 0`,
  running: `j.status = 'running'`,
  retrying: `j.status = 'queued' AND j.attempts > 0`,
  delivered: `j.status = 'done'`,
  failed: `j.status = 'failed'`,
};

/** The business's latest deliveries of domain events, newest first, with how many are in each state. */
export async function listDeliveries(em: EntityManager, businessId: string, query: EventDeliveryListQuery): Promise<EventDeliveryList> {
  const rows = await em.execute<Row[]>(
    `SELECT j.id, j.status, j.attempts, j.max_attempts, j.last_error, j.run_at, j.finished_at, j.kind, j.payload -> 'event' AS event
       FROM jobs j
      WHERE j.business_id = ? AND j.kind LIKE 'event:%' AND ${filters[query.status]}
      ORDER BY j.created_at DESC, j.id DESC
      LIMIT ?`,
    [businessId, query.limit],
  );
  const [counts] = await em.execute<{ waiting: number; retrying: number; failed: number; delivered: number }[]>(
    `SELECT count(*) FILTER (WHERE status IN ('queued', 'running') AND attempts = 0)::int AS waiting,
            count(*) FILTER (WHERE status IN ('queued', 'running') AND attempts > 0)::int AS retrying,
            count(*) FILTER (WHERE status = 'failed')::int AS failed,
            count(*) FILTER (WHERE status = 'done')::int AS delivered
       FROM jobs WHERE business_id = ? AND kind LIKE 'event:%'`,
    [businessId],
  );
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
      next_attempt_at: row.status === 'queued' ? new Date(row.run_at).toISOString() : null,
      finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
      payload: row.event.payload,
    })),
    counts: counts ?? { waiting: 0, retrying: 0, failed: 0, delivered: 0 },
  };
}
