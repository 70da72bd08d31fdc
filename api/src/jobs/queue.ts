import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../db/ids.ts';

/** The NOTIFY channel idle runners wait on; PostgreSQL delivers it only when the transaction commits. */
export const JOBS_CHANNEL = 'tradepost_jobs';

export type JobKind =
  | 'sync.push_quantity'
  | 'sync.push_price'
  | 'sync.webhook_event'
  | 'sync.reconcile'
  | 'sync.refresh_token'
  | 'batch.run';

export type NewJob = {
  kind: JobKind;
  businessId: string | null;
  /** Jobs with the same key coalesce: while one waits, another enqueue only pulls its run time forward. */
  key?: string | null;
  payload?: Record<string, unknown>;
  delayMs?: number;
  maxAttempts?: number;
};

/**
 * Enqueues inside the caller's transaction (pass the transactional `em`): the job exists exactly
 * when the write that caused it commits, so no work is lost and none is phantom.
 */
export async function enqueue(em: EntityManager, job: NewJob): Promise<void> {
  await em.execute(
    `INSERT INTO jobs (id, business_id, kind, coalesce_key, payload, max_attempts, run_at)
     VALUES (?, ?, ?, ?, ?::jsonb, ?, now() + make_interval(secs => ?))
     ON CONFLICT (coalesce_key) WHERE status = 'queued'
     DO UPDATE SET run_at = LEAST(jobs.run_at, EXCLUDED.run_at), updated_at = now()`,
    [
      newId(),
      job.businessId,
      job.kind,
      job.key ?? null,
      JSON.stringify(job.payload ?? {}),
      job.maxAttempts ?? 8,
      (job.delayMs ?? 0) / 1000,
    ],
  );
  await em.execute(`SELECT pg_notify('${JOBS_CHANNEL}', '')`);
}

/**
 * After stock moved: one coalesced push per variant that is listed on any channel. Variants
 * listed nowhere cost one indexed lookup and enqueue nothing.
 */
export async function enqueueQuantityPushes(em: EntityManager, businessId: string, variantIds: string[]): Promise<void> {
  if (variantIds.length === 0) return;
  const unique = [...new Set(variantIds)];
  const rows = await em.execute<{ variant_id: string }[]>(
    `SELECT DISTINCT v.variant_id
       FROM channel_listing_variants v
       JOIN channel_listings l ON l.id = v.listing_id AND l.status IN ('active', 'pending')
      WHERE v.business_id = ? AND v.variant_id = ANY(?::uuid[])`,
    [businessId, `{${unique.join(',')}}`],
  );
  for (const row of rows) {
    await enqueue(em, {
      kind: 'sync.push_quantity',
      businessId,
      key: `qty:${row.variant_id}`,
      payload: { variantId: row.variant_id },
    });
  }
}
