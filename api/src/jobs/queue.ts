import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { newId } from '../db/ids.ts';

/** The NOTIFY channel idle runners wait on; PostgreSQL delivers it only when the transaction commits. */
export const JOBS_CHANNEL = 'tradepost_jobs';

export type NewJob = {
  kind: string;
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
  // The insert and the runners' wake-up in one round trip.
  await em.execute(
    `WITH queued AS (
       INSERT INTO jobs (id, business_id, kind, coalesce_key, payload, max_attempts, run_at)
       VALUES (?, ?, ?, ?, ?::jsonb, ?, now() + make_interval(secs => ?))
       ON CONFLICT (coalesce_key) WHERE status = 'queued'
       DO UPDATE SET run_at = LEAST(jobs.run_at, EXCLUDED.run_at), updated_at = now()
       RETURNING 1
     )
     SELECT pg_notify('${JOBS_CHANNEL}', '')`,
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
}

/**
 * Several jobs without coalesce keys and, when given, a notice on another channel, in one round trip
 * inside the caller's transaction (a domain event's deliveries and its browser notice: a stock
 * movement pays one statement for them instead of three).
 */
export async function enqueueAll(
  em: EntityManager,
  jobs: readonly Omit<NewJob, 'key' | 'delayMs'>[],
  notice?: { channel: string; payload: string },
): Promise<void> {
  const params: unknown[] = [];
  const rows = jobs.map((job) => {
    params.push(newId(), job.businessId, job.kind, JSON.stringify(job.payload ?? {}), job.maxAttempts ?? 8);
    return '(?, ?, ?, ?::jsonb, ?)';
  });
  const insert =
    rows.length > 0
      ? `WITH queued AS (INSERT INTO jobs (id, business_id, kind, payload, max_attempts) VALUES ${rows.join(', ')} RETURNING 1) `
      : '';
  const notices = [...(rows.length > 0 ? [`pg_notify('${JOBS_CHANNEL}', '')`] : []), ...(notice ? ['pg_notify(?, ?)'] : [])];
  if (notice) params.push(notice.channel, notice.payload);
  if (notices.length > 0) await em.execute(`${insert}SELECT ${notices.join(', ')}`, params);
}

/**
 * A kind of job and its payload's schema. The area that declares it lists it in its module
 * definition with a handler; anyone enqueues it with `enqueueJob`, which checks the payload.
 */
export type JobType<P extends Record<string, unknown>> = { readonly kind: string; readonly payload: z.ZodType<P> };

export const defineJob = <P extends Record<string, unknown>>(kind: string, payload: z.ZodType<P>): JobType<P> => ({ kind, payload });

export async function enqueueJob<P extends Record<string, unknown>>(
  em: EntityManager,
  type: JobType<P>,
  job: Omit<NewJob, 'kind' | 'payload'> & { payload: P },
): Promise<void> {
  await enqueue(em, { ...job, kind: type.kind, payload: type.payload.parse(job.payload) });
}
