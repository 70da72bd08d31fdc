/**
 * API test files that need a process of their own. The `api` test project runs a worker's files in
 * one process with one module registry (vitest.config.ts, `isolate: false`: the API is imported once
 * per worker instead of once per file). Two kinds of file cannot share: one that replaces a module
 * with vi.mock (the mock would not take, or would leak into the next file), and one that goes
 * through the network or starts processes — its servers, simulators, sockets and Node's own
 * connection pools outlive a file, and a later file's app then waited a minute to close. These run
 * in `api-isolated`. `isolated-test-files.test.ts` fails when such a file is missing here.
 */
export const isolatedApiTestFiles = [
  // vi.mock
  'api/src/modules/auth/login-limits.test.ts',
  'api/src/modules/outbox/outbox.test.ts',
  'api/src/platform/mailer.test.ts',
  'api/test/bad-input.test.ts',
  // servers, simulators, processes, fetch
  'api/src/config.test.ts',
  'api/src/graceful-close.test.ts',
  'api/src/modules/batch-operations/batch-operations.test.ts',
  'api/src/modules/batch-operations/batch-restart.test.ts',
  'api/src/modules/batch-operations/listing-import.test.ts',
  'api/src/modules/batch-operations/marketplace-pages.test.ts',
  'api/src/modules/batch-operations/products-bulk.test.ts',
  'api/src/modules/connections/connections.test.ts',
  'api/src/modules/connections/outbound-address.test.ts',
  'api/src/modules/marketplaces/adapters/ebay/ebay-adapter.test.ts',
  'api/src/modules/marketplaces/adapters/shopify/shopify-adapter.test.ts',
  'api/src/modules/marketplaces/adapters/square/square-adapter.test.ts',
  'api/src/modules/media/media.test.ts',
  'api/src/modules/preowned/preowned-sync.test.ts',
  'api/src/modules/realtime/realtime.test.ts',
  'api/src/modules/sync/listing-photos.test.ts',
  'api/src/modules/sync/product-channel-settings.test.ts',
  'api/src/modules/sync/size-prices.test.ts',
  'api/src/modules/sync/sync-faults.test.ts',
  'api/src/modules/sync/sync-flow.test.ts',
  'api/src/modules/sync/sync-scaling.test.ts',
  'api/src/modules/sync/webhook-replay.test.ts',
  'api/test/web-delivery.test.ts',
];

/** What makes a file one of them: a module mock, or the network and processes. */
export const NEEDS_ITS_OWN_PROCESS =
  /\bvi\.(mock|doMock)\(|sync-test-support|tests\/simulators|\.listen\(|start(Ebay|Shopify|Square)Simulator|\bspawn(Sync)?\(|\bfetch\(/;

/**
 * Unit test files (`unit` project, `isolate: false` as well) that replace a module with vi.mock, or
 * put a global in place before importing modules that bind to it when first loaded (wxt's `browser`
 * binds to `globalThis.chrome`: in a shared registry another file may have loaded it first, bound
 * to something else). They run in `unit-isolated`.
 */
export const isolatedUnitTestFiles = [
  'extension/lib/auth-service.test.ts',
  'web/src/features/session/start-session-check.test.ts',
  'web/src/pages/products/configure/channel-settings-section.test.tsx',
  'web/src/pages/sales/cancelled/cancelled-sales-page.test.tsx',
];
export const MOCKS_A_MODULE = /\bvi\.(mock|doMock)\(|\bdefineProperty\(globalThis,/;
