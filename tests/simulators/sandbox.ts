// `node tests/simulators/sandbox.ts`: eBay, Shopify and Square simulators on fixed loopback ports
// with demo data, so the running app can be connected to them and the whole flow tried offline.
// Stops on Ctrl-C. Settings (all optional):
//   SIM_HOST=127.0.0.1  SIM_EBAY_PORT=4101  SIM_SHOPIFY_PORT=4102  SIM_SQUARE_PORT=4103
//   SIM_APP_URL=http://127.0.0.1:3000   where the app runs (OAuth callbacks are built from it)
//   SIM_EBAY_ACCEPT_URL, SIM_SQUARE_REDIRECT_URL   override those callbacks
//   SIM_SEED=demo|empty   SIM_CONSENT=page|auto   SIM_WEBHOOK_RETRY_MS=2000
import { startEbaySimulator } from './ebay/ebay-simulator.ts';
import { startShopifySimulator } from './shopify/shopify-simulator.ts';
import { startSquareSimulator } from './square/square-simulator.ts';

const env = process.env;
const host = env.SIM_HOST ?? '127.0.0.1';
const port = (name: string, fallback: number): number => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    console.error(`${name} must be a port number, got ${env[name]}`);
    process.exit(2);
  }
  return value;
};
const appUrl = (env.SIM_APP_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const demo = (env.SIM_SEED ?? 'demo') !== 'empty';
const consent = env.SIM_CONSENT === 'auto' ? 'auto' : 'page';
const webhookRetry = { baseDelayMs: Number(env.SIM_WEBHOOK_RETRY_MS ?? 2_000) };

const ebay = await startEbaySimulator({
  host,
  port: port('SIM_EBAY_PORT', 4101),
  consent,
  acceptUrl: env.SIM_EBAY_ACCEPT_URL ?? `${appUrl}/api/v1/channels/ebay/oauth/callback`,
  webhookRetry,
  seed: demo ? { demo: true } : undefined,
});
const shopify = await startShopifySimulator({
  host,
  port: port('SIM_SHOPIFY_PORT', 4102),
  consent,
  webhookRetry,
  seed: demo ? { demo: true } : undefined,
});
const square = await startSquareSimulator({
  host,
  port: port('SIM_SQUARE_PORT', 4103),
  consent,
  redirectUrl: env.SIM_SQUARE_REDIRECT_URL ?? `${appUrl}/api/v1/channels/square/oauth/callback`,
  webhookRetry,
  seed: demo ? { demo: true } : undefined,
});

const lines = [
  'Marketplace simulators are running (Ctrl-C stops them).',
  '',
  `eBay      API + consent  ${ebay.baseUrl}   (authorize: ${ebay.authBaseUrl}/oauth2/authorize)`,
  `          client id      ${ebay.credentials.clientId}`,
  `          client secret  ${ebay.credentials.clientSecret}`,
  `          RuName         ${ebay.credentials.ruName}  → ${env.SIM_EBAY_ACCEPT_URL ?? `${appUrl}/api/v1/channels/ebay/oauth/callback`}`,
  '',
  `Shopify   shop           ${shopify.credentials.shop} at ${shopify.baseUrl}`,
  `          GraphQL        ${shopify.graphqlUrl}`,
  `          client id      ${shopify.credentials.clientId}`,
  `          client secret  ${shopify.credentials.clientSecret}`,
  `          admin token    ${shopify.credentials.adminToken}   (custom app, every scope)`,
  '',
  `Square    API            ${square.baseUrl}`,
  `          application id ${square.credentials.applicationId}`,
  `          app secret     ${square.credentials.applicationSecret}`,
  `          access token   ${square.credentials.accessToken}   (personal, every scope)`,
  `          locations      ${square.control
    .locations()
    .map((l) => `${l.id} (${l.name})`)
    .join(', ')}`,
  '',
  `Control API on each: POST /__sim/sell, /__sim/emit-webhook, /__sim/fail-next, /__sim/clock, /__sim/reset; GET /__sim/state, /__sim/requests`,
  `Demo data: ${demo ? 'sneakers SIM-AJ1-CHI-*, SIM-DUNK-PANDA-*, SIM-AF1-WHITE-11, SIM-CLEAN-KIT' : 'none (SIM_SEED=empty)'}. See tests/simulators/README.md.`,
];
console.log(lines.join('\n'));

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await Promise.all([ebay.close(), shopify.close(), square.close()]);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
