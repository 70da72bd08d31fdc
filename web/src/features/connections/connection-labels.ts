import {
  type ConnectionEnvironment,
  type ConnectionStatus,
  connectionEnvironments,
  type MarketplacePlatform,
  type PlatformConnection,
} from '@tradepost/shared/schemas/connections.ts';

export const platformLabels: Record<MarketplacePlatform, string> = { ebay: 'eBay', shopify: 'Shopify', square: 'Square' };

export const statusLabels: Record<ConnectionStatus, string> = {
  pending: 'Waiting for approval',
  connected: 'Connected',
  reconnect_needed: 'Reconnect needed',
  disconnected: 'Not connected',
};

/** Said where a Connect or Reconnect action would be, to a role without connections:manage (only the owner has it). */
export const ownerConnectsNote = 'Only the owner can connect marketplaces.';

export const environmentLabels: Record<ConnectionEnvironment, string> = {
  production: 'Live',
  sandbox: 'Sandbox',
  simulator: 'Simulator',
};

export const environmentHints: Record<ConnectionEnvironment, string> = {
  production: 'Your real seller account.',
  sandbox: 'The platform’s test environment, with test accounts.',
  simulator: 'A local simulator (pnpm sandbox) for trying Tradepost offline.',
};

/** Where `pnpm sandbox` starts each simulator (tests/simulators/README.md). */
export const simulatorDefaults: Record<MarketplacePlatform, { baseUrl: string; shopDomain?: string }> = {
  ebay: { baseUrl: 'http://127.0.0.1:4101' },
  shopify: { baseUrl: 'http://127.0.0.1:4102', shopDomain: 'tradepost-sim.myshopify.com' },
  square: { baseUrl: 'http://127.0.0.1:4103' },
};

/** The address this server's OAuth callback has, to register with the platform's app. */
export const callbackUrlFor = (platform: MarketplacePlatform, origin: string): string =>
  `${origin}/api/v1/channels/${platform}/oauth/callback`;

export const isConnectionPlatform = (kind: string): kind is MarketplacePlatform =>
  kind === 'ebay' || kind === 'shopify' || kind === 'square';

/**
 * The places a connection may be made, as the connect dialog offers them: a server that does not allow
 * simulators (SIMULATORS_ENABLED) would refuse that choice, so it is not offered.
 */
export function offeredEnvironments(entry: Pick<PlatformConnection, 'simulators_available'>): readonly ConnectionEnvironment[] {
  return entry.simulators_available ? connectionEnvironments : connectionEnvironments.filter((value) => value !== 'simulator');
}
