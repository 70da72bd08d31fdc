import { describe, expect, it } from 'vitest';
import { INSTALL_STAMP, LaunchError, needsBrowser, npmFailure, prepare, runsTypeScript, SYSTEM_TOOLS, toolsFolder } from './launch.mjs';

const root = '/src/tradepost';
const tools = '/tmp/tools';

/** A pretend machine: files with their times, commands with their versions, and a log of what the launcher did. */
function machine(options: {
  nodeVersion?: string;
  files?: Record<string, number>;
  versions?: Record<string, string>;
  env?: Record<string, string>;
  registryUp?: boolean;
  isRoot?: boolean;
  aptInstallsChromium?: boolean;
}) {
  const files = new Map(Object.entries({ [`${root}/pnpm-lock.yaml`]: 100, ...options.files }));
  const versions = new Map(Object.entries(options.versions ?? {}));
  const did: string[] = [];
  const lines: string[] = [];
  const deps = {
    root,
    env: { PATH: '/usr/bin:/bin', TRADEPOST_TOOLS: tools, ...options.env },
    current: { execPath: '/usr/bin/node', version: options.nodeVersion ?? '20.20.2' },
    isRoot: options.isRoot ?? true,
    home: '/home/dev',
    writable: () => true,
    exists: (path: string) => files.has(path),
    mtime: (path: string) => files.get(path) ?? null,
    versionOf: (command: string, env: Record<string, string | undefined>) => {
      // `pnpm` alone is looked up on the PATH it is given.
      if (command === 'pnpm') {
        const dir = (env.PATH ?? '').split(':').find((entry) => versions.has(`${entry}/pnpm`));
        return dir ? (versions.get(`${dir}/pnpm`) ?? null) : null;
      }
      return files.has(command) ? (versions.get(command) ?? null) : null;
    },
    download: (folder: string, packages: string[]) => {
      did.push(`download ${folder} ${packages.join(' ')}`);
      if (options.registryUp === false) return { ok: false, detail: 'npm exited 1' };
      if (packages.includes('node@24')) {
        files.set(`${folder}/bin/node`, 1);
        versions.set(`${folder}/bin/node`, 'v24.21.0');
      }
      if (packages.includes('pnpm@12')) {
        files.set(`${folder}/bin/pnpm`, 1);
        versions.set(`${folder}/bin/pnpm`, '12.21.0');
      }
      return { ok: true, detail: '' };
    },
    installWorkspace: (pnpm: string, env: Record<string, string | undefined>) => {
      did.push(`install with ${pnpm} PATH=${env.PATH}`);
      return 0;
    },
    markInstalled: () => {
      did.push('stamp');
      // The install happens now: later than any time the test set up.
      files.set(`${root}/node_modules/${INSTALL_STAMP}`, 1_000 + did.length);
    },
    installChromium: () => {
      did.push('apt-get chromium');
      if (options.aptInstallsChromium !== false) files.set('/usr/bin/chromium', 1);
      return options.aptInstallsChromium !== false;
    },
    allowTraversal: (dir: string) => void did.push(`chmod o+x up from ${dir}`),
    log: (line: string) => void lines.push(line),
  };
  return { deps, did, lines, files };
}

const installed = { [`${root}/node_modules/.modules.yaml`]: 150 };

describe('which Node runs the script', () => {
  it('is the current one when it runs TypeScript by itself: nothing downloaded', () => {
    const { deps, did, lines } = machine({ nodeVersion: '24.21.0', files: installed });
    const ready = prepare(['scripts/start.ts'], deps);
    expect(ready.node).toBe('/usr/bin/node');
    expect(did.filter((step) => step.startsWith('download'))).toEqual([]);
    expect(lines).toEqual([]);
  });

  it("is the tools folder's Node 24 when the machine's is Node 20: nothing downloaded", () => {
    const { deps, did } = machine({ files: { ...installed, [`${tools}/bin/node`]: 1 }, versions: { [`${tools}/bin/node`]: 'v24.21.0' } });
    const ready = prepare(['scripts/start.ts'], deps);
    expect(ready.node).toBe(`${tools}/bin/node`);
    expect(ready.env.PATH).toBe(`${tools}/bin:/usr/bin:/bin`);
    expect(did).toEqual(['chmod o+x up from /src/tradepost']);
  });

  it('downloads node@24 and pnpm@12 into the tools folder on a fresh machine, with one line first, then installs with them', () => {
    const { deps, did, lines } = machine({});
    const ready = prepare(['scripts/start.ts'], deps);
    expect(lines[0]).toBe(
      "Node 20.20.2 cannot run this project's TypeScript: installing node@24 and pnpm@12 from the npm registry into /tmp/tools (once; set TRADEPOST_TOOLS to choose the folder)",
    );
    expect(did.slice(0, 3)).toEqual([
      `download ${tools} node@24 pnpm@12`,
      `install with ${tools}/bin/pnpm PATH=${tools}/bin:/usr/bin:/bin`,
      'stamp',
    ]);
    expect(ready.node).toBe(`${tools}/bin/node`);
  });

  it('takes Node 22 only from 22.18 (type stripping on by default), 23 from 23.6', () => {
    expect(['20.20.2', '22.12.0', '22.17.1', '23.5.0', 'v18.19.0', '', 'junk'].map(runsTypeScript)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['22.18.0', 'v22.20.0', '23.6.0', '24.0.0', '26.1.0'].map(runsTypeScript)).toEqual([true, true, true, true, true]);
    const { deps, did } = machine({ nodeVersion: '22.12.0', files: installed });
    expect(prepare(['scripts/start.ts'], deps).node).toBe(`${tools}/bin/node`);
    expect(did[0]).toBe(`download ${tools} node@24`);
  });

  it('downloads only pnpm@12 when the Node is fine but no pnpm 12 is at hand for an install', () => {
    const { deps, did, lines } = machine({ nodeVersion: '24.21.0', versions: { '/usr/bin/pnpm': '9.15.0' } });
    prepare(['scripts/start.ts'], deps);
    expect(lines[0]).toMatch(/^pnpm 12 is needed to install the workspace: installing pnpm@12 /);
    expect(did.slice(0, 2)).toEqual([`download ${tools} pnpm@12`, `install with ${tools}/bin/pnpm PATH=/usr/bin:/bin`]);
  });

  it('uses a pnpm 12 on PATH rather than downloading one', () => {
    const { deps, did } = machine({ nodeVersion: '24.21.0', versions: { '/usr/bin/pnpm': '12.3.0' } });
    prepare(['scripts/start.ts'], deps);
    expect(did.slice(0, 1)).toEqual(['install with pnpm PATH=/usr/bin:/bin']);
  });

  it('stops with one line saying what to do when the registry cannot be reached, running nothing', () => {
    const { deps, did } = machine({ registryUp: false });
    let error: unknown;
    try {
      prepare(['scripts/start.ts'], deps);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(LaunchError);
    expect((error as Error).message).toBe(
      'Could not install node@24 and pnpm@12 from the npm registry into /tmp/tools (npm exited 1): check that npm reaches its registry (npm ping), or install Node 22.18+ and pnpm 12 yourself, then run the command again.',
    );
    expect((error as Error).message).not.toContain('\n');
    expect(did).toEqual([`download ${tools} node@24 pnpm@12`]);
  });
});

describe("npm's failure in the one line", () => {
  it('keeps the exit status, the error code and the log from what npm printed', () => {
    // npm 11.19.1's stderr (stack trimmed) for `npm install --global --prefix … node@24` with an
    // unreachable registry (npm_config_registry=http://127.0.0.1:9/), captured on this project's machine.
    const stderr = [
      'npm error code ECONNREFUSED',
      'npm error syscall connect',
      'npm error errno ECONNREFUSED',
      'npm error FetchError: request to http://127.0.0.1:9/node failed, reason: connect ECONNREFUSED 127.0.0.1:9',
      'npm error     at ClientRequest.<anonymous> (/usr/lib/node_modules/npm/node_modules/minipass-fetch/lib/index.js:130:14)',
      "npm error   code: 'ECONNREFUSED',",
      'npm error }',
      'npm error',
      "npm error If you are behind a proxy, please make sure that the 'proxy' config is set properly.  See: 'npm help config'",
      'npm error A complete log of this run can be found in: /root/.npm/_logs/2026-11-27T13_34_56_620Z-debug-0.log',
    ].join('\n');
    expect(npmFailure(1, stderr)).toBe('npm exited 1, ECONNREFUSED, its log: /root/.npm/_logs/2026-11-27T13_34_56_620Z-debug-0.log');
    expect(npmFailure(1, '')).toBe('npm exited 1');
  });
});

describe('where the tools go', () => {
  const env = {};
  it('TRADEPOST_TOOLS, else /opt/tradepost-node when writable (root), else ~/.cache/tradepost/node', () => {
    expect(toolsFolder({ env: { TRADEPOST_TOOLS: '/tmp/x' }, home: '/home/dev', writable: () => true })).toBe('/tmp/x');
    expect(toolsFolder({ env, home: '/home/dev', writable: (path: string) => path === SYSTEM_TOOLS })).toBe('/opt/tradepost-node');
    expect(toolsFolder({ env, home: '/home/dev', writable: () => false })).toBe('/home/dev/.cache/tradepost/node');
  });
});

describe('when the workspace is installed', () => {
  const node24 = { nodeVersion: '24.21.0', versions: { '/usr/bin/pnpm': '12.21.0' } };
  const installs = (did: string[]) => did.filter((step) => step.startsWith('install'));

  it('installs when node_modules is missing, and not again on the next launch', () => {
    const { deps, did } = machine(node24);
    prepare(['scripts/start.ts'], deps);
    prepare(['scripts/start.ts'], deps);
    expect(installs(did)).toHaveLength(1);
  });

  it('does not install when node_modules is newer than pnpm-lock.yaml', () => {
    const { deps, did } = machine({ ...node24, files: installed });
    prepare(['scripts/start.ts'], deps);
    expect(installs(did)).toEqual([]);
  });

  it('reinstalls when pnpm-lock.yaml changed after the last install', () => {
    const { deps, did, files } = machine({ ...node24, files: installed });
    files.set(`${root}/pnpm-lock.yaml`, 300);
    prepare(['scripts/test.ts', '--project', 'unit'], deps);
    expect(installs(did)).toHaveLength(1);
    prepare(['scripts/test.ts', '--project', 'unit'], deps);
    expect(installs(did)).toHaveLength(1);
  });

  it('stops with the install’s exit code when pnpm install fails, without stamping', () => {
    const { deps, did } = machine(node24);
    deps.installWorkspace = () => 7;
    expect(() => prepare(['scripts/start.ts'], deps)).toThrow(expect.objectContaining({ exitCode: 7 }));
    expect(did).not.toContain('stamp');
  });
});

describe('Chromium for the browser tests', () => {
  const ready = { nodeVersion: '24.21.0', files: installed };

  it('needs it for the whole test run or an e2e project only', () => {
    expect(needsBrowser(['scripts/test.ts'])).toBe(true);
    expect(needsBrowser(['scripts/test.ts', '--project', 'e2e'])).toBe(true);
    expect(needsBrowser(['scripts/test.ts', '--project=e2e'])).toBe(true);
    expect(needsBrowser(['scripts/test.ts', '--project', 'unit', '--project', 'api'])).toBe(false);
    expect(needsBrowser(['scripts/start.ts'])).toBe(false);
    expect(needsBrowser(['--watch', 'api/src/server.ts'])).toBe(false);
  });

  it("installs Debian's chromium with apt-get as root when /usr/bin/chromium is missing, saying so first", () => {
    const { deps, did, lines } = machine({ ...ready, files: { ...installed, '/usr/bin/apt-get': 1 } });
    prepare(['scripts/test.ts'], deps);
    expect(did).toContain('apt-get chromium');
    expect(lines).toEqual(['Chromium is missing: installing Debian\'s "chromium" (apt-get update && apt-get install -y chromium)']);
  });

  it("leaves a present Chromium alone (Debian's or CHROMIUM_PATH)", () => {
    for (const setup of [
      machine({ ...ready, files: { ...installed, '/usr/bin/apt-get': 1, '/usr/bin/chromium': 1 } }),
      machine({
        ...ready,
        files: { ...installed, '/usr/bin/apt-get': 1, '/opt/chrome/chrome': 1 },
        env: { CHROMIUM_PATH: '/opt/chrome/chrome' },
      }),
    ]) {
      prepare(['scripts/test.ts'], setup.deps);
      expect(setup.did).not.toContain('apt-get chromium');
      expect(setup.lines).toEqual([]);
    }
  });

  it('says in one line how to get it when it cannot install it, and still runs', () => {
    const { deps, did, lines } = machine({ ...ready, isRoot: false, files: { ...installed, '/usr/bin/apt-get': 1 } });
    expect(prepare(['scripts/test.ts'], deps).node).toBe('/usr/bin/node');
    expect(did).toEqual([]);
    expect(lines).toEqual([
      'Chromium is missing: install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium/Chrome binary; the browser tests (e2e) fail until then.',
    ]);
  });

  it('is not looked for when the run leaves out the browser suite', () => {
    const { deps, did, lines } = machine({ ...ready, files: { ...installed, '/usr/bin/apt-get': 1 } });
    prepare(['scripts/test.ts', '--project', 'unit'], deps);
    expect(did).not.toContain('apt-get chromium');
    expect(lines).toEqual([]);
  });
});
