// Runs every check and every suite, then prints one summary line: "tests: N passed, N failed".
// Lint, the boundary check, the tenant SQL check and typecheck count as one test each; vitest's projects (unit, api, e2e) count per test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name: string) => resolve(root, 'node_modules/.bin', name);
const extraArgs = process.argv.slice(2);

let passed = 0;
let failed = 0;

function step(name: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${name}`);
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const ok = run.status === 0;
  console.log(ok ? `✓ ${name}` : `✗ ${name} (exit ${run.status})`);
  if (ok) passed += 1;
  else failed += 1;
  return ok;
}

// The extension's tsconfig extends WXT's generated one, which `wxt prepare` writes: the typecheck
// and the extension's unit tests (also in a run of one project) need it.
if (!existsSync(resolve(root, 'extension/.wxt/tsconfig.json'))) {
  spawnSync(resolve(root, 'extension/node_modules/.bin/wxt'), ['prepare'], { cwd: resolve(root, 'extension'), stdio: 'inherit' });
}

if (extraArgs.length === 0) {
  step('lint (biome)', bin('biome'), ['check', '.']);
  // The seam between areas (.dependency-cruiser.ts): one test, like lint.
  step('boundaries', process.execPath, ['scripts/check-boundaries.ts']);
  // Raw SQL on tenant tables outside tenantDb and the allow-lists (scripts/check-tenant-sql.ts): one test.
  step('tenant-sql', process.execPath, ['scripts/check-tenant-sql.ts']);
  const projects = ['shared', 'api', 'web', 'extension', 'tests'].filter((p) => existsSync(resolve(root, p, 'tsconfig.json')));
  let typesOk = true;
  for (const project of projects) {
    const run = spawnSync(bin('tsc'), ['-p', `${project}/tsconfig.json`], { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) typesOk = false;
  }
  console.log(typesOk ? '✓ typecheck' : '✗ typecheck');
  if (typesOk) passed += 1;
  else failed += 1;
}

const report = resolve(root, 'tests/artifacts/vitest.json');
mkdirSync(resolve(root, 'tests/artifacts'), { recursive: true });
rmSync(report, { force: true });
const vitest = spawnSync(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extraArgs], {
  cwd: root,
  stdio: 'inherit',
});
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTestSuites: number;
    success: boolean;
  };
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  // A suite that crashed before or after running its tests (a hook that timed out) still fails the
  // run, even when vitest's own exit code says otherwise.
  if ((vitest.status !== 0 || !results.success) && results.numFailedTests === 0) failed += 1;
} else if (vitest.status !== 0) {
  failed += 1;
}

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
