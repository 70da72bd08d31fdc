import type { EntityManager } from '@mikro-orm/postgresql';
import { displayName } from '@tradepost/shared/domain/session.ts';
import type {
  BatchDetail,
  BatchItem,
  BatchItemDetail,
  BatchItemStatus,
  BatchList,
  BatchListQuery,
  BatchOperation,
  CreateBatchBody,
} from '@tradepost/shared/schemas/batch-operations.ts';
import { z } from 'zod';
import { newId } from '../../db/ids.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import { defineJob, enqueueJob } from '../../jobs/queue.ts';
import { loadConnection } from '../connections/public.ts';
import { platformNames } from '../sync/public.ts';
import { resolveBatchItems } from './batch-items.ts';

export type BatchRow = {
  id: string;
  business_id: string;
  connection_id: string;
  platform: BatchOperation['platform'];
  operation_type: BatchOperation['operation_type'];
  status: BatchOperation['status'];
  total: number;
  succeeded: number;
  failed: number;
  created_by: string | null;
  created_by_first: string | null;
  created_by_last: string | null;
  created_by_username: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  cursor_key: string;
};

const BATCH_COLUMNS = `b.id, b.business_id, b.connection_id, b.platform, b.operation_type, b.status, b.total, b.succeeded, b.failed,
  b.created_by, u.first_name AS created_by_first, u.last_name AS created_by_last, u.username AS created_by_username,
  b.created_at, b.started_at, b.finished_at, to_json(b.created_at)#>>'{}' AS cursor_key`;
const BATCH_FROM = 'batch_operations b LEFT JOIN users u ON u.id = b.created_by';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function presentBatch(row: BatchRow): BatchOperation {
  const answered = row.succeeded + row.failed;
  const start = row.started_at ? new Date(row.started_at).getTime() : null;
  const end = row.finished_at ? new Date(row.finished_at).getTime() : Date.now();
  return {
    id: row.id,
    connection_id: row.connection_id,
    platform: row.platform,
    operation_type: row.operation_type,
    status: row.status,
    total: row.total,
    succeeded: row.succeeded,
    failed: row.failed,
    remaining: Math.max(0, row.total - answered),
    success_rate: answered === 0 ? null : row.succeeded / answered,
    created_by:
      row.created_by === null
        ? null
        : {
            id: row.created_by,
            name: displayName({
              first_name: row.created_by_first,
              last_name: row.created_by_last,
              username: row.created_by_username ?? '',
            }),
          },
    created_at: new Date(row.created_at).toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    duration_ms: start === null ? null : Math.max(0, end - start),
  };
}

export async function loadBatchRow(em: EntityManager, businessId: string, batchId: string): Promise<BatchRow | null> {
  const [row] = await em.execute<BatchRow[]>(`SELECT ${BATCH_COLUMNS} FROM ${BATCH_FROM} WHERE b.business_id = ? AND b.id = ?`, [
    businessId,
    batchId,
  ]);
  return row ?? null;
}

async function batchOrNotFound(em: EntityManager, businessId: string, batchId: string): Promise<BatchRow> {
  const row = await loadBatchRow(em, businessId, batchId);
  if (!row) throw new NotFound('Batch operation not found');
  return row;
}

export const runJobKey = (batchId: string) => `batch:${batchId}`;

/** Runs one batch: see batch-runner.ts. */
export const batchRunJob = defineJob('batch.run', z.object({ batchId: z.uuid() }));

async function enqueueRun(em: EntityManager, businessId: string, batchId: string): Promise<void> {
  // Many crashes of a 10,000-item batch must not exhaust it: each run resumes where the last stopped.
  await enqueueJob(em, batchRunJob, { businessId, key: runJobKey(batchId), payload: { batchId }, maxAttempts: 25 });
}

/**
 * Validates every item, then writes the batch, its items (seq from 1, in the order given) and the
 * job that runs it in one transaction: on bad input nothing is written.
 */
export async function createBatch(
  em: EntityManager,
  scope: { businessId: string; userId: string },
  body: CreateBatchBody,
): Promise<BatchOperation> {
  const connection = await loadConnection(em, scope.businessId, body.connection_id);
  if (!connection) throw new NotFound('Connection not found');
  if (connection.status !== 'connected') {
    const why = connection.status === 'reconnect_needed' ? 'must be connected again' : `is ${connection.status}`;
    throw new Invalid(`${platformNames[connection.platform]} ${why}`, [
      { field: 'connection_id', message: `${platformNames[connection.platform]} ${why}: see Sales Channels` },
    ]);
  }
  const items = await resolveBatchItems(em, scope.businessId, connection, body);
  const batchId = newId();
  await em.transactional(async (tx) => {
    await tx.execute(
      `INSERT INTO batch_operations (id, business_id, connection_id, platform, operation_type, total, created_by)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [batchId, scope.businessId, connection.id, connection.platform, body.operation_type, items.length, scope.userId],
    );
    // One statement for up to 10,000 rows: the items travel as one JSON array.
    await tx.execute(
      `INSERT INTO batch_operation_items (id, business_id, batch_id, seq, product_id, variant_id, sku, input)
       SELECT x.id, ?, ?, x.seq, x.product_id, x.variant_id, x.sku, x.input
         FROM jsonb_to_recordset(?::jsonb) AS x(id uuid, seq integer, product_id uuid, variant_id uuid, sku text, input jsonb)`,
      [scope.businessId, batchId, JSON.stringify(items.map((item) => ({ id: newId(), ...item })))],
    );
    await enqueueRun(tx, scope.businessId, batchId);
  });
  return presentBatch(await batchOrNotFound(em, scope.businessId, batchId));
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string' && !Number.isNaN(Date.parse(value[0])))
      return [value[0], value[1]];
  } catch {
    // fall through
  }
  throw new Invalid('Cursor is not one this list gave out', [{ field: 'cursor', message: 'Cursor is not one this list gave out' }]);
}

const encodeCursor = (row: BatchRow) => Buffer.from(JSON.stringify([row.cursor_key, row.id])).toString('base64url');

/** Newest first, filtered by status, platform and type; keyset pages. */
export async function listBatches(em: EntityManager, businessId: string, query: BatchListQuery): Promise<BatchList> {
  const where = ['b.business_id = ?'];
  const params: unknown[] = [businessId];
  if (query.status) {
    where.push('b.status = ?');
    params.push(query.status);
  }
  if (query.platform) {
    where.push('b.platform = ?');
    params.push(query.platform);
  }
  if (query.operation_type) {
    where.push('b.operation_type = ?');
    params.push(query.operation_type);
  }
  if (query.cursor) {
    const [createdAt, id] = decodeCursor(query.cursor);
    where.push('(b.created_at, b.id) < (?::timestamptz, ?::uuid)');
    params.push(createdAt, id);
  }
  const rows = await em.execute<BatchRow[]>(
    `SELECT ${BATCH_COLUMNS} FROM ${BATCH_FROM} WHERE ${where.join(' AND ')} ORDER BY b.created_at DESC, b.id DESC LIMIT ?`,
    [...params, query.limit + 1],
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { batches: page.map(presentBatch), next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}

type ItemRow = {
  seq: number;
  product_id: string | null;
  variant_id: string | null;
  sku: string | null;
  title: string | null;
  size: string | null;
  input: Record<string, unknown>;
  status: BatchItemStatus;
  attempts: number;
  error: string | null;
  updated_at: Date;
  request?: unknown;
  response?: unknown;
};

const ITEM_COLUMNS = `i.seq, i.product_id, i.variant_id, i.sku, p.title, v.size, i.input, i.status, i.attempts, i.error, i.updated_at`;
const ITEM_FROM = `batch_operation_items i
  LEFT JOIN variants v ON v.id = i.variant_id AND v.business_id = i.business_id
  LEFT JOIN products p ON p.id = coalesce(i.product_id, v.product_id) AND p.business_id = i.business_id`;

function presentItem(row: ItemRow): BatchItem {
  const label = row.title === null ? (row.sku ?? `Item ${row.seq}`) : row.size ? `${row.title} · ${row.size}` : row.title;
  return {
    seq: row.seq,
    product_id: row.product_id,
    variant_id: row.variant_id,
    sku: row.sku,
    label,
    input: row.input ?? {},
    status: row.status,
    attempts: row.attempts,
    error: row.error,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** The batch and one page of its items in seq order, optionally only those of one status. */
export async function getBatch(
  em: EntityManager,
  businessId: string,
  batchId: string,
  query: { status?: BatchItemStatus | undefined; cursor?: number | undefined; limit: number },
): Promise<BatchDetail> {
  const batch = await batchOrNotFound(em, businessId, batchId);
  const where = ['i.business_id = ?', 'i.batch_id = ?', 'i.seq > ?'];
  const params: unknown[] = [businessId, batchId, query.cursor ?? 0];
  if (query.status) {
    where.push('i.status = ?');
    params.push(query.status);
  }
  const rows = await em.execute<ItemRow[]>(`SELECT ${ITEM_COLUMNS} FROM ${ITEM_FROM} WHERE ${where.join(' AND ')} ORDER BY i.seq LIMIT ?`, [
    ...params,
    query.limit + 1,
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    batch: presentBatch(batch),
    items: page.map(presentItem),
    next_cursor: rows.length > query.limit && last ? String(last.seq) : null,
  };
}

/** One item with the exact request sent for it and the platform's answer (the debug screen). */
export async function getBatchItem(em: EntityManager, businessId: string, batchId: string, seq: number): Promise<BatchItemDetail> {
  await batchOrNotFound(em, businessId, batchId);
  const [row] = await em.execute<ItemRow[]>(
    `SELECT ${ITEM_COLUMNS}, i.request, i.response FROM ${ITEM_FROM} WHERE i.business_id = ? AND i.batch_id = ? AND i.seq = ?`,
    [businessId, batchId, seq],
  );
  if (!row) throw new NotFound('Batch item not found');
  return { ...presentItem(row), request: row.request ?? null, response: row.response ?? null };
}

/** Puts only the failed items back to pending and runs the batch again; the others keep their result. */
export async function retryFailedItems(em: EntityManager, businessId: string, batchId: string): Promise<BatchOperation> {
  await batchOrNotFound(em, businessId, batchId);
  await em.transactional(async (tx) => {
    const [locked] = await tx.execute<{ failed: number }[]>(
      'SELECT failed FROM batch_operations WHERE business_id = ? AND id = ? FOR UPDATE',
      [businessId, batchId],
    );
    const reset = await tx.execute<{ seq: number }[]>(
      `UPDATE batch_operation_items SET status = 'pending', error = NULL, updated_at = now()
        WHERE business_id = ? AND batch_id = ? AND status = 'failed' RETURNING seq`,
      [businessId, batchId],
    );
    if (reset.length === 0 || !locked) throw new Conflict('This batch has no failed items to retry', 'NOTHING_TO_RETRY');
    await tx.execute(
      `UPDATE batch_operations SET status = 'queued', failed = failed - ?, finished_at = NULL WHERE business_id = ? AND id = ?`,
      [reset.length, businessId, batchId],
    );
    await enqueueRun(tx, businessId, batchId);
  });
  return presentBatch(await batchOrNotFound(em, businessId, batchId));
}
