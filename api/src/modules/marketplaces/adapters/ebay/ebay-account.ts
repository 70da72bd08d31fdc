import { createHash } from 'node:crypto';
import { asList, asObject, PlatformError, type RawResponse, str } from '../http.ts';
import type { AccountInfo, PrepareAccountInput, RegisterWebhooksInput } from '../types.ts';

// Connecting an eBay seller: who the account is (Identity API), where stock ships from (inventory
// locations) and which business policies listings use (Account API); notification subscriptions.

export type EbayCallOptions = {
  idempotent?: boolean;
  contentLanguage?: boolean;
  ok?: (status: number) => boolean;
  /** Another host than the Sell APIs' (the Identity API lives on apiz.ebay.com). */
  base?: string;
};
export type EbayCall = (method: string, path: string, body?: unknown, options?: EbayCallOptions) => Promise<RawResponse>;

const INVENTORY = '/sell/inventory/v1';
const ACCOUNT = '/sell/account/v1';
const NOTIFICATION = '/commerce/notification/v1';
/** The location Tradepost creates when the seller has none (keys are ≤ 36 characters). */
export const EBAY_DEFAULT_LOCATION_KEY = 'tradepost-warehouse';
/** Topics a connection subscribes to: the sale signal (reference §1.7). */
export const EBAY_WEBHOOK_TOPICS = ['ORDER_CONFIRMATION'];

const orNotFound = (s: number) => (s >= 200 && s < 300) || s === 404;

/** The Identity API's host: `api.ebay.com` → `apiz.ebay.com` (sandbox alike); simulators serve it themselves. */
export function identityBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/:\/\/api\.(sandbox\.)?ebay\.com/, '://apiz.$1ebay.com');
}

/**
 * The Media API's host (reference §5b): `api.ebay.com` → `apim.ebay.com`; the sandbox's twin
 * `apim.sandbox.ebay.com` is UNCONFIRMED (AdapterConfig.mediaBaseUrl overrides it); simulators serve it themselves.
 */
export function mediaApiBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/:\/\/api\.(sandbox\.)?ebay\.com/, '://apim.$1ebay.com');
}

/** The endpoint challenge answer (reference §1.7): hex sha256 of code + token + endpoint, in that order. */
export function ebayChallengeResponse(challengeCode: string, verificationToken: string, endpoint: string): string {
  return createHash('sha256').update(challengeCode).update(verificationToken).update(endpoint).digest('hex');
}

export async function prepareEbayAccount(api: EbayCall, identityBase: string, input: PrepareAccountInput = {}): Promise<AccountInfo> {
  const marketplaceId = input.marketplaceId ?? 'EBAY_US';
  const user = asObject((await api('GET', '/commerce/identity/v1/user/', undefined, { base: identityBase })).body);
  const accountId = str(user.username) || str(user.userId);
  const accountName = str(asObject(user.businessAccount).name) || accountId;

  const listed = asObject((await api('GET', `${INVENTORY}/location?limit=100`)).body);
  const locations = asList(listed.locations)
    .map(asObject)
    .filter((l) => str(l.merchantLocationStatus) !== 'DISABLED')
    .map((l) => ({ id: str(l.merchantLocationKey), name: str(l.name) || str(l.merchantLocationKey) }));
  if (locations.length === 0 && input.shipFrom) {
    const created = await api(
      'POST',
      `${INVENTORY}/location/${EBAY_DEFAULT_LOCATION_KEY}`,
      {
        name: input.shipFrom.name ?? 'Tradepost warehouse',
        location: { address: input.shipFrom.address },
        locationTypes: ['WAREHOUSE'],
        merchantLocationStatus: 'ENABLED',
      },
      // Creating by key is safe to repeat: a 409 means an earlier attempt already made it.
      { idempotent: true, ok: (s) => (s >= 200 && s < 300) || s === 409 },
    );
    if (created.status === 409) await api('POST', `${INVENTORY}/location/${EBAY_DEFAULT_LOCATION_KEY}/enable`, {}, { idempotent: true });
    locations.push({ id: EBAY_DEFAULT_LOCATION_KEY, name: input.shipFrom.name ?? 'Tradepost warehouse' });
  }

  // Listings use the first policy of each kind; every policy's name is kept by id, for the screens.
  const policyNames: Record<string, string> = {};
  const policy = async (path: string, list: string, idField: string): Promise<string> => {
    const body = asObject((await api('GET', `${ACCOUNT}/${path}?marketplace_id=${marketplaceId}`, undefined, { ok: orNotFound })).body);
    const policies = asList(body[list]).map(asObject);
    for (const p of policies) if (str(p[idField]) && str(p.name)) policyNames[str(p[idField])] = str(p.name);
    return str(policies[0]?.[idField]);
  };
  const fulfillmentPolicyId = await policy('fulfillment_policy', 'fulfillmentPolicies', 'fulfillmentPolicyId');
  const paymentPolicyId = await policy('payment_policy', 'paymentPolicies', 'paymentPolicyId');
  const returnPolicyId = await policy('return_policy', 'returnPolicies', 'returnPolicyId');

  const setupNeeded: string[] = [];
  if (locations.length === 0) setupNeeded.push('Add the address your stock ships from (an inventory location) on eBay.');
  if (!fulfillmentPolicyId) setupNeeded.push(`Create a shipping policy for ${marketplaceId} in eBay Seller Hub.`);
  if (!paymentPolicyId) setupNeeded.push(`Create a payment policy for ${marketplaceId} in eBay Seller Hub.`);
  if (!returnPolicyId) setupNeeded.push(`Create a return policy for ${marketplaceId} in eBay Seller Hub.`);
  const merchantLocationKey = locations[0]?.id ?? '';
  return {
    accountId,
    accountName,
    locations,
    ...(setupNeeded.length === 0
      ? { ebay: { marketplaceId, merchantLocationKey, fulfillmentPolicyId, paymentPolicyId, returnPolicyId, policyNames } }
      : { setupNeeded }),
  };
}

/**
 * Points eBay's notifications at `url`: the application's config (alert e-mail) when missing, one
 * destination per endpoint (eBay challenges it, so the endpoint must already answer), and one
 * subscription per topic. Repeating it changes nothing.
 */
export async function registerEbayWebhooks(api: EbayCall, input: RegisterWebhooksInput): Promise<{ signatureKey?: string }> {
  const token = input.verificationToken;
  if (!token || !/^[A-Za-z0-9_-]{32,80}$/.test(token))
    throw new PlatformError(null, 'INVALID_INPUT', 'eBay needs a verification token of 32 to 80 letters, digits, _ or -', false);
  const config = await api('GET', `${NOTIFICATION}/config`, undefined, { ok: orNotFound });
  if (config.status === 404) {
    if (!input.alertEmail)
      throw new PlatformError(null, 'INVALID_INPUT', 'eBay needs an alert e-mail before notifications can be set up', false);
    await api('PUT', `${NOTIFICATION}/config`, { alertEmail: input.alertEmail });
  }

  const delivery = { endpoint: input.url, verificationToken: token };
  const destination = { name: 'Tradepost', status: 'ENABLED', deliveryConfig: delivery };
  const findDestination = async () =>
    asList(asObject((await api('GET', `${NOTIFICATION}/destination?limit=100`)).body).destinations)
      .map(asObject)
      .find((d) => str(asObject(d.deliveryConfig).endpoint) === input.url);
  let existing = await findDestination();
  if (!existing) {
    // Not idempotent by itself; a lost answer shows up as the 409 of the next attempt, then found below.
    const created = await api('POST', `${NOTIFICATION}/destination`, destination, { ok: (s) => (s >= 200 && s < 300) || s === 409 });
    existing = await findDestination();
    if (!existing) throw new PlatformError(created.status, 'NO_DESTINATION', 'eBay did not keep the notification destination', true);
  } else if (str(asObject(existing.deliveryConfig).verificationToken) !== token || str(existing.status) !== 'ENABLED') {
    await api('PUT', `${NOTIFICATION}/destination/${str(existing.destinationId)}`, destination);
  }
  const destinationId = str(existing.destinationId);

  const subscriptions = asList(asObject((await api('GET', `${NOTIFICATION}/subscription?limit=100`)).body).subscriptions).map(asObject);
  for (const topicId of EBAY_WEBHOOK_TOPICS) {
    const mine = subscriptions.find((s) => str(s.topicId) === topicId && str(s.destinationId) === destinationId);
    if (mine && str(mine.status) === 'ENABLED') continue;
    if (mine) {
      await api('POST', `${NOTIFICATION}/subscription/${str(mine.subscriptionId)}/enable`, {}, { idempotent: true });
      continue;
    }
    await api(
      'POST',
      `${NOTIFICATION}/subscription`,
      { topicId, status: 'ENABLED', destinationId, payload: { format: 'JSON', schemaVersion: '1.0', deliveryProtocol: 'HTTPS' } },
      // One subscription per topic and destination: a 409 means it already exists.
      { idempotent: true, ok: (s) => (s >= 200 && s < 300) || s === 409 },
    );
  }
  return {};
}
