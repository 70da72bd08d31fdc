import type { FetchFn } from '../marketplaces/public.ts';
import { type ConnectionRow, connectionAddressRule } from './adapter-factory.ts';
import type { AppCredentials } from './connection-secrets.ts';
import { guardedFetch } from './outbound-address.ts';

/**
 * Revokes the seller's token at the platform when it offers a way to (reference §3.1: Square's
 * `POST /oauth2/revoke` with `Authorization: Client <secret>`). eBay's and Shopify's references
 * give us none for these tokens, so disconnecting there only forgets them. Best effort: true when
 * the platform confirmed.
 */
export async function revokeAtPlatform(
  connection: Pick<ConnectionRow, 'platform' | 'environment' | 'api_base_url' | 'shop_domain'>,
  app: AppCredentials,
  accessToken: string,
  fetchFn?: FetchFn,
): Promise<boolean> {
  if (connection.platform !== 'square') return false;
  try {
    // A seller-chosen address is called only where its rule allows (a refused one: not revoked).
    const rule = await connectionAddressRule(connection);
    const send = fetchFn ?? (rule ? guardedFetch(rule) : fetch);
    const response = await send(`${connection.api_base_url}/oauth2/revoke`, {
      method: 'POST',
      headers: { authorization: `Client ${app.clientSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: app.clientId, access_token: accessToken }),
      signal: AbortSignal.timeout(10_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}
