import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { RetryLater } from '../../jobs/runner.ts';
import type { EventBus } from '../../plugins/events.ts';
import { ReconnectNeeded } from '../marketplaces/public.ts';
import { connectionAdapter, findSyncConnection, messageOf, platformNames, type SyncDeps } from '../sync/public.ts';
import {
  type ClaimedItem,
  chunkFailure,
  type Executor,
  type ExecutorContext,
  executorFor,
  type ItemOutcome,
  type SettledItem,
} from './batch-executors.ts';
import { type BatchRow, loadBatchRow } from './batch-operations.service.ts';
import { type BatchCounts, batchProgress } from './batch-progress.ts';

export type BatchRunnerDeps = {
  events: EventBus;
  /** Adapter dependencies; `em` is replaced by the job's own fork. */
  deps: Omit<SyncDeps, 'em'>;
  log: FastifyBaseLogger;
};

/** How long a batch pauses when the platform keeps answering "too many requests" after the adapter's own waits. */
export const RATE_LIMIT_PAUSE_MS = 5_000;

type ItemRow = Omit<ClaimedItem, 'request'> & { request: Record<string, unknown> | null; status: 'pending' | 'sending' };

const ITEM_COLUMNS = 'id, seq, product_id, variant_id, sku, input, request, status';

/**
 * The next chunk to send. Items left `sending` by a run that died are first and keep the request
 * they were sent with, so the platform receives exactly the same full-state write again (which
 * changes nothing a second time). Pending items get their request built from current state and
 * are marked `sending` with it before anything leaves this process.
 */
async function claimChunk(em: EntityManager, context: ExecutorContext, executor: Executor): Promise<ClaimedItem[]> {
  const stuck = await em.execute<ItemRow[]>(
    `SELECT ${ITEM_COLUMNS} FROM batch_operation_items
      WHERE business_id = ? AND batch_id = ? AND status = 'sending' ORDER BY seq LIMIT ?`,
    [context.businessId, context.batchId, executor.chunkSize],
  );
  if (stuck.length > 0) {
    await em.execute(
      `UPDATE batch_operation_items SET attempts = attempts + 1, updated_at = now() WHERE business_id = ? AND id = ANY(?::uuid[])`,
      [context.businessId, `{${stuck.map((item) => item.id).join(',')}}`],
    );
    return stuck.map((item) => ({ ...item, request: item.request ?? {} }));
  }
  const pending = await em.execute<ItemRow[]>(
    `SELECT ${ITEM_COLUMNS} FROM batch_operation_items
      WHERE business_id = ? AND batch_id = ? AND status = 'pending' ORDER BY seq LIMIT ?`,
    [context.businessId, context.batchId, executor.chunkSize],
  );
  if (pending.length === 0) return [];
  const prepared = await executor.prepare(context, pending);
  const claimed: ClaimedItem[] = [];
  const refused: { id: string; error: string }[] = [];
  for (const [i, item] of pending.entries()) {
    const ready = prepared[i];
    if (ready && 'request' in ready) claimed.push({ ...item, request: ready.request });
    else refused.push({ id: item.id, error: ready && 'error' in ready ? ready.error : 'Could not prepare this item' });
  }
  await em.execute(
    `UPDATE batch_operation_items i SET status = 'sending', attempts = i.attempts + 1, request = x.request, updated_at = now()
       FROM jsonb_to_recordset(?::jsonb) AS x(id uuid, request jsonb)
      WHERE i.business_id = ? AND i.id = x.id`,
    [JSON.stringify(claimed.map((item) => ({ id: item.id, request: item.request }))), context.businessId],
  );
  await em.execute(
    `UPDATE batch_operation_items i SET status = 'failed', error = x.error, updated_at = now()
       FROM jsonb_to_recordset(?::jsonb) AS x(id uuid, error text)
      WHERE i.business_id = ? AND i.id = x.id`,
    [JSON.stringify(refused), context.businessId],
  );
  // Everything refused: take the next ones (the loop ends when nothing is pending).
  if (claimed.length === 0) return claimChunk(em, context, executor);
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
    const marked = await tx.execute<(SettledItem & { status: string })[]>(
      `UPDATE batch_operation_items i
          SET status = CASE WHEN x.ok THEN 'succeeded' ELSE 'failed' END, response = x.response, error = x.error, updated_at = now()
         FROM jsonb_to_recordset(?::jsonb) AS x(id uuid, ok boolean, response jsonb, error text)
        WHERE i.business_id = ? AND i.id = x.id AND i.status = 'sending'
        RETURNING i.id, i.variant_id, i.input, i.status`,
      [
        JSON.stringify(
          answered.map((o) => ({ id: o.id, ok: o.ok, response: o.response ?? null, error: o.error?.slice(0, 2_000) ?? null })),
        ),
        context.businessId,
      ],
    );
    const succeeded = marked.filter((item) => item.status === 'succeeded');
    if (succeeded.length > 0 && executor.settle)
      await executor.settle(
        tx,
        context,
        succeeded.map(({ status: _, ...item }) => item),
      );
  });
}

/** Counters recomputed from the items, so a run that died between two writes leaves nothing off by one. */
async function refreshCounts(em: EntityManager, businessId: string, batchId: string): Promise<BatchCounts> {
  const [row] = await em.execute<BatchCounts[]>(
    `UPDATE batch_operations b SET succeeded = c.succeeded, failed = c.failed
       FROM (SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded, count(*) FILTER (WHERE status = 'failed')::int AS failed
               FROM batch_operation_items WHERE business_id = ? AND batch_id = ?) c
      WHERE b.business_id = ? AND b.id = ?
      RETURNING b.total, b.succeeded, b.failed`,
    [businessId, batchId, businessId, batchId],
  );
  return row ?? { total: 0, succeeded: 0, failed: 0 };
}

/** Everything not answered yet fails with one reason (the connection is gone or must be authorised again). */
async function failRemaining(em: EntityManager, businessId: string, batchId: string, reason: string): Promise<void> {
  await em.execute(
    `UPDATE batch_operation_items SET status = 'failed', error = ?, updated_at = now()
      WHERE business_id = ? AND batch_id = ? AND status IN ('pending', 'sending')`,
    [reason.slice(0, 2_000), businessId, batchId],
  );
}

async function finish(em: EntityManager, batch: BatchRow, progress: ReturnType<typeof batchProgress>): Promise<void> {
  const counts = await refreshCounts(em, batch.business_id, batch.id);
  const status = counts.failed === 0 ? 'completed' : counts.succeeded === 0 ? 'failed' : 'partially_failed';
  await em.execute(`UPDATE batch_operations SET status = ?, finished_at = now() WHERE business_id = ? AND id = ?`, [
    status,
    batch.business_id,
    batch.id,
  ]);
  await progress.finish(counts);
}

/**
 * The `batch.run` job: sends the batch chunk by chunk within the platform's limits, storing every
 * item's request before it is sent and its answer after, publishing progress as it goes. A killed
 * process leaves the job to be taken over when its lease expires; the next run resumes at the
 * first unanswered item. The job's coalesce key keeps two runs of one batch from overlapping.
 */
export function batchRunHandler(runner: BatchRunnerDeps): JobHandler<{ batchId: string }> {
  return async (job, { em }) => {
    const businessId = job.businessId ?? '';
    const { batchId } = job.payload;
    const batch = await loadBatchRow(em, businessId, batchId);
    if (!batch) return;
    const progress = batchProgress(runner.events, businessId, batch);
    await em.execute(
      `UPDATE batch_operations SET status = 'running', started_at = coalesce(started_at, now()) WHERE business_id = ? AND id = ?`,
      [businessId, batchId],
    );

    const connection = await findSyncConnection(em, businessId, batch.connection_id);
    if (connection?.status !== 'connected') {
      const name = platformNames[batch.platform];
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
      await failRemaining(em, businessId, batchId, `${platformNames[batch.platform]} could not be used: ${messageOf(error)}`);
      await finish(em, batch, progress);
      return;
    }
    const context: ExecutorContext = { em, deps, businessId, batchId, connection, adapter };
    const executor = executorFor(batch.operation_type, batch.platform);

    for (;;) {
      const chunk = await claimChunk(em, context, executor);
      if (chunk.length === 0) break;
      let outcomes: ItemOutcome[];
      try {
        outcomes = await executor.send(context, chunk);
      } catch (error) {
        if (error instanceof ReconnectNeeded || (error instanceof AppError && error.code === 'RECONNECT_NEEDED')) {
          await failRemaining(em, businessId, batchId, `${platformNames[batch.platform]} must be connected again: ${messageOf(error)}`);
          break;
        }
        outcomes = chunkFailure(chunk, error);
        runner.log.warn({ batch: batchId, err: messageOf(error) }, 'batch chunk failed');
      }
      await recordOutcomes(em, context, executor, outcomes);
      const counts = await refreshCounts(em, businessId, batchId);
      if (outcomes.some((outcome) => outcome.rateLimited)) {
        await progress.update(counts, true);
        throw new RetryLater(RATE_LIMIT_PAUSE_MS, `${platformNames[batch.platform]} rate limit: batch paused`);
      }
      await progress.update(counts);
    }
    await finish(em, batch, progress);
  };
}
