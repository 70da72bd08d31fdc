import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { AppError, Conflict, NotFound } from '../../errors.ts';
import { type AdapterDeps, type AnyAdapter, adapterFor, type ConnectionRow, connectionColumns } from '../connections/public.ts';
import type { Platform } from '../marketplaces/public.ts';
import { PlatformError, ReconnectNeeded } from '../marketplaces/public.ts';

/**
 * MEDIA_BASE_URL, else PUBLIC_URL: the app's public address for photos, when it has one. Listing
 * does not need it (adapters upload the bytes, reference §5b); kept for the callers that pass it.
 */
export const mediaBaseUrl = (config: Config): string | null => config.MEDIA_BASE_URL ?? config.PUBLIC_URL ?? null;

/** What every sync path needs: an EntityManager outside any business transaction and the sealing key. */
export type SyncDeps = AdapterDeps & {
  /** Optional and unused by listing: photos are uploaded as bytes, so no public address is needed. */
  publicUrl?: string | null;
  /** SYNC_POLL_SECONDS in ms: when a newly listed connection is first polled. */
  pollMs?: number;
};

/** A connection with its channel's sync switches. */
export type SyncConnection = ConnectionRow & {
  /** The platform's name of the account (Shopify shop domain, Square merchant id, eBay user): webhooks must name it. */
  external_account_id?: string | null;
  account_name: string | null;
  sync_enabled: boolean;
  channel_buffer: number;
  channel_enabled: boolean;
};

export const platformNames: Record<Platform, string> = { ebay: 'eBay', shopify: 'Shopify', square: 'Square' };

export async function findSyncConnection(em: EntityManager, businessId: string, connectionId: string): Promise<SyncConnection | null> {
  const row = await tenantDb(em, businessId)
    .selectFrom('channel_connections as c')
    .innerJoin('sales_channels as ch', 'ch.id', 'c.channel_id')
    .where('c.id', '=', connectionId)
    .select(connectionColumns.map((column) => `c.${column}` as const))
    .select(['c.account_name', 'ch.sync_enabled', 'ch.quantity_buffer as channel_buffer', 'ch.enabled as channel_enabled'])
    // CHECK constraints hold platform, environment and status to ConnectionRow's values.
    .$castTo<SyncConnection>()
    .executeTakeFirst();
  return row ? { ...row, settings: row.settings ?? {} } : null;
}

/** Public webhooks name only the connection; the row says which business it belongs to. */
export async function findConnectionForWebhook(em: EntityManager, platform: string, connectionId: string): Promise<SyncConnection | null> {
  // Crosses businesses on purpose (permanent allow-list, scripts/check-tenant-sql.ts): a webhook names no business until this row is found: the look-up crosses businesses by design.
  const [row] = await em.execute<SyncConnection[]>(
    `SELECT ${connectionColumns.map((column) => `c.${column}`).join(', ')},
            c.account_name, c.external_account_id, ch.sync_enabled, ch.quantity_buffer AS channel_buffer,
            ch.enabled AS channel_enabled
       FROM channel_connections c JOIN sales_channels ch ON ch.id = c.channel_id
      WHERE c.id = ? AND c.platform = ?`,
    [connectionId, platform],
  );
  return row ? { ...row, settings: row.settings ?? {} } : null;
}

export async function syncConnectionOrFail(em: EntityManager, businessId: string, connectionId: string): Promise<SyncConnection> {
  const connection = await findSyncConnection(em, businessId, connectionId);
  if (!connection) throw new NotFound('Connection not found');
  return connection;
}

/** Listing and ending need a working connection; say plainly what to do otherwise. */
export function assertConnected(connection: SyncConnection): void {
  if (connection.status === 'connected') return;
  const name = platformNames[connection.platform];
  const what =
    connection.status === 'reconnect_needed'
      ? `${name} needs to be connected again`
      : connection.status === 'disconnected'
        ? `${name} is disconnected`
        : `${name} is not connected yet`;
  throw new Conflict(`${what}: open Sales channels → Manage to connect it.`, 'CONNECTION_NOT_READY');
}

export function connectionAdapter(deps: SyncDeps, connection: SyncConnection): Promise<AnyAdapter> {
  return adapterFor(deps, connection);
}

/** The platform's refusal as an API answer: 409 to reconnect, 422 for a refusal, 502 for an outage (its message kept). */
export function platformFailure(error: unknown, connection: SyncConnection): AppError {
  const failure = describeFailure(error, platformNames[connection.platform]);
  // Kept for callers that decide by the platform's own error (a batch pauses on a rate limit).
  failure.cause = error;
  return failure;
}

function describeFailure(error: unknown, name: string): AppError {
  if (error instanceof ReconnectNeeded) return new Conflict(`${name} needs to be connected again (${error.reason}).`, 'RECONNECT_NEEDED');
  // A refusal will be the same next time (422: clients do not retry it); an outage may pass (502).
  if (error instanceof PlatformError && !error.retryable) return new AppError(422, 'PLATFORM_REFUSED', `${name} refused: ${error.message}`);
  if (error instanceof PlatformError) return new AppError(502, 'PLATFORM_ERROR', `${name} did not answer properly: ${error.message}`);
  return new AppError(502, 'PLATFORM_ERROR', `${name} could not be reached: ${error instanceof Error ? error.message : String(error)}`);
}

/** Marks the connection's last error (shown on sync health); never touches its status. */
export async function noteConnectionError(em: EntityManager, businessId: string, connectionId: string, message: string): Promise<void> {
  await tenantDb(em, businessId)
    .updateTable('channel_connections')
    .set({ last_error: message.slice(0, 1_000), last_error_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', connectionId)
    .execute();
}
