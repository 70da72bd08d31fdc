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
  BatchOperationType,
  CatalogBatchRequest,
  CreateBatchBody,
} from '@tradepost/shared/schemas/batch-operations.ts';
import { type InferResult, type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { newId } from '../../db/ids.ts';
import type { DB, JsonObject } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import { defineJob, enqueueJob } from '../../jobs/queue.ts';
import { loadConnection } from '../connections/public.ts';
import type { Platform } from '../marketplaces/public.ts';
import { platformNames } from '../sync/public.ts';
import { type NewBatchItem, resolveBatchItems } from './batch-items.ts';
import { resolveCatalogBatchItems } from './catalog-batches.ts';
import { jsonRows } from './json-rows.ts';

/** Batches with their creator's name, as presentBatch reads them. */
const selectBatches = (db: Kysely<DB>) =>
  db
    .selectFrom('batch_operations as b')
    .leftJoin('users as u', 'u.id', 'b.created_by')
    .select([
      'b.id',
      'b.business_id',
      'b.connection_id',
      'b.platform',
      'b.operation_type',
      'b.status',
      'b.total',
      'b.succeeded',
      'b.failed',
      'b.created_by',
      'u.first_name as created_by_first',
      'u.last_name as created_by_last',
      'u.username as created_by_username',
      'b.created_at',
      'b.started_at',
      'b.finished_at',
    ])
    .$narrowType<Pick<BatchOperation, 'platform' | 'operation_type' | 'status'>>();

export type BatchRow = InferResult<ReturnType<typeof selectBatches>>[number];

/** The business's latest batches on one connection, newest first (a marketplace's dashboard). */
export const recentBatches = (em: EntityManager, businessId: string, connectionId: string, limit: number): Promise<BatchRow[]> =>
  selectBatches(tenantDb(em, businessId))
    .where('b.connection_id', '=', connectionId)
    .orderBy('b.created_at', 'desc')
    .limit(limit)
    .execute();

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
  const row = await selectBatches(tenantDb(em, businessId)).where('b.id', '=', batchId).executeTakeFirst();
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
  return insertBatch(em, scope, { connectionId: connection.id, platform: connection.platform, operationType: body.operation_type }, items);
}

/**
 * A change to the catalog itself (catalog prices, archiving), run as a batch like marketplace work:
 * every item is checked first, then the batch, its items and its run are written together.
 */
export async function createCatalogBatch(
  em: EntityManager,
  scope: { businessId: string; userId: string },
  body: CatalogBatchRequest,
): Promise<BatchOperation> {
  const items = await resolveCatalogBatchItems(em, scope.businessId, body);
  return insertBatch(em, scope, { connectionId: null, platform: null, operationType: body.operation_type }, items);
}

async function insertBatch(
  em: EntityManager,
  scope: { businessId: string; userId: string },
  target: { connectionId: string | null; platform: Platform | null; operationType: BatchOperationType },
  items: NewBatchItem[],
): Promise<BatchOperation> {
  const batchId = newId();
  await em.transactional(async (tx) => {
    const db = tenantDb(tx, scope.businessId);
    await db
      .insertInto('batch_operations')
      .values({
        id: batchId,
        connection_id: target.connectionId,
        platform: target.platform,
        operation_type: target.operationType,
        total: items.length,
        created_by: scope.userId,
      })
      .execute();
    // One statement for up to 10,000 rows: the items travel as one JSON array.
    const rows = jsonRows(
      items.map((item) => ({ id: newId(), ...item })),
      'id uuid, seq integer, product_id uuid, variant_id uuid, sku text, input jsonb',
    );
    await db
      .insertInto('batch_operation_items')
      .columns(['id', 'batch_id', 'seq', 'product_id', 'variant_id', 'sku', 'input'])
      .expression(
        db
          .selectFrom(rows)
          .select((eb) => [
            'x.id',
            eb.cast<string>(eb.val(batchId), 'uuid').as('batch_id'),
            'x.seq',
            'x.product_id',
            'x.variant_id',
            'x.sku',
            'x.input',
          ]),
      )
      .execute();
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

const encodeCursor = (row: { cursor_key: string; id: string }) =>
  Buffer.from(JSON.stringify([row.cursor_key, row.id])).toString('base64url');

/** Newest first, filtered by status, platform and type; keyset pages. */
export async function listBatches(em: EntityManager, businessId: string, query: BatchListQuery): Promise<BatchList> {
  let select = selectBatches(tenantDb(em, businessId)).select(sql<string>`to_json(b.created_at)#>>'{}'`.as('cursor_key'));
  if (query.status) select = select.where('b.status', '=', query.status);
  if (query.platform) select = select.where('b.platform', '=', query.platform);
  if (query.operation_type) select = select.where('b.operation_type', '=', query.operation_type);
  if (query.cursor) {
    const [createdAt, id] = decodeCursor(query.cursor);
    select = select.where(sql<boolean>`(b.created_at, b.id) < (${createdAt}::timestamptz, ${id}::uuid)`);
  }
  const rows = await select
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { batches: page.map(presentBatch), next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}

/** One batch's items with the product and size each is about, as presentItem reads them. */
const selectItems = (db: Kysely<DB>, batchId: string) =>
  db
    .selectFrom('batch_operation_items as i')
    .leftJoin('variants as v', 'v.id', 'i.variant_id')
    .leftJoin('products as p', (join) => join.on((eb) => eb('p.id', '=', eb.fn.coalesce('i.product_id', 'v.product_id'))))
    .where('i.batch_id', '=', batchId)
    .select([
      'i.seq',
      'i.product_id',
      'i.variant_id',
      'i.sku',
      'p.title',
      'v.size',
      'i.input',
      'i.status',
      'i.attempts',
      'i.error',
      'i.updated_at',
    ])
    .$narrowType<{ input: JsonObject; status: BatchItemStatus }>();

type ItemRow = InferResult<ReturnType<typeof selectItems>>[number];

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
  let select = selectItems(tenantDb(em, businessId), batchId).where('i.seq', '>', query.cursor ?? 0);
  if (query.status) select = select.where('i.status', '=', query.status);
  const rows = await select
    .orderBy('i.seq')
    .limit(query.limit + 1)
    .execute();
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
  const row = await selectItems(tenantDb(em, businessId), batchId)
    .select(['i.request', 'i.response'])
    .where('i.seq', '=', seq)
    .executeTakeFirst();
  if (!row) throw new NotFound('Batch item not found');
  return { ...presentItem(row), request: row.request ?? null, response: row.response ?? null };
}

/** Puts only the failed items back to pending and runs the batch again; the others keep their result. */
export async function retryFailedItems(em: EntityManager, businessId: string, batchId: string): Promise<BatchOperation> {
  await batchOrNotFound(em, businessId, batchId);
  // The answer is the batch as the retry left it (queued), read before the commit: after it a runner
  // may already have picked the batch up.
  return em.transactional(async (tx) => {
    const db = tenantDb(tx, businessId);
    const locked = await db.selectFrom('batch_operations').select('failed').where('id', '=', batchId).forUpdate().executeTakeFirst();
    const reset = await db
      .updateTable('batch_operation_items')
      .set({ status: 'pending', error: null, updated_at: sql`now()` })
      .where('batch_id', '=', batchId)
      .where('status', '=', 'failed')
      .returning('seq')
      .execute();
    if (reset.length === 0 || !locked) throw new Conflict('This batch has no failed items to retry', 'NOTHING_TO_RETRY');
    await db
      .updateTable('batch_operations')
      .set((eb) => ({ status: 'queued', failed: eb('failed', '-', reset.length), finished_at: null }))
      .where('id', '=', batchId)
      .execute();
    await enqueueRun(tx, businessId, batchId);
    return presentBatch(await batchOrNotFound(tx, businessId, batchId));
  });
}
