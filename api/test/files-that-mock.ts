/**
 * API test files that replace a module with vi.mock. The `api` test project shares one module
 * registry per worker across files (vitest.config.ts, `isolate: false`), where a mock would not
 * take or would leak into the next file; these run in `api-mocked`, each with its own registry.
 * `files-that-mock.test.ts` fails when a file that mocks is missing here.
 */
export const apiFilesThatMock = [
  'api/src/modules/auth/login-limits.test.ts',
  'api/src/modules/outbox/outbox.test.ts',
  'api/src/platform/mailer.test.ts',
  'api/test/bad-input.test.ts',
];
