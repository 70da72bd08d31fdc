// The door every package.json script that runs this project's TypeScript goes through:
// `node scripts/launch.mjs <node arguments>` (e.g. `scripts/start.ts`, `--watch api/src/server.ts`).
// Plain JavaScript with Node's built-ins only, so the Node 20 of a fresh Debian machine runs it:
//   1. finds a Node that runs TypeScript by itself (this one, or the tools folder's), else installs
//      node@24 and pnpm@12 from the npm registry with the machine's npm into the tools folder;
//   2. installs the workspace (`pnpm install --frozen-lockfile`) when node_modules is missing or older
//      than pnpm-lock.yaml;
//   3. for scripts/test.ts with the browser suite: makes sure there is a Chromium (Debian's, installed
//      with apt-get as root) or says in one line how to get one;
//   4. runs the given script with that Node, forwarding arguments, stdio, exit code and signals.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const NODE_PACKAGE = 'node@24';
export const PNPM_PACKAGE = 'pnpm@12';
const PNPM_MAJOR = 12;
/** Where the tools go when that folder can be written (root), unless TRADEPOST_TOOLS says otherwise. */
export const SYSTEM_TOOLS = '/opt/tradepost-node';
/** Written into node_modules after an install this launcher ran; its time is the install's. */
export const INSTALL_STAMP = '.tradepost-installed';
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Stops the launch with one line for the user and an exit code. */
export class LaunchError extends Error {
  /** @param {string} message @param {number} exitCode */
  constructor(message, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** '24.1.0' or 'v24.1.0' → [24, 1]; anything else → [0, 0]. @param {string | null | undefined} version */
function majorMinor(version) {
  const match = /^v?(\d+)\.(\d+)/.exec((version ?? '').trim());
  return match ? [Number(match[1]), Number(match[2])] : [0, 0];
}

/**
 * True for a Node that runs .ts files without flags (type stripping on by default: 22.18+, 23.6+).
 * @param {string | null | undefined} version
 */
export function runsTypeScript(version) {
  const [major, minor] = majorMinor(version);
  return major >= 24 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18);
}

/**
 * The tools folder: TRADEPOST_TOOLS, else /opt/tradepost-node when it can be written, else ~/.cache/tradepost/node.
 * @param {{ env: Record<string, string | undefined>, home: string, writable: (path: string) => boolean }} deps
 */
export function toolsFolder({ env, home, writable }) {
  if (env.TRADEPOST_TOOLS) return resolve(env.TRADEPOST_TOOLS);
  if (writable(SYSTEM_TOOLS)) return SYSTEM_TOOLS;
  return join(home, '.cache', 'tradepost', 'node');
}

/**
 * True when node_modules holds an install at least as new as pnpm-lock.yaml (two stats: cheap enough
 * for every launch). pnpm rewrites node_modules/.modules.yaml on each install; the stamp covers an
 * install that found nothing to change.
 * @param {string} root @param {(path: string) => number | null} mtime
 */
export function installIsCurrent(root, mtime) {
  const lock = mtime(join(root, 'pnpm-lock.yaml')) ?? 0;
  const installed = Math.max(
    mtime(join(root, 'node_modules', INSTALL_STAMP)) ?? 0,
    mtime(join(root, 'node_modules', '.modules.yaml')) ?? 0,
  );
  return installed > 0 && installed >= lock;
}

/**
 * True when the node arguments run the test runner with the browser suite: scripts/test.ts with no
 * `--project`, or with one that can name e2e.
 * @param {string[]} nodeArgs
 */
export function needsBrowser(nodeArgs) {
  const at = nodeArgs.findIndex((arg) => !arg.startsWith('-'));
  if (at < 0 || nodeArgs[at]?.replaceAll('\\', '/').replace(/^\.\//, '') !== 'scripts/test.ts') return false;
  const rest = nodeArgs.slice(at + 1);
  const projects = [];
  for (const [i, arg] of rest.entries()) {
    if (arg === '--project' && rest[i + 1]) projects.push(rest[i + 1]);
    else if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length));
  }
  return projects.length === 0 || projects.some((name) => name.includes('e2e') || name.includes('*'));
}

/** PATH with `dir` first, so children (pnpm's scripts, node_modules/.bin shims) find the same Node. */
function pathWith(dir, path) {
  return [dir, ...(path ?? '').split(delimiter).filter((entry) => entry && entry !== dir)].join(delimiter);
}

/**
 * Everything before running the script: the Node to run it with, the installed workspace, and for
 * the browser tests a Chromium. Side effects come in through `deps`, so the decisions are testable.
 * @param {string[]} nodeArgs
 * @param {{
 *   root: string,
 *   env: Record<string, string | undefined>,
 *   current: { execPath: string, version: string },
 *   isRoot: boolean,
 *   home: string,
 *   writable: (path: string) => boolean,
 *   exists: (path: string) => boolean,
 *   mtime: (path: string) => number | null,
 *   versionOf: (command: string, env: Record<string, string | undefined>) => string | null,
 *   download: (tools: string, packages: string[]) => { ok: boolean, detail: string },
 *   installWorkspace: (pnpm: string, env: Record<string, string | undefined>) => number,
 *   markInstalled: () => void,
 *   installChromium: () => boolean,
 *   allowTraversal: (dir: string) => void,
 *   log: (line: string) => void,
 * }} deps
 * @returns {{ node: string, env: Record<string, string | undefined> }}
 */
export function prepare(nodeArgs, deps) {
  const { root, env, current, log } = deps;
  const tools = toolsFolder(deps);
  const toolsNode = join(tools, 'bin', 'node');
  const toolsPnpm = join(tools, 'bin', 'pnpm');

  const findNode = () => {
    if (runsTypeScript(current.version)) return current.execPath;
    if (deps.exists(toolsNode) && runsTypeScript(deps.versionOf(toolsNode, env))) return toolsNode;
    return null;
  };
  const pnpmFits = (command, withEnv) => majorMinor(deps.versionOf(command, withEnv))[0] === PNPM_MAJOR;
  const findPnpm = (node) => {
    const withEnv = { ...env, PATH: pathWith(dirname(node ?? current.execPath), env.PATH) };
    if (deps.exists(toolsPnpm) && pnpmFits(toolsPnpm, withEnv)) return toolsPnpm;
    if (pnpmFits('pnpm', withEnv)) return 'pnpm';
    return null;
  };

  const installNeeded = !installIsCurrent(root, deps.mtime);
  let node = findNode();
  let pnpm = installNeeded ? findPnpm(node) : null;
  const missing = [...(node ? [] : [NODE_PACKAGE]), ...(installNeeded && !pnpm ? [PNPM_PACKAGE] : [])];
  if (missing.length > 0) {
    const why = node ? 'pnpm 12 is needed to install the workspace' : `Node ${current.version} cannot run this project's TypeScript`;
    log(`${why}: installing ${missing.join(' and ')} from the npm registry into ${tools} (once; set TRADEPOST_TOOLS to choose the folder)`);
    const result = deps.download(tools, missing);
    node = findNode();
    pnpm = installNeeded ? findPnpm(node) : null;
    if (!result.ok || !node || (installNeeded && !pnpm)) {
      throw new LaunchError(
        `Could not install ${missing.join(' and ')} from the npm registry into ${tools}${result.detail ? ` (${result.detail})` : ''}: ` +
          'check that npm reaches its registry (npm ping), or install Node 22.18+ and pnpm 12 yourself, then run the command again.',
      );
    }
  }
  const childEnv = { ...env, PATH: pathWith(dirname(node), env.PATH) };

  if (installNeeded && pnpm) {
    log(`Installing the workspace's packages: pnpm install --frozen-lockfile`);
    const code = deps.installWorkspace(pnpm, childEnv);
    if (code !== 0) throw new LaunchError(`pnpm install --frozen-lockfile failed (exit ${code}); see its output above.`, code || 1);
    deps.markInstalled();
  }

  if (needsBrowser(nodeArgs)) {
    if (env.CHROMIUM_PATH) {
      if (!deps.exists(env.CHROMIUM_PATH)) log(`CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist: the browser tests (e2e) will fail.`);
    } else if (!deps.exists(DEBIAN_CHROMIUM)) {
      const canApt = deps.isRoot && deps.exists('/usr/bin/apt-get');
      if (canApt) log('Chromium is missing: installing Debian\'s "chromium" (apt-get update && apt-get install -y chromium)');
      if (!(canApt && deps.installChromium() && deps.exists(DEBIAN_CHROMIUM))) {
        log(
          'Chromium is missing: install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium/Chrome binary; the browser tests (e2e) fail until then.',
        );
      }
    }
  }

  // As root, the embedded PostgreSQL runs as an unprivileged user: it must be able to pass through
  // every folder above the checkout (node_modules holds its binaries, .data its cluster).
  if (deps.isRoot) deps.allowTraversal(root);

  return { node, env: childEnv };
}

/* ---------- the real side effects ---------- */

/** @param {string} path */
function writable(path) {
  let probe = path;
  while (!existsSync(probe)) {
    const parent = dirname(probe);
    if (parent === probe) return false;
    probe = parent;
  }
  try {
    accessSync(probe, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** @param {string} path */
function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/** @param {string} command @param {Record<string, string | undefined>} env */
function versionOf(command, env) {
  const run = spawnSync(command, ['--version'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 30_000 });
  return run.status === 0 ? run.stdout.trim() : null;
}

/** The machine's npm: the one running this script (npm start), else the one on PATH. */
function npmCommand() {
  const execPath = process.env.npm_execpath;
  if (execPath && /npm-cli\.c?js$/.test(execPath)) return { command: process.execPath, prefix: [execPath] };
  return { command: 'npm', prefix: [] };
}

/**
 * npm's failure in a few words for the one line the user sees: its exit status, its error code and
 * where its full log is (npm prints a stack and more to stderr).
 * @param {number | null} status @param {string} stderr
 */
export function npmFailure(status, stderr) {
  const code = /^npm error code (\S+)/m.exec(stderr)?.[1];
  const log = /^npm error A complete log of this run can be found in: (\S+)/m.exec(stderr)?.[1];
  return [`npm exited ${status}`, code, log && `its log: ${log}`].filter(Boolean).join(', ');
}

/** @param {string} tools @param {string[]} packages */
function download(tools, packages) {
  const npm = npmCommand();
  const args = [...npm.prefix, 'install', '--global', '--prefix', tools, '--no-audit', '--no-fund', '--loglevel=error', ...packages];
  const run = spawnSync(npm.command, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (run.error) return { ok: false, detail: `npm: ${run.error.message}` };
  if (run.status !== 0) return { ok: false, detail: npmFailure(run.status, run.stderr ?? '') };
  return { ok: true, detail: '' };
}

/** @param {string} root @returns {(pnpm: string, env: Record<string, string | undefined>) => number} */
const installWorkspace = (root) => (pnpm, env) => {
  const run = spawnSync(pnpm, ['install', '--frozen-lockfile'], { cwd: root, env, stdio: 'inherit' });
  if (run.error) console.error(String(run.error));
  return run.status ?? 1;
};

function installChromium() {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const run = spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (run.status !== 0) return false;
  }
  return true;
}

/** chmod o+x on `dir` and every folder above it that lacks it (errors ignored: not ours to change). @param {string} dir */
function allowTraversal(dir) {
  for (let at = resolve(dir); ; at = dirname(at)) {
    try {
      const { mode } = statSync(at);
      if ((mode & 0o001) === 0) chmodSync(at, mode | 0o001);
    } catch {}
    if (dirname(at) === at) return;
  }
}

/**
 * Runs the script and ends this process the way it ended. A signal sent to the launcher alone (npm
 * forwarding a kill) reaches the script; Ctrl-C reaches both, and the server shuts down once.
 * @param {string} node @param {string[]} nodeArgs @param {Record<string, string | undefined>} env
 */
function run(node, nodeArgs, env) {
  const child = spawn(node, nodeArgs, { stdio: 'inherit', env });
  const signals = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']);
  for (const signal of signals) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`Could not start ${node}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      for (const name of signals) process.removeAllListeners(name);
      process.kill(process.pid, signal);
    } else {
      process.exit(code ?? 1);
    }
  });
}

function main() {
  const nodeArgs = process.argv.slice(2);
  if (nodeArgs.length === 0) {
    console.error('usage: node scripts/launch.mjs <script.ts> [arguments]');
    process.exit(2);
  }
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
  try {
    const ready = prepare(nodeArgs, {
      root,
      env: process.env,
      current: { execPath: process.execPath, version: process.versions.node },
      isRoot: process.getuid?.() === 0,
      home: homedir(),
      writable,
      exists: existsSync,
      mtime,
      versionOf,
      download,
      installWorkspace: installWorkspace(root),
      markInstalled: () => writeFileSync(join(root, 'node_modules', INSTALL_STAMP), `${new Date().toISOString()}\n`),
      installChromium,
      allowTraversal,
      log: (line) => console.log(line),
    });
    run(ready.node, nodeArgs, ready.env);
  } catch (error) {
    if (!(error instanceof LaunchError)) throw error;
    console.error(error.message);
    process.exit(error.exitCode);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
