import type { EntityManager } from '@mikro-orm/postgresql';
import type { SyncOperation } from '@tradepost/shared/schemas/sync.ts';
import { newId } from '../../db/ids.ts';

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

/** One line of the sync log per item sent to (or read from) a platform. */
export async function writeSyncLog(em: EntityManager, entries: SyncLogInput[]): Promise<void> {
  for (const entry of entries) {
    await em.execute(
      `INSERT INTO sync_log (id, business_id, connection_id, variant_id, batch_id, operation, ok, quantity, price_cents, error,
                             request, response, duration_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?)`,
      [
        newId(),
        entry.businessId,
        entry.connectionId,
        entry.variantId ?? null,
        entry.batchId ?? null,
        entry.operation,
        entry.ok,
        entry.quantity ?? null,
        entry.priceCents ?? null,
        entry.error ? entry.error.slice(0, 2_000) : null,
        json(entry.request),
        json(entry.response),
        entry.durationMs === undefined || entry.durationMs === null ? null : Math.round(entry.durationMs),
      ],
    );
  }
}

/** A short reason for any thrown value, for the log and the screens. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 1_000);
