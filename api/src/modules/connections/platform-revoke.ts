import type { FetchFn } from '../marketplaces/public.ts';
import type { ConnectionRow } from './adapter-factory.ts';
import type { AppCredentials } from './connection-secrets.ts';

/**
 * Revokes the seller's token at the platform when it offers a way to (reference §3.1: Square's
 * `POST /oauth2/revoke` with `Authorization: Client <secret>`). eBay's and Shopify's references
 * give us none for these tokens, so disconnecting there only forgets them. Best effort: true when
 * the platform confirmed.
 */
export async function revokeAtPlatform(
  connection: Pick<ConnectionRow, 'platform' | 'api_base_url'>,
  app: AppCredentials,
  accessToken: string,
  fetchFn: FetchFn = fetch,
): Promise<boolean> {
  if (connection.platform !== 'square') return false;
  try {
    const response = await fetchFn(`${connection.api_base_url}/oauth2/revoke`, {
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
