import type { EntityManager } from '@mikro-orm/postgresql';
import type { FieldError } from '@tradepost/shared/schemas/common.ts';
import {
  type Connection,
  marketplacePlatforms,
  type PlatformConnection,
  type updateConnectionBodySchema,
} from '@tradepost/shared/schemas/connections.ts';
import { type InferResult, sql } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Invalid, NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import { ensureChannels } from '../sales/public.ts';
import { type ConnectionRow, type ConnectionSettings, loadConnection } from './adapter-factory.ts';
import { loadSecrets, saveSecrets } from './connection-secrets.ts';
import { revokeAtPlatform } from './platform-revoke.ts';
import { appFromEnvironment } from './platform-targets.ts';
import { cancelRefresh } from './token-refresh.ts';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The name eBay gave the chosen policy, when it named it at connection time; the screens fall back to the id. */
const policyName = (ebay: NonNullable<ConnectionSettings['ebay']>, id: string | undefined): string | null =>
  (id && ebay.policy_names?.[id]) || null;

function present(row: ListRow, config: Config): PlatformConnection {
  const settings = row.settings ?? {};
  const ebay = settings.ebay;
  return {
    platform: row.platform,
    channel_id: row.channel_id,
    app_configured: appFromEnvironment(config, row.platform) !== null,
    simulators_available: config.SIMULATORS_ENABLED,
    connection:
      row.id === null || row.status === null || row.environment === null
        ? null
        : {
            id: row.id,
            status: row.status,
            status_reason: row.status_reason,
            environment: row.environment,
            simulator: row.environment === 'simulator',
            api_base_url: row.api_base_url ?? '',
            shop_domain: row.shop_domain,
            account_id: row.external_account_id,
            account_name: row.account_name,
            token_expires_at: iso(row.token_expires_at),
            connected_at: iso(row.connected_at),
            last_sync_at: iso(row.last_sync_at),
            last_error: row.last_error,
            last_error_at: iso(row.last_error_at),
            settings: {
              sync_enabled: row.sync_enabled,
              quantity_buffer: row.quantity_buffer,
              location_ids: settings.location_ids ?? [],
              external_location_id: settings.external_location_id ?? null,
              external_locations: settings.external_locations ?? [],
              ebay: ebay
                ? {
                    marketplace_id: ebay.marketplace_id ?? null,
                    merchant_location_key: ebay.merchant_location_key ?? null,
                    fulfillment_policy_id: ebay.fulfillment_policy_id ?? null,
                    payment_policy_id: ebay.payment_policy_id ?? null,
                    return_policy_id: ebay.return_policy_id ?? null,
                    fulfillment_policy_name: policyName(ebay, ebay.fulfillment_policy_id),
                    payment_policy_name: policyName(ebay, ebay.payment_policy_id),
                    return_policy_name: policyName(ebay, ebay.return_policy_id),
                  }
                : null,
              price_rule_id: row.price_rule_id,
              webhook_url: settings.webhook_url ?? null,
              setup_needed: settings.setup_needed ?? [],
            },
          },
  };
}

/**
 * The business's sales channels, each with its connection's columns (null without one) and its
 * price rule. Read for marketplace channels only (a connection's channel is one); CHECK constraints
 * hold a connection's environment and status to these values; settings is this area's to write.
 */
function channelsWithConnections(em: EntityManager, businessId: string) {
  return tenantDb(em, businessId)
    .selectFrom('sales_channels as c')
    .leftJoin('channel_connections as k', 'k.channel_id', 'c.id')
    .select((eb) => [
      'c.id as channel_id',
      'c.kind as platform',
      'c.sync_enabled',
      'c.quantity_buffer',
      eb.selectFrom('price_rules as r').whereRef('r.channel_id', '=', 'c.id').select('r.id').as('price_rule_id'),
      'k.id',
      'k.status',
      'k.status_reason',
      'k.environment',
      'k.api_base_url',
      'k.shop_domain',
      'k.external_account_id',
      'k.account_name',
      'k.token_expires_at',
      'k.connected_at',
      'k.last_sync_at',
      'k.last_error',
      'k.last_error_at',
      'k.settings',
    ])
    .$narrowType<{
      platform: PlatformConnection['platform'];
      status: Connection['status'] | null;
      environment: Connection['environment'] | null;
      settings: ConnectionSettings | null;
    }>();
}

type ListRow = InferResult<ReturnType<typeof channelsWithConnections>>[number];

/** Every marketplace platform with its connection, or none yet. Never a secret. */
export async function listConnections(em: EntityManager, config: Config, businessId: string): Promise<PlatformConnection[]> {
  await ensureChannels(em, businessId);
  const rows = await channelsWithConnections(em, businessId).where('c.kind', 'in', marketplacePlatforms).execute();
  return marketplacePlatforms.flatMap((platform) => {
    const row = rows.find((r) => r.platform === platform);
    return row ? [present(row, config)] : [];
  });
}

export async function getConnection(em: EntityManager, config: Config, businessId: string, connectionId: string): Promise<Connection> {
  const row = await channelsWithConnections(em, businessId).where('k.id', '=', connectionId).executeTakeFirst();
  const connection = row ? present(row, config).connection : null;
  if (!connection) throw new NotFound('Connection not found');
  return connection;
}

export async function requireConnection(em: EntityManager, businessId: string, connectionId: string): Promise<ConnectionRow> {
  const connection = await loadConnection(em, businessId, connectionId);
  if (!connection) throw new NotFound('Connection not found');
  return connection;
}

/**
 * Settings of one connection: sync and buffer live on its sales channel, the rest in its
 * `settings`. Every value is checked first; a bad one is refused naming its field and nothing is written.
 */
export async function updateConnectionSettings(
  em: EntityManager,
  config: Config,
  businessId: string,
  connectionId: string,
  input: z.output<typeof updateConnectionBodySchema>,
): Promise<Connection> {
  await em.transactional(async (tx) => {
    const db = tenantDb(tx, businessId);
    const row = await db
      .selectFrom('channel_connections')
      .where('id', '=', connectionId)
      .select(['id', 'channel_id', 'platform', 'settings'])
      .$narrowType<{ settings: ConnectionSettings }>()
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new NotFound('Connection not found');
    const errors: FieldError[] = [];
    const settings: ConnectionSettings = { ...row.settings };

    if (input.location_ids !== undefined) {
      const unique = [...new Set(input.location_ids)];
      const found = unique.length ? await db.selectFrom('locations').where('id', 'in', unique).select('id').execute() : [];
      const known = new Set(found.map((l) => l.id));
      const unknown = unique.filter((id) => !known.has(id));
      if (unknown.length) errors.push({ field: 'location_ids', message: `Not one of your locations: ${unknown.join(', ')}` });
      settings.location_ids = unique;
    }
    if (input.external_location_id !== undefined) {
      const offered = settings.external_locations ?? [];
      if (!offered.some((l) => l.id === input.external_location_id)) {
        errors.push({ field: 'external_location_id', message: 'Choose one of the locations of the connected account' });
      }
      settings.external_location_id = input.external_location_id;
    }
    if (input.ebay !== undefined) {
      if (row.platform !== 'ebay') errors.push({ field: 'ebay', message: 'Business policies apply to eBay connections only' });
      settings.ebay = {
        ...settings.ebay,
        ...(input.ebay.fulfillment_policy_id !== undefined ? { fulfillment_policy_id: input.ebay.fulfillment_policy_id } : {}),
        ...(input.ebay.payment_policy_id !== undefined ? { payment_policy_id: input.ebay.payment_policy_id } : {}),
        ...(input.ebay.return_policy_id !== undefined ? { return_policy_id: input.ebay.return_policy_id } : {}),
      };
    }
    if (errors.length) throw new Invalid(errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);

    await db
      .updateTable('channel_connections')
      .set({ settings: JSON.stringify(settings), updated_at: sql`now()` })
      .where('id', '=', connectionId)
      .execute();
    const channel = {
      ...(input.sync_enabled !== undefined ? { sync_enabled: input.sync_enabled } : {}),
      ...(input.quantity_buffer !== undefined ? { quantity_buffer: input.quantity_buffer } : {}),
    };
    const channelChanged = Object.keys(channel).length > 0;
    if (channelChanged) await db.updateTable('sales_channels').set(channel).where('id', '=', row.channel_id).execute();
    // Which stock the channel sells, or how much it holds back, changed: every listed size is re-pushed.
    if (channelChanged || input.location_ids !== undefined) await emit(tx, businessId, 'channel.changed', { channel_id: row.channel_id });
  });
  return getConnection(em, config, businessId, connectionId);
}

/**
 * Disconnect: revoke the token where the platform allows it (best effort: the seller wants out
 * either way), forget every token (only the app credentials stay, for a later reconnect), turn
 * the channel's sync off. Listings stay as history; jobs skip a connection that is not connected.
 */
export async function disconnect(
  em: EntityManager,
  detached: EntityManager,
  tokenKey: Buffer,
  config: Config,
  businessId: string,
  connectionId: string,
): Promise<{ connection: Connection; revoked: boolean }> {
  const connection = await requireConnection(em, businessId, connectionId);
  let revoked = false;
  const secrets = await loadSecrets(detached, tokenKey, businessId, connectionId).catch(() => null);
  if (secrets?.token) revoked = await revokeAtPlatform(connection, secrets.app, secrets.token.accessToken);
  await em.transactional(async (tx) => {
    if (secrets) await saveSecrets(tx, tokenKey, businessId, connectionId, { app: secrets.app, token: null });
    const db = tenantDb(tx, businessId);
    await db
      .updateTable('channel_connections')
      .set({ status: 'disconnected', status_reason: null, token_expires_at: null, updated_at: sql`now()` })
      .where('id', '=', connectionId)
      .execute();
    await db.updateTable('sales_channels').set({ sync_enabled: false }).where('id', '=', connection.channel_id).execute();
    await cancelRefresh(tx, businessId, connectionId);
    // Other tabs and phones show the channel off at once (sync sends nothing to a disconnected account).
    await emit(tx, businessId, 'channel.changed', { channel_id: connection.channel_id });
  });
  return { connection: await getConnection(em, config, businessId, connectionId), revoked };
}
