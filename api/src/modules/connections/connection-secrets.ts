import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { tenantDb } from '../../db/tenant-db.ts';
import { open, seal } from '../../plugins/sealed-box.ts';
import type { Credentials, TokenStore } from '../marketplaces/public.ts';

/** The app's OAuth client as the platform issued it (from the environment, or entered for a sandbox or simulator). */
export type AppCredentials = { clientId: string; clientSecret: string; redirectUri: string };

/**
 * Everything secret about one connection, sealed together in `channel_connections.credentials_sealed`
 * with the connection's id as the authenticated context (a value copied to another row does not open).
 */
export type ConnectionSecrets = {
  app: AppCredentials;
  token: { accessToken: string; refreshToken: string | null; expiresAt: string | null; scopes?: string[] } | null;
  /** Square: the webhook subscription's signature key; eBay: the endpoint's verification token. */
  webhookSignatureKey?: string;
  /** The nonce of the one OAuth round trip in flight (oauth-state.ts); cleared when its callback arrives. */
  oauthNonce?: string;
};

const context = (connectionId: string) => `channel_connection:${connectionId}`;

export function sealSecrets(secrets: ConnectionSecrets, key: Buffer, connectionId: string): string {
  return seal(JSON.stringify(secrets), key, context(connectionId));
}

export function openSecrets(sealed: string, key: Buffer, connectionId: string): ConnectionSecrets {
  return JSON.parse(open(sealed, key, context(connectionId))) as ConnectionSecrets;
}

export const toCredentials = (token: NonNullable<ConnectionSecrets['token']>): Credentials => ({
  accessToken: token.accessToken,
  refreshToken: token.refreshToken,
  expiresAt: token.expiresAt ? new Date(token.expiresAt) : null,
  ...(token.scopes ? { scopes: token.scopes } : {}),
});

export const fromCredentials = (credentials: Credentials): NonNullable<ConnectionSecrets['token']> => ({
  accessToken: credentials.accessToken,
  refreshToken: credentials.refreshToken,
  expiresAt: credentials.expiresAt ? credentials.expiresAt.toISOString() : null,
  ...(credentials.scopes ? { scopes: credentials.scopes } : {}),
});

/** Reads and writes one connection's secrets; every read goes to the database so all processes see a refresh. */
export async function loadSecrets(em: EntityManager, key: Buffer, businessId: string, connectionId: string): Promise<ConnectionSecrets> {
  const row = await tenantDb(em, businessId)
    .selectFrom('channel_connections')
    .where('id', '=', connectionId)
    .select('credentials_sealed')
    .executeTakeFirst();
  if (!row?.credentials_sealed) throw new Error('connection has no credentials');
  return openSecrets(row.credentials_sealed, key, connectionId);
}

export async function saveSecrets(
  em: EntityManager,
  key: Buffer,
  businessId: string,
  connectionId: string,
  secrets: ConnectionSecrets,
): Promise<void> {
  await tenantDb(em, businessId)
    .updateTable('channel_connections')
    .set({
      credentials_sealed: sealSecrets(secrets, key, connectionId),
      token_expires_at: secrets.token?.expiresAt ?? null,
      updated_at: sql`now()`,
    })
    .where('id', '=', connectionId)
    .execute();
}

/**
 * The adapters' TokenStore over the database: a refresh is saved sealed, and a refused refresh
 * marks the connection "reconnect needed" with the platform's reason, which the UI shows.
 */
export function databaseTokenStore(em: EntityManager, key: Buffer, businessId: string, connectionId: string): TokenStore {
  return {
    async current() {
      const secrets = await loadSecrets(em, key, businessId, connectionId);
      if (!secrets.token) throw new Error('connection is not authorised yet');
      return toCredentials(secrets.token);
    },
    async save(next) {
      const secrets = await loadSecrets(em, key, businessId, connectionId);
      await saveSecrets(em, key, businessId, connectionId, { ...secrets, token: fromCredentials(next) });
    },
    async refreshOnce(stale, grant) {
      // A transaction-scoped advisory lock per connection: the second refresher waits, then finds
      // the new token and uses it instead of spending the (rotated, now refused) refresh token.
      return em.transactional(async (tx) => {
        await tx.execute('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [`token-refresh:${connectionId}`]);
        const secrets = await loadSecrets(tx, key, businessId, connectionId);
        if (!secrets.token) throw new Error('connection is not authorised yet');
        if (secrets.token.accessToken !== stale.accessToken) return toCredentials(secrets.token);
        const next = await grant(toCredentials(secrets.token));
        await saveSecrets(tx, key, businessId, connectionId, { ...secrets, token: fromCredentials(next) });
        return next;
      });
    },
    async reconnectNeeded(reason) {
      await tenantDb(em, businessId)
        .updateTable('channel_connections')
        .set({
          status: 'reconnect_needed',
          status_reason: reason.slice(0, 500),
          last_error: reason.slice(0, 500),
          last_error_at: sql`now()`,
          updated_at: sql`now()`,
        })
        .where('id', '=', connectionId)
        .where('status', '=', 'connected')
        .execute();
    },
  };
}
