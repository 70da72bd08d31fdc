import type { PlatformConnection } from '@tradepost/shared/schemas/connections.ts';
import type { EbaySimulator } from '../../simulators/ebay/ebay-simulator.ts';
import { type Account, apiCall } from './accounts.ts';

/**
 * Connects the owner's business to the eBay simulator. Its consent answers at once (consent: auto)
 * with the app's callback, which finishes the connection; returns the connection's id.
 */
export async function connectEbaySimulator(owner: Account, ebay: EbaySimulator): Promise<string> {
  const business = `/businesses/${owner.user.business.id}`;
  const { authorize_url } = await apiCall<{ authorize_url: string }>(
    'POST',
    `${business}/connections/ebay/authorize`,
    {
      environment: 'simulator',
      base_url: ebay.baseUrl,
      app: { client_id: ebay.credentials.clientId, client_secret: ebay.credentials.clientSecret, redirect_uri: ebay.credentials.ruName },
    },
    owner.access_token,
  );
  let url: string | null = authorize_url;
  for (let hop = 0; url && hop < 4 && !url.includes('/sales-channels-management'); hop++) {
    const res: Response = await fetch(url, { redirect: 'manual' });
    const location = res.headers.get('location');
    url = location ? new URL(location, url).toString() : null;
  }
  const connections = await apiCall<PlatformConnection[]>('GET', `${business}/connections`, undefined, owner.access_token);
  const connection = connections.find((c) => c.platform === 'ebay')?.connection;
  if (connection?.status !== 'connected') throw new Error(`eBay did not connect: ${JSON.stringify(connection)}`);
  return connection.id;
}
