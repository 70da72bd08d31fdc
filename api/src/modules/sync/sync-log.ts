import type { EntityManager } from '@mikro-orm/postgresql';
import type { SyncLogEntry, SyncOperation } from '@tradepost/shared/schemas/sync.ts';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids.ts';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';

export type SyncLogInput = {
  businessId: string;
  connectionId: string;
  variantId?: string | null;
  batchId?: string | null;
  operation: SyncOperation;
  ok: boolean;
  quantity?: number | null;
  priceCents?: number | null;
  error?: string | null;
  request?: unknown;
  response?: unknown;
  durationMs?: number | null;
};

// Keys whose values never reach the log, whatever object they sit in.
const SECRET_KEY = /token|secret|authorization|password|signature|hmac|api[-_]?key|credential/i;
const MAX_STRING = 500;
const MAX_ITEMS = 25;
const MAX_DEPTH = 5;

/** A copy small enough to keep and safe to show: secrets masked, long strings and lists cut. */
export function trimForLog(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => trimForLog(item, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `… ${value.length - MAX_ITEMS} more`] : items;
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      out[key] = SECRET_KEY.test(key) ? '[redacted]' : trimForLog(item, depth + 1);
    }
    return out;
  }
  return String(value);
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(trimForLog(value)));

/** One line of the sync log per item sent to (or read from) a platform: one statement per business. */
export async function writeSyncLog(em: EntityManager, entries: SyncLogInput[]): Promise<void> {
  for (const businessId of new Set(entries.map((entry) => entry.businessId))) {
    const rows = entries.filter((entry) => entry.businessId === businessId).map(logRow);
    await tenantDb(em, businessId).insertInto('sync_log').values(rows).execute();
  }
}

const logRow = (entry: SyncLogInput) => ({
  id: newId(),
  connection_id: entry.connectionId,
  variant_id: entry.variantId ?? null,
  batch_id: entry.batchId ?? null,
  operation: entry.operation,
  ok: entry.ok,
  quantity: entry.quantity ?? null,
  price_cents: entry.priceCents ?? null,
  error: entry.error ? entry.error.slice(0, 2_000) : null,
  request: json(entry.request),
  response: json(entry.response),
  duration_ms: entry.durationMs === undefined || entry.durationMs === null ? null : Math.round(entry.durationMs),
});

/** A short reason for any thrown value, for the log and the screens. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 1_000);

/** Entries of the sync log as screens show them (with the connection's platform); callers add the filter, order and limit. */
export const syncLogEntries = (db: Kysely<DB>) =>
  db
    .selectFrom('sync_log as s')
    .innerJoin('channel_connections as c', 'c.id', 's.connection_id')
    .select([
      's.id',
      's.connection_id',
      'c.platform',
      's.variant_id',
      's.operation',
      's.ok',
      's.quantity',
      's.price_cents',
      's.error',
      's.request',
      's.response',
      's.duration_ms',
      's.created_at',
    ])
    // CHECK constraints hold the connection's platform and the log's operation to their values.
    .$narrowType<Pick<SyncLogEntry, 'platform' | 'operation'>>();
