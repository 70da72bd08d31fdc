import { defineConfig } from 'vitest/config';
import { isolatedApiTestFiles, isolatedUnitTestFiles } from './api/test/isolated-test-files.ts';

// One runner for every suite so the CI summary counts them all. Unit and API files run two at a
// time (vitest's default on two cores is one: they wait on PostgreSQL as much as on the CPU); the
// browser files run afterwards, two at a time as well. Two Chromiums on two busy cores deliver keys
// late, so the scanner tests stamp their keys' times themselves (tests/e2e/support/scanner.ts)
// instead of relying on when the keys arrive.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/src/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'extension/**/*.test.ts',
            'tests/simulators/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', 'extension/.output/**', ...isolatedUnitTestFiles],
          environment: 'node',
          maxWorkers: 2,
          // Pure logic and static renders: files share a worker's modules (86 s → 11 s, nearly all of
          // it was importing React and Fluent once per file); files that mock a module run below.
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: [...isolatedUnitTestFiles],
          environment: 'node',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'api',
          include: ['api/src/**/*.test.ts', 'api/test/**/*.test.ts'],
          exclude: [...isolatedApiTestFiles],
          globalSetup: ['api/test/global-setup.ts'],
          maxWorkers: 2,
          // Each file builds its own app on its own database, so files need no process of their own:
          // a worker imports the API once instead of once per file. Files that mock modules or use
          // the network run below, one process each (api/test/isolated-test-files.ts).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-isolated',
          include: [...isolatedApiTestFiles],
          globalSetup: ['api/test/global-setup.ts'],
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // A browser needs longer than the 1 s default to load, redirect and settle.
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
