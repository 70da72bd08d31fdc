import type { ConnectionEnvironment } from '@tradepost/shared/schemas/connections.ts';
import type { Config } from '../../config.ts';
import { Invalid } from '../../errors.ts';
import type { FetchFn, Platform } from '../marketplaces/public.ts';
import type { AppCredentials } from './connection-secrets.ts';
import { type AddressRule, addressProblem, guardedFetch } from './outbound-address.ts';

// Where a connection talks to: the platform's real hosts (reference §1.1, §2.1, §3.1), its
// sandbox, or a local simulator the seller points us at. An address the seller gives is fetched
// only when outbound-address.ts allows it: a simulator on this machine (and only when the server
// allows simulators: SIMULATORS_ENABLED), a sandbox on the internet.

export type ConnectionTarget = {
  environment: ConnectionEnvironment;
  apiBaseUrl: string;
  /** eBay's consent page host; null: the API host. */
  authBaseUrl: string | null;
  shopDomain: string | null;
};

type Hosts = { api: string; auth: string | null };

/** The platform's own hosts; Shopify's are the store's own domain (a development store for a sandbox). */
export function platformHosts(platform: Platform, environment: 'production' | 'sandbox', shopDomain: string | null): Hosts {
  switch (platform) {
    case 'ebay':
      return environment === 'production'
        ? { api: 'https://api.ebay.com', auth: 'https://auth.ebay.com' }
        : { api: 'https://api.sandbox.ebay.com', auth: 'https://auth.sandbox.ebay.com' };
    case 'shopify':
      return { api: `https://${shopDomain}`, auth: null };
    case 'square':
      return { api: environment === 'production' ? 'https://connect.squareup.com' : 'https://connect.squareupsandbox.com', auth: null };
  }
}

export const platformLabels: Record<Platform, string> = { ebay: 'eBay', shopify: 'Shopify', square: 'Square' };

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

/**
 * Asks `GET {baseUrl}/__sim/info` which simulator answers there (the real platforms answer 404).
 * Null when nothing or something else answers. Only ever called with an address its rule allows.
 */
export async function probeSimulator(baseUrl: string, fetchFn: FetchFn): Promise<string | null> {
  try {
    const response = await fetchFn(`${baseUrl}/__sim/info`, { signal: AbortSignal.timeout(5_000), redirect: 'manual' });
    if (!response.ok) return null;
    const body = (await response.json()) as { simulator?: unknown };
    return typeof body.simulator === 'string' ? body.simulator : null;
  } catch {
    return null;
  }
}

/**
 * The rule a connection's own addresses are held to when the server fetches them: a simulator's
 * must be on this machine, a sandbox's other than the platform's own must be on the internet.
 * Null: the platform's own hosts, which no seller chose.
 */
export function addressRuleOf(
  connection: Pick<ConnectionTarget, 'environment' | 'apiBaseUrl' | 'shopDomain'> & { platform: Platform },
): AddressRule | null {
  if (connection.environment === 'simulator') return 'loopback';
  if (
    connection.environment === 'sandbox' &&
    connection.apiBaseUrl !== platformHosts(connection.platform, 'sandbox', connection.shopDomain).api
  ) {
    return 'public';
  }
  return null;
}

export type TargetInput = {
  environment: ConnectionEnvironment;
  base_url?: string | undefined;
  auth_base_url?: string | undefined;
  shop_domain?: string | undefined;
};

export type TargetOptions = {
  /** SIMULATORS_ENABLED: whether the Simulator environment may be chosen at all. */
  simulators: boolean;
  /** Replaces the guarded fetch (tests). The address checks run all the same. */
  fetch?: FetchFn | undefined;
};

/** Refuses, naming each field, every given address its rule does not allow; nothing is fetched before. */
async function checkAddresses(rule: AddressRule, fields: [field: string, url: string | null][]): Promise<void> {
  const problems = await Promise.all(
    fields.map(async ([field, url]) => {
      const message = url ? await addressProblem(url, rule) : null;
      return message ? { field, message } : null;
    }),
  );
  const details = problems.filter((p) => p !== null);
  if (details.length) throw new Invalid(details.map((d) => d.message).join('; '), details);
}

/** Settles the hosts for a new connection; a wrong address is refused naming its field. */
export async function resolveTarget(platform: Platform, input: TargetInput, options: TargetOptions): Promise<ConnectionTarget> {
  const label = platformLabels[platform];
  if (input.environment === 'simulator' && !options.simulators) {
    const message = 'Simulators are turned off on this server (SIMULATORS_ENABLED): choose Production or Sandbox';
    throw new Invalid(message, [{ field: 'environment', message }]);
  }
  const shopDomain = platform === 'shopify' ? (input.shop_domain ?? null) : null;
  if (platform === 'shopify' && !shopDomain) {
    throw new Invalid('Shopify needs the store address', [
      { field: 'shop_domain', message: 'Shop domain is required, e.g. my-store.myshopify.com' },
    ]);
  }
  const baseUrl = input.base_url ? trimSlash(input.base_url) : null;
  const authUrl = input.auth_base_url ? trimSlash(input.auth_base_url) : null;
  const given: [string, string | null][] = [
    ['base_url', baseUrl],
    ['auth_base_url', authUrl],
  ];
  const fetchUnder = (rule: AddressRule): FetchFn => options.fetch ?? guardedFetch(rule);

  if (input.environment === 'simulator') {
    if (!baseUrl) {
      throw new Invalid('A simulator needs its address', [{ field: 'base_url', message: 'Base URL is required for a simulator' }]);
    }
    await checkAddresses('loopback', given);
    const answered = await probeSimulator(baseUrl, fetchUnder('loopback'));
    if (answered !== platform) {
      const message = answered
        ? `${baseUrl} is the ${answered} simulator, not ${label}'s`
        : `No ${label} simulator answers at ${baseUrl} (GET /__sim/info)`;
      throw new Invalid(message, [{ field: 'base_url', message }]);
    }
    return { environment: 'simulator', apiBaseUrl: baseUrl, authBaseUrl: authUrl ?? baseUrl, shopDomain };
  }

  const hosts = platformHosts(platform, input.environment, shopDomain);
  if (input.environment === 'production') {
    // Production always talks to the platform itself: an address of our choosing could be anything.
    if (baseUrl && baseUrl !== hosts.api) {
      const message = `Production uses ${label}'s own address (${hosts.api}); choose Sandbox or Simulator for another one`;
      throw new Invalid(message, [{ field: 'base_url', message }]);
    }
    if (authUrl && authUrl !== (hosts.auth ?? hosts.api)) {
      const message = `Production uses ${label}'s own consent page`;
      throw new Invalid(message, [{ field: 'auth_base_url', message }]);
    }
    return { environment: 'production', apiBaseUrl: hosts.api, authBaseUrl: hosts.auth, shopDomain };
  }

  // Sandbox: the platform's sandbox unless another address is given, which must be on the
  // internet and must not be a simulator.
  const own = new Set([hosts.api, hosts.auth]);
  const other = given.filter(([, url]) => url !== null && !own.has(url));
  await checkAddresses('public', other);
  for (const [field, url] of other) {
    if (url && (await probeSimulator(url, fetchUnder('public')))) {
      const message = `${url} is a simulator: choose Simulator so it is labelled as one`;
      throw new Invalid(message, [{ field, message }]);
    }
  }
  return { environment: 'sandbox', apiBaseUrl: baseUrl ?? hosts.api, authBaseUrl: authUrl ?? hosts.auth, shopDomain };
}

/** The app credentials in the server's environment, when all of a platform's are set. */
export function appFromEnvironment(
  config: Config,
  platform: Platform,
): (Omit<AppCredentials, 'redirectUri'> & { redirectUri: string | null }) | null {
  switch (platform) {
    case 'ebay':
      return config.EBAY_CLIENT_ID && config.EBAY_CLIENT_SECRET && config.EBAY_RU_NAME
        ? { clientId: config.EBAY_CLIENT_ID, clientSecret: config.EBAY_CLIENT_SECRET, redirectUri: config.EBAY_RU_NAME }
        : null;
    case 'shopify':
      return config.SHOPIFY_CLIENT_ID && config.SHOPIFY_CLIENT_SECRET
        ? { clientId: config.SHOPIFY_CLIENT_ID, clientSecret: config.SHOPIFY_CLIENT_SECRET, redirectUri: null }
        : null;
    case 'square':
      return config.SQUARE_APPLICATION_ID && config.SQUARE_APPLICATION_SECRET
        ? { clientId: config.SQUARE_APPLICATION_ID, clientSecret: config.SQUARE_APPLICATION_SECRET, redirectUri: null }
        : null;
  }
}
