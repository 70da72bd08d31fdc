import type { EntityManager } from '@mikro-orm/postgresql';
import { type CatalogBatchType, isCatalogBatch } from '@tradepost/shared/schemas/batch-operations.ts';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { AppError } from '../../errors.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { LeaseLost, RetryLater } from '../../jobs/runner.ts';
import type { EventBus } from '../../plugins/events.ts';
import { ReconnectNeeded } from '../marketplaces/public.ts';
import { connectionAdapter, findSyncConnection, messageOf, platformNames, type SyncDeps } from '../sync/public.ts';
import { type ClaimedItem, chunkFailure, type Executor, type ExecutorContext, executorFor, type ItemOutcome } from './batch-executors.ts';
import { type BatchRow, loadBatchRow } from './batch-operations.service.ts';
import { type BatchCounts, batchProgress } from './batch-progress.ts';
import { applyCatalogChunk, CATALOG_CHUNK } from './catalog-batches.ts';
import { jsonRows } from './json-rows.ts';

export type BatchRunnerDeps = {
  events: EventBus;
  /** Adapter dependencies; `em` is replaced by the job's own fork. */
  deps: Omit<SyncDeps, 'em'>;
  log: FastifyBaseLogger;
};

/** How long a batch pauses when the platform keeps answering "too many requests" after the adapter's own waits. */
export const RATE_LIMIT_PAUSE_MS = 5_000;

const ITEM_COLUMNS = ['id', 'seq', 'product_id', 'variant_id', 'sku', 'input', 'request', 'status'] as const;

/** The job run doing the sending, and its claim on the job. */
type Run = { jobId: string; lease: string };

/**
 * Only while the run still holds its job: once another process took the job over (this one renewed
 * its lease too late), this run marks nothing more as sent, so the two runs never send the same
 * pending items side by side.
 */
const heldBy = (db: Kysely<DB>, run: Run) =>
  db
    .selectFrom('jobs as j')
    .select('j.id')
    .where('j.id', '=', run.jobId)
    .where('j.locked_by', '=', run.lease)
    .where('j.status', '=', 'running');

const asJson = (value: unknown) => value as Record<string, unknown>;

/**
 * The next chunk to send. Items left `sending` by a run that died are first and keep the request
 * they were sent with, so the platform receives exactly the same full-state write again (which
 * changes nothing a second time). Pending items get their request built from current state and
 * are marked `sending` with it before anything leaves this process.
 */
async function claimChunk(em: EntityManager, context: ExecutorContext, executor: Executor, run: Run): Promise<ClaimedItem[]> {
  const db = tenantDb(em, context.businessId);
  const next = (status: 'sending' | 'pending') =>
    db
      .selectFrom('batch_operation_items')
      .select(ITEM_COLUMNS)
      .where('batch_id', '=', context.batchId)
      .where('status', '=', status)
      .orderBy('seq')
      .limit(executor.chunkSize)
      .execute();
  const stuck = await next('sending');
  if (stuck.length > 0) {
    const marked = await db
      .updateTable('batch_operation_items')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: sql`now()` }))
      .where(
        'id',
        'in',
        stuck.map((item) => item.id),
      )
      .where((eb) => eb.exists(heldBy(db, run)))
      .returning('id')
      .execute();
    if (marked.length < stuck.length) throw new LeaseLost();
    return stuck.map((item) => ({ ...item, input: asJson(item.input), request: asJson(item.request ?? {}) }));
  }
  const pending = (await next('pending')).map((item) => ({ ...item, input: asJson(item.input) }));
  if (pending.length === 0) return [];
  const prepared = await executor.prepare(context, pending);
  const claimed: ClaimedItem[] = [];
  const refused: { id: string; error: string }[] = [];
  for (const [i, item] of pending.entries()) {
    const ready = prepared[i];
    if (ready && 'request' in ready) claimed.push({ ...item, request: ready.request });
    else refused.push({ id: item.id, error: ready && 'error' in ready ? ready.error : 'Could not prepare this item' });
  }
  if (claimed.length > 0) {
    const marked = await db
      .updateTable('batch_operation_items as i')
      .from(
        jsonRows(
          claimed.map((item) => ({ id: item.id, request: item.request })),
          'id uuid, request jsonb',
        ),
      )
      .set((eb) => ({ status: 'sending', attempts: eb('i.attempts', '+', 1), request: sql`x.request`, updated_at: sql`now()` }))
      .whereRef('i.id', '=', 'x.id')
      .where('i.status', '=', 'pending')
      .where((eb) => eb.exists(heldBy(db, run)))
      .returning('i.id')
      .execute();
    if (marked.length < claimed.length) throw new LeaseLost();
  }
  if (refused.length > 0)
    await db
      .updateTable('batch_operation_items as i')
      .from(jsonRows(refused, 'id uuid, error text'))
      .set((eb) => ({ status: 'failed', error: eb.ref('x.error'), updated_at: sql`now()` }))
      .whereRef('i.id', '=', 'x.id')
      .execute();
  // Everything refused: take the next ones (the loop ends when nothing is pending).
  if (claimed.length === 0) return claimChunk(em, context, executor, run);
  return claimed;
}

/**
 * Stores each item's answer, and what a succeeded item leaves behind (the executor's settle) in
 * the same transaction. Rate-limited items stay `sending` with their request, to be sent again
 * after the pause. Only items still `sending` are answered, so a resent item settles once more
 * with the same values at most.
 */
async function recordOutcomes(em: EntityManager, context: ExecutorContext, executor: Executor, outcomes: ItemOutcome[]): Promise<void> {
  const answered = outcomes.filter((outcome) => !outcome.rateLimited);
  if (answered.length === 0) return;
  await em.transactional(async (tx) => {
    const rows = answered.map((o) => ({ id: o.id, ok: o.ok, response: o.response ?? null, error: o.error?.slice(0, 2_000) ?? null }));
    const marked = await tenantDb(tx, context.businessId)
      .updateTable('batch_operation_items as i')
      .from(jsonRows(rows, 'id uuid, ok boolean, response jsonb, error text'))
      .set((eb) => ({
        status: eb.case().when('x.ok', '=', true).then('succeeded').else('failed').end(),
        response: sql`x.response`,
        error: eb.ref('x.error'),
        updated_at: sql`now()`,
      }))
      .whereRef('i.id', '=', 'x.id')
      .where('i.status', '=', 'sending')
      .returning(['i.id', 'i.variant_id', 'i.input', 'i.status'])
      .execute();
    const succeeded = marked.filter((item) => item.status === 'succeeded');
    if (succeeded.length > 0 && executor.settle)
      await executor.settle(
        tx,
        context,
        succeeded.map(({ id, variant_id, input }) => ({ id, variant_id, input: asJson(input) })),
      );
  });
}

/** Counters recomputed from the items, so a run that died between two writes leaves nothing off by one. */
async function refreshCounts(em: EntityManager, businessId: string, batchId: string): Promise<BatchCounts> {
  const db = tenantDb(em, businessId);
  const row = await db
    .updateTable('batch_operations as b')
    .from(
      db
        .selectFrom('batch_operation_items')
        .select([
          sql<number>`count(*) FILTER (WHERE status = 'succeeded')::int`.as('succeeded'),
          sql<number>`count(*) FILTER (WHERE status = 'failed')::int`.as('failed'),
        ])
        .where('batch_id', '=', batchId)
        .as('c'),
    )
    .set((eb) => ({ succeeded: eb.ref('c.succeeded'), failed: eb.ref('c.failed') }))
    .where('b.id', '=', batchId)
    .returning(['b.total', 'b.succeeded', 'b.failed'])
    .executeTakeFirst();
  return row ?? { total: 0, succeeded: 0, failed: 0 };
}

/** Everything not answered yet fails with one reason (the connection is gone or must be authorised again). */
async function failRemaining(em: EntityManager, businessId: string, batchId: string, reason: string): Promise<void> {
  await tenantDb(em, businessId)
    .updateTable('batch_operation_items')
    .set({ status: 'failed', error: reason.slice(0, 2_000), updated_at: sql`now()` })
    .where('batch_id', '=', batchId)
    .where('status', 'in', ['pending', 'sending'])
    .execute();
}

async function finish(em: EntityManager, batch: BatchRow, progress: ReturnType<typeof batchProgress>): Promise<void> {
  const counts = await refreshCounts(em, batch.business_id, batch.id);
  const status = counts.failed === 0 ? 'completed' : counts.succeeded === 0 ? 'failed' : 'partially_failed';
  await tenantDb(em, batch.business_id)
    .updateTable('batch_operations')
    .set({ status, finished_at: sql`now()` })
    .where('id', '=', batch.id)
    .execute();
  await progress.finish(counts);
}

/**
 * A batch on the catalog itself (catalog prices, archiving) changes Tradepost's own rows, so each
 * chunk is one transaction: it locks its pending items, applies the change and records every
 * item's result together. A run that dies leaves each item done with its result or still pending;
 * a second run waiting on the same items finds them answered once it gets the lock (PostgreSQL
 * re-reads a locked row before taking it), so no price moves twice. A run whose job was taken over
 * records nothing and rolls its chunk back.
 */
async function runCatalogBatch(
  em: EntityManager,
  businessId: string,
  batchId: string,
  operation: CatalogBatchType,
  run: Run,
  signal: AbortSignal,
  afterChunk: () => Promise<void>,
): Promise<void> {
  for (;;) {
    if (signal.aborted) throw new LeaseLost();
    const done = await em.transactional(async (tx) => {
      const db = tenantDb(tx, businessId);
      const items = await db
        .selectFrom('batch_operation_items')
        .select(['id', 'product_id', 'variant_id', 'input'])
        .where('batch_id', '=', batchId)
        .where('status', '=', 'pending')
        .orderBy('seq')
        .limit(CATALOG_CHUNK)
        .forUpdate()
        .execute();
      if (items.length === 0) return 0;
      const results = await applyCatalogChunk(tx, businessId, operation, items);
      const rows = results.map((r) => ({
        id: r.id,
        ok: r.ok,
        request: r.request,
        response: r.response ?? null,
        error: r.error?.slice(0, 2_000) ?? null,
      }));
      const marked = await db
        .updateTable('batch_operation_items as i')
        .from(jsonRows(rows, 'id uuid, ok boolean, request jsonb, response jsonb, error text'))
        .set((eb) => ({
          status: eb.case().when('x.ok', '=', true).then('succeeded').else('failed').end(),
          attempts: eb('i.attempts', '+', 1),
          request: sql`x.request`,
          response: sql`x.response`,
          error: eb.ref('x.error'),
          updated_at: sql`now()`,
        }))
        .whereRef('i.id', '=', 'x.id')
        .where((eb) => eb.exists(heldBy(db, run)))
        .returning('i.id')
        .execute();
      if (marked.length < items.length) throw new LeaseLost();
      return items.length;
    });
    if (done === 0) return;
    await afterChunk();
  }
}

/**
 * The `batch.run` job: sends the batch chunk by chunk within the platform's limits, storing every
 * item's request before it is sent and its answer after, publishing progress as it goes. A killed
 * process leaves the job to be taken over when its lease expires; the next run resumes at the
 * first unanswered item. The job's coalesce key keeps two runs of one batch from overlapping.
 */
export function batchRunHandler(runner: BatchRunnerDeps): JobHandler<{ batchId: string }> {
  return async (job, { em, signal }) => {
    const businessId = job.businessId ?? '';
    const { batchId } = job.payload;
    const batch = await loadBatchRow(em, businessId, batchId);
    if (!batch) return;
    const progress = batchProgress(runner.events, businessId, batch);
    await tenantDb(em, businessId)
      .updateTable('batch_operations')
      .set({ status: 'running', started_at: sql`coalesce(started_at, now())` })
      .where('id', '=', batchId)
      .execute();

    const run: Run = { jobId: job.id, lease: job.lease };
    const operation = batch.operation_type;
    const platform = batch.platform;
    if (isCatalogBatch(operation) || batch.connection_id === null || platform === null) {
      if (isCatalogBatch(operation))
        await runCatalogBatch(em, businessId, batchId, operation, run, signal, async () =>
          progress.update(await refreshCounts(em, businessId, batchId)),
        );
      else await failRemaining(em, businessId, batchId, 'This batch names no sales channel');
      await finish(em, batch, progress);
      return;
    }

    const connection = await findSyncConnection(em, businessId, batch.connection_id);
    if (connection?.status !== 'connected') {
      const name = platformNames[platform];
      const why = connection?.status === 'reconnect_needed' ? `${name} must be connected again` : `${name} is not connected`;
      await failRemaining(em, businessId, batchId, `${why}: reconnect it in Sales Channels, then retry the failed items`);
      await finish(em, batch, progress);
      return;
    }
    const deps: SyncDeps = { ...runner.deps, em: em.fork() };
    let adapter: ExecutorContext['adapter'];
    try {
      adapter = await connectionAdapter(deps, connection);
    } catch (error) {
      // Unreadable credentials will not heal by waiting: say so on every item.
      await failRemaining(em, businessId, batchId, `${platformNames[platform]} could not be used: ${messageOf(error)}`);
      await finish(em, batch, progress);
      return;
    }
    const context: ExecutorContext = { em, deps, businessId, batchId, connection, adapter };
    const executor = executorFor(operation, platform);

    for (;;) {
      if (signal.aborted) throw new LeaseLost();
      const chunk = await claimChunk(em, context, executor, run);
      if (chunk.length === 0) break;
      let outcomes: ItemOutcome[];
      try {
        outcomes = await executor.send(context, chunk);
      } catch (error) {
        if (error instanceof ReconnectNeeded || (error instanceof AppError && error.code === 'RECONNECT_NEEDED')) {
          await failRemaining(em, businessId, batchId, `${platformNames[platform]} must be connected again: ${messageOf(error)}`);
          break;
        }
        outcomes = chunkFailure(chunk, error);
        runner.log.warn({ batch: batchId, err: messageOf(error) }, 'batch chunk failed');
      }
      await recordOutcomes(em, context, executor, outcomes);
      const counts = await refreshCounts(em, businessId, batchId);
      if (outcomes.some((outcome) => outcome.rateLimited)) {
        await progress.update(counts, true);
        throw new RetryLater(RATE_LIMIT_PAUSE_MS, `${platformNames[platform]} rate limit: batch paused`);
      }
      await progress.update(counts);
    }
    await finish(em, batch, progress);
  };
}
