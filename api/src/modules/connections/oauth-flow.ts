import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { authorizeConnectionBodySchema } from '@tradepost/shared/schemas/connections.ts';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Conflict, Invalid } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import {
  type AccountInfo,
  type Credentials,
  checkShopifyCallback,
  type FetchFn,
  type Platform,
  PlatformError,
  SHOPIFY_CALLBACK_TOLERANCE_SECONDS,
} from '../marketplaces/public.ts';
import { channelByKind } from '../sales/public.ts';
import { adapterFor, type ConnectionRow, type ConnectionSettings, loadConnection } from './adapter-factory.ts';
import { type AppCredentials, type ConnectionSecrets, loadSecrets, saveSecrets } from './connection-secrets.ts';
import { requireConnection } from './connections.service.ts';
import { newNonce, STATE_LIFETIME_MS, signState, verifyState } from './oauth-state.ts';
import { appFromEnvironment, platformLabels, resolveTarget } from './platform-targets.ts';
import { cancelRefresh, scheduleRefresh } from './token-refresh.ts';

// Connecting an account: authorize (pending row, sealed app credentials, signed state) → the
// platform's consent page → our public callback (state, code, Shopify's hmac and timestamp) → sealed token,
// account and locations, webhooks → connected.

export type FlowDeps = {
  /** The request's EntityManager (transactions). */
  em: EntityManager;
  /** An EntityManager outside any transaction, for the adapters' token store. */
  detached: () => EntityManager;
  tokenKey: Buffer;
  config: Config;
  fetch?: FetchFn;
};

/** Where the platforms reach this server: PUBLIC_URL, else the address the request came in on. */
export const publicBase = (config: Config, origin: string): string => (config.PUBLIC_URL ?? origin).replace(/\/+$/, '');

export const callbackUrl = (base: string, platform: Platform): string => `${base}/api/v1/channels/${platform}/oauth/callback`;

export const webhookUrl = (base: string, platform: Platform, connectionId: string): string =>
  `${base}/api/v1/webhooks/${platform}/${connectionId}`;

type Who = { businessId: string; userId: string };

function appCredentials(
  config: Config,
  platform: Platform,
  given: z.output<typeof authorizeConnectionBodySchema>['app'],
  callback: string,
): AppCredentials {
  const label = platformLabels[platform];
  if (given) {
    const redirectUri = given.redirect_uri ?? (platform === 'ebay' ? null : callback);
    if (!redirectUri) {
      throw new Invalid('eBay needs the RuName of your app', [{ field: 'app.redirect_uri', message: 'RuName is required for eBay' }]);
    }
    return { clientId: given.client_id, clientSecret: given.client_secret, redirectUri };
  }
  const fromEnv = appFromEnvironment(config, platform);
  if (!fromEnv) {
    throw new Invalid(`This server has no ${label} app configured: enter the app's client id and secret`, [
      { field: 'app.client_id', message: 'Client id is required' },
      { field: 'app.client_secret', message: 'Client secret is required' },
    ]);
  }
  return { clientId: fromEnv.clientId, clientSecret: fromEnv.clientSecret, redirectUri: fromEnv.redirectUri ?? callback };
}

async function authorizeUrlFor(deps: FlowDeps, connection: ConnectionRow, who: Who, nonce: string): Promise<string> {
  const adapter = await adapterFor(
    { em: deps.detached(), tokenKey: deps.tokenKey, ...(deps.fetch ? { fetch: deps.fetch } : {}) },
    connection,
  ).catch((error: unknown) => {
    // A stored address its rule refuses (adapter-factory.ts): say so, instead of a bare 500.
    if (error instanceof PlatformError && error.code === 'ADDRESS_REFUSED') throw new Conflict(error.message, 'ADDRESS_REFUSED');
    throw error;
  });
  const state = signState(deps.tokenKey, {
    businessId: who.businessId,
    connectionId: connection.id,
    userId: who.userId,
    platform: connection.platform,
    nonce,
    expiresAt: Date.now() + STATE_LIFETIME_MS,
  });
  return adapter.authorizeUrl(state);
}

/**
 * Starts connecting a platform: settles its hosts (a simulator must say it is one), keeps the
 * app credentials sealed on a pending connection and answers the consent page's address.
 */
export async function startAuthorization(
  deps: FlowDeps,
  who: Who,
  platform: Platform,
  body: z.output<typeof authorizeConnectionBodySchema>,
  origin: string,
): Promise<{ authorize_url: string; connection_id: string }> {
  const target = await resolveTarget(platform, body, { simulators: deps.config.SIMULATORS_ENABLED, fetch: deps.fetch });
  const app = appCredentials(deps.config, platform, body.app, callbackUrl(publicBase(deps.config, origin), platform));
  const nonce = newNonce();
  const connectionId = await deps.em.transactional(async (tx) => {
    const channel = await channelByKind(tx, who.businessId, platform);
    const db = tenantDb(tx, who.businessId);
    const existing = await db
      .selectFrom('channel_connections')
      .where('channel_id', '=', channel.id)
      .select(['id', 'status'])
      .forUpdate()
      .executeTakeFirst();
    if (existing?.status === 'connected') {
      throw new Conflict(`${platformLabels[platform]} is already connected. Use Reconnect, or disconnect it first.`, 'ALREADY_CONNECTED');
    }
    const id = existing?.id ?? newId();
    const hosts = {
      environment: target.environment,
      api_base_url: target.apiBaseUrl,
      auth_base_url: target.authBaseUrl,
      shop_domain: target.shopDomain,
    };
    if (existing) {
      await db
        .updateTable('channel_connections')
        .set({
          ...hosts,
          status: 'pending',
          status_reason: null,
          token_expires_at: null,
          last_error: null,
          last_error_at: null,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .execute();
    } else {
      await db
        .insertInto('channel_connections')
        .values({ id, channel_id: channel.id, platform, ...hosts, status: 'pending' })
        .execute();
    }
    await saveSecrets(tx, deps.tokenKey, who.businessId, id, { app, token: null, oauthNonce: nonce });
    await cancelRefresh(tx, who.businessId, id);
    return id;
  });
  const connection = await requireConnection(deps.em, who.businessId, connectionId);
  return { authorize_url: await authorizeUrlFor(deps, connection, who, nonce), connection_id: connectionId };
}

/** A new consent round trip for an existing connection: same hosts and app, settings kept. */
export async function startReconnect(
  deps: FlowDeps,
  who: Who,
  connectionId: string,
): Promise<{ authorize_url: string; connection_id: string }> {
  const nonce = newNonce();
  await deps.em.transactional(async (tx) => {
    const db = tenantDb(tx, who.businessId);
    const row = await db.selectFrom('channel_connections').where('id', '=', connectionId).select('status').forUpdate().executeTakeFirst();
    if (!row) await requireConnection(tx, who.businessId, connectionId);
    const secrets = await loadSecrets(tx, deps.tokenKey, who.businessId, connectionId).catch(() => null);
    if (!secrets) throw new Conflict('This connection has no app credentials: connect it again from the start', 'NO_APP_CREDENTIALS');
    await saveSecrets(tx, deps.tokenKey, who.businessId, connectionId, { ...secrets, oauthNonce: nonce });
    if (row?.status === 'disconnected') {
      await db
        .updateTable('channel_connections')
        .set({ status: 'pending', status_reason: null, updated_at: sql`now()` })
        .where('id', '=', connectionId)
        .execute();
    }
  });
  const connection = await requireConnection(deps.em, who.businessId, connectionId);
  return { authorize_url: await authorizeUrlFor(deps, connection, who, nonce), connection_id: connectionId };
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Thrown inside the callback: the seller is sent back with this message and nothing more is connected. */
class CallbackRefused extends Error {}

export type CallbackInput = {
  platform: Platform;
  /** The callback's whole query, as the platform sent it (Shopify signs all of it). */
  query: URLSearchParams;
  origin: string;
  log: FastifyBaseLogger;
};

/**
 * The platform's redirect back to us. Answers where to send the seller's browser: Shopify's
 * success page, the management screen with `?connected=`, or with `?error=` saying what went wrong.
 */
export async function completeAuthorization(deps: FlowDeps, input: CallbackInput): Promise<string> {
  const { platform, query } = input;
  const label = platformLabels[platform];
  const web = (deps.config.PUBLIC_URL ?? '').replace(/\/+$/, '');
  const failed = (message: string) =>
    `${web}/sales-channels-management?${new URLSearchParams({ platform, error: message.slice(0, 300) }).toString()}`;

  const state = verifyState(deps.tokenKey, query.get('state') ?? undefined);
  if (!state || state.platform !== platform) {
    return failed(`The ${label} connection request was not recognised or has expired. Start again with Connect.`);
  }
  let connection: ConnectionRow | null = null;
  try {
    // The signed state names the business: from here on everything is read and written within it.
    connection = await loadConnection(deps.em, state.businessId, state.connectionId);
    const owner = await tenantDb(deps.em, state.businessId)
      .selectFrom('users')
      .where('id', '=', state.userId)
      .where('role', '=', 'owner')
      .select('email')
      .executeTakeFirst();
    if (!connection || !owner) throw new CallbackRefused(`The ${label} connection request is no longer valid. Start again with Connect.`);

    const error = query.get('error');
    const adapter = await adapterFor(
      { em: deps.detached(), tokenKey: deps.tokenKey, ...(deps.fetch ? { fetch: deps.fetch } : {}) },
      connection,
    );
    // A forged or replayed Shopify callback must not even use up the genuine one's nonce.
    if (!error && connection.platform === 'shopify') await refuseUnsignedShopifyCallback(deps, connection, query);

    // The nonce is single use: this callback consumes it whether or not the rest succeeds.
    const consumed = await consumeNonce(deps, connection, state.nonce);
    if (!consumed) throw new CallbackRefused(`This ${label} connection request was already used or replaced by a newer one. Start again.`);

    if (error) {
      const reason = error === 'access_denied' ? 'access was declined' : `${label} answered ${error.slice(0, 80)}`;
      await tenantDb(deps.em, connection.business_id)
        .updateTable('channel_connections')
        .set({ status: 'disconnected', status_reason: `Not connected: ${reason}`, updated_at: sql`now()` })
        .where('id', '=', connection.id)
        .where('status', '=', 'pending')
        .execute();
      throw new CallbackRefused(`${label} was not connected: ${reason}.`);
    }
    const code = query.get('code');
    if (!code) throw new CallbackRefused(`${label} sent no authorization code. Start again with Connect.`);

    let credentials: Credentials;
    let account: AccountInfo;
    try {
      credentials = await adapter.exchangeCode(code);
      account = await adapter.prepareAccount();
    } catch (cause) {
      await recordError(deps.em, connection, `${label} refused the connection: ${messageOf(cause)}`);
      throw new CallbackRefused(`${label} refused the connection: ${messageOf(cause)}`);
    }

    const base = (deps.config.WEBHOOK_BASE_URL ?? publicBase(deps.config, input.origin)).replace(/\/+$/, '');
    const hook = await registerWebhooks(deps, connection, adapter, webhookUrl(base, platform, connection.id), owner.email);
    await markConnected(deps, connection, account, credentials, hook);
    input.log.info({ connectionId: connection.id, platform }, 'marketplace connected');
    return platform === 'shopify' && connection.shop_domain
      ? `${web}/shopify-success?${new URLSearchParams({ shop: connection.shop_domain }).toString()}`
      : `${web}/sales-channels-management?${new URLSearchParams({ connected: platform }).toString()}`;
  } catch (error) {
    if (error instanceof CallbackRefused) return failed(error.message);
    input.log.error({ err: error, platform }, 'marketplace callback failed');
    if (connection) await recordError(deps.em, connection, `Connecting failed: ${messageOf(error)}`).catch(() => undefined);
    return failed(`Connecting ${label} failed: ${messageOf(error)}`);
  }
}

/** Shopify signs its callback as its own library checks it (marketplaces' shopify-callback.ts): anything else connects nothing. */
async function refuseUnsignedShopifyCallback(deps: FlowDeps, connection: ConnectionRow, query: URLSearchParams): Promise<void> {
  const secrets = await loadSecrets(deps.em, deps.tokenKey, connection.business_id, connection.id).catch(() => null);
  const verdict = secrets
    ? checkShopifyCallback(query, { clientSecret: secrets.app.clientSecret, shopDomain: connection.shop_domain })
    : 'forged';
  if (verdict === 'expired') {
    throw new CallbackRefused(
      `Shopify’s callback was not signed within the last ${SHOPIFY_CALLBACK_TOLERANCE_SECONDS} seconds. Nothing was connected: start again with Connect.`,
    );
  }
  if (verdict !== 'valid')
    throw new CallbackRefused('Shopify’s signature on the callback did not match this app and store. Nothing was connected.');
}

async function consumeNonce(deps: FlowDeps, connection: ConnectionRow, nonce: string): Promise<boolean> {
  const { id, business_id: businessId } = connection;
  return deps.em.transactional(async (tx) => {
    await tenantDb(tx, businessId).selectFrom('channel_connections').where('id', '=', id).select('id').forUpdate().execute();
    const secrets = await loadSecrets(tx, deps.tokenKey, businessId, id).catch(() => null);
    if (!secrets?.oauthNonce || secrets.oauthNonce !== nonce) return false;
    const { oauthNonce: _used, ...rest } = secrets;
    await saveSecrets(tx, deps.tokenKey, businessId, id, rest);
    return true;
  });
}

async function recordError(em: EntityManager, connection: ConnectionRow, message: string): Promise<void> {
  await tenantDb(em, connection.business_id)
    .updateTable('channel_connections')
    .set({ last_error: message.slice(0, 500), last_error_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', connection.id)
    .execute();
}

type WebhookOutcome = { url: string | null; error: string | null };

/**
 * Subscribes the platform's notifications to our endpoint. eBay challenges the endpoint with a
 * verification token we generate (kept sealed: the webhook route answers the challenge with it);
 * Square answers a signature key (kept sealed). A failure leaves the account connected: the
 * reconciliation poll still finds the orders, and the screen says notifications are off.
 */
async function registerWebhooks(
  deps: FlowDeps,
  connection: ConnectionRow,
  adapter: Awaited<ReturnType<typeof adapterFor>>,
  url: string,
  alertEmail: string,
): Promise<WebhookOutcome> {
  const em = deps.detached();
  const keep = async (change: Partial<ConnectionSecrets>) => {
    const secrets = await loadSecrets(em, deps.tokenKey, connection.business_id, connection.id);
    await saveSecrets(em, deps.tokenKey, connection.business_id, connection.id, { ...secrets, ...change });
  };
  // Known before the platform calls: eBay's endpoint challenge is answered over the URL exactly as registered.
  await tenantDb(em, connection.business_id)
    .updateTable('channel_connections')
    .set({ settings: sql`settings || ${JSON.stringify({ webhook_url: url })}::jsonb` })
    .where('id', '=', connection.id)
    .execute();
  try {
    if (connection.platform === 'ebay') {
      const verificationToken = randomBytes(32).toString('hex');
      await keep({ webhookSignatureKey: verificationToken });
      await adapter.registerWebhooks({ url, verificationToken, alertEmail });
    } else {
      const { signatureKey } = await adapter.registerWebhooks({ url });
      if (signatureKey) await keep({ webhookSignatureKey: signatureKey });
    }
    return { url, error: null };
  } catch (cause) {
    return {
      url: null,
      error: `Order notifications could not be registered at ${url}: ${messageOf(cause)}. Orders still arrive through the regular check.`,
    };
  }
}

async function markConnected(
  deps: FlowDeps,
  connection: ConnectionRow,
  account: AccountInfo,
  credentials: Credentials,
  hook: WebhookOutcome,
): Promise<void> {
  await deps.em.transactional(async (tx) => {
    const db = tenantDb(tx, connection.business_id);
    const row = await db
      .selectFrom('channel_connections')
      .where('id', '=', connection.id)
      .select(['settings', 'external_account_id'])
      .$narrowType<{ settings: ConnectionSettings }>()
      .forUpdate()
      .executeTakeFirst();
    const previous = row?.settings ?? {};
    // The same account again keeps the seller's choices; another account starts from its own defaults.
    const sameAccount = row?.external_account_id === account.accountId;
    const locationIds = new Set(account.locations.map((l) => l.id));
    const kept = sameAccount && previous.external_location_id && locationIds.has(previous.external_location_id);
    const ebay = account.ebay
      ? {
          marketplace_id: account.ebay.marketplaceId,
          merchant_location_key: account.ebay.merchantLocationKey,
          fulfillment_policy_id: account.ebay.fulfillmentPolicyId,
          payment_policy_id: account.ebay.paymentPolicyId,
          return_policy_id: account.ebay.returnPolicyId,
          ...(sameAccount ? previous.ebay : {}),
          // Names as eBay has them now, kept by id: a policy chosen earlier keeps its name if it still exists.
          policy_names: { ...(sameAccount ? previous.ebay?.policy_names : {}), ...account.ebay.policyNames },
        }
      : undefined;
    const settings: ConnectionSettings = {
      ...previous,
      external_locations: account.locations,
      external_location_id: kept
        ? (previous.external_location_id ?? null)
        : (account.ebay?.merchantLocationKey ?? account.locations[0]?.id ?? null),
      ...(ebay ? { ebay } : {}),
      webhook_url: hook.url,
      setup_needed: account.setupNeeded ?? [],
    };
    await db
      .updateTable('channel_connections')
      .set({
        status: 'connected',
        status_reason: null,
        connected_at: sql`now()`,
        external_account_id: account.accountId,
        account_name: account.accountName,
        settings: JSON.stringify(settings),
        last_error: hook.error,
        last_error_at: hook.error ? new Date() : null,
        updated_at: sql`now()`,
      })
      .where('id', '=', connection.id)
      .execute();
    await db.updateTable('sales_channels').set({ enabled: true }).where('id', '=', connection.channel_id).execute();
    // The Shopify screens sit behind the business's Shopify switch.
    if (connection.platform === 'shopify') {
      await db.updateTable('businesses').set({ shopify_enabled: true }).where('id', '=', connection.business_id).execute();
    }
    await cancelRefresh(tx, connection.business_id, connection.id);
    await scheduleRefresh(tx, connection.business_id, connection.id, credentials.expiresAt);
    // The sync engine polls soon after: orders taken while the account was not connected.
    await emit(tx, connection.business_id, 'connection.connected', { connection_id: connection.id });
  });
}
