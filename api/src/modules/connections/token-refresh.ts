import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantDb } from '../../db/tenant-db.ts';
import { defineJob, enqueueJob } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { ReconnectNeeded } from '../marketplaces/public.ts';
import { adapterFor, loadConnection } from './adapter-factory.ts';

/** Tokens are refreshed this long before they expire, so no sync ever waits on a refresh. */
export const REFRESH_AHEAD_MS = 10 * 60_000;

const refreshKey = (connectionId: string) => `refresh:${connectionId}`;

export const refreshTokenJob = defineJob('sync.refresh_token', z.object({ connectionId: z.uuid() }));

/** One refresh job per connection, due ten minutes before the token expires; none for tokens that never do. */
export async function scheduleRefresh(em: EntityManager, businessId: string, connectionId: string, expiresAt: Date | null): Promise<void> {
  if (!expiresAt) return;
  await enqueueJob(em, refreshTokenJob, {
    businessId,
    key: refreshKey(connectionId),
    payload: { connectionId },
    delayMs: Math.max(0, expiresAt.getTime() - REFRESH_AHEAD_MS - Date.now()),
  });
}

export async function cancelRefresh(em: EntityManager, businessId: string, connectionId: string): Promise<void> {
  await tenantDb(em, businessId)
    .deleteFrom('jobs')
    .where('coalesce_key', '=', refreshKey(connectionId))
    .where('status', '=', 'queued')
    .execute();
}

/**
 * `sync.refresh_token`: refreshes a connected account's token when it expires within ten minutes,
 * then schedules the next one. A refusal marks the connection "reconnect needed" with the
 * platform's reason (the token store does it) and ends the job: retrying cannot help.
 */
export function refreshTokenHandler(app: FastifyInstance): JobHandler<{ connectionId: string }> {
  return async (job, { em, log }) => {
    const { connectionId } = job.payload;
    if (!job.businessId) return;
    const connection = await loadConnection(em, job.businessId, connectionId);
    if (connection?.status !== 'connected') return;
    const row = await tenantDb(em, job.businessId)
      .selectFrom('channel_connections')
      .where('id', '=', connectionId)
      .select('token_expires_at')
      .executeTakeFirst();
    const expiresAt = row?.token_expires_at ? new Date(row.token_expires_at) : null;
    if (!expiresAt) return;
    if (expiresAt.getTime() - Date.now() > REFRESH_AHEAD_MS) {
      // Someone refreshed meanwhile (a sync call near expiry): wait for the new token's turn.
      await scheduleRefresh(em, job.businessId, connectionId, expiresAt);
      return;
    }
    const adapter = await adapterFor({ em: app.orm.em.fork(), tokenKey: app.tokenKey }, connection);
    try {
      const next = await adapter.refreshCredentials();
      await scheduleRefresh(em, job.businessId, connectionId, next.expiresAt);
    } catch (error) {
      if (error instanceof ReconnectNeeded) {
        log.warn({ connectionId, platform: connection.platform }, 'marketplace refused the token refresh; reconnect needed');
        return;
      }
      throw error;
    }
  };
}
