import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD_STAMP, ensureWebBuilt, precompress, webBuildIsCurrent, webInputsHash } from './build.ts';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tradepost-build-test-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function write(path: string, content: string | Buffer): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), content);
}

const script = (label: string) => `export function ${label}() { return ${JSON.stringify(`${label} `.repeat(400))}; }\n`.repeat(20);

describe('precompress', () => {
  it('writes a brotli and a gzip copy of each compressible file, each the same content', async () => {
    write('dist/assets/app-Ab12Cd34.js', script('app'));
    write('dist/index.html', `<!doctype html><html>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}</html>`);
    write('dist/sw.js', script('worker'));

    const written = await precompress(join(dir, 'dist'));

    for (const file of ['assets/app-Ab12Cd34.js', 'index.html', 'sw.js']) {
      const original = readFileSync(join(dir, 'dist', file));
      const br = readFileSync(join(dir, 'dist', `${file}.br`));
      const gz = readFileSync(join(dir, 'dist', `${file}.gz`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(original.length / 2);
    }
    expect(written).toHaveLength(6);
  });

  it('leaves out tiny files, source maps, compressed formats and content that does not shrink', async () => {
    // Under a kilobyte, though it would shrink.
    write('dist/favicon.svg', `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h24v24H0z"/>'.repeat(35)}</svg>`);
    write('dist/assets/app-Ab12Cd34.js.map', JSON.stringify({ mappings: 'AAAA;'.repeat(2000) }));
    write('dist/assets/photo-Zz99.png', Buffer.alloc(50_000, 1));
    write('dist/assets/random-Qq11.js', randomBytes(20_000));

    expect(await precompress(join(dir, 'dist'))).toEqual([]);
    expect(existsSync(join(dir, 'dist/favicon.svg.br'))).toBe(false);
  });

  it('does not compress its own copies again when run twice', async () => {
    write('dist/assets/app-Ab12Cd34.js', script('app'));
    await precompress(join(dir, 'dist'));
    await precompress(join(dir, 'dist'));
    expect(existsSync(join(dir, 'dist/assets/app-Ab12Cd34.js.br.br'))).toBe(false);
    expect(existsSync(join(dir, 'dist/assets/app-Ab12Cd34.js.gz.br'))).toBe(false);
  });
});

describe('the web build stamp (npm start reuses web/dist while the sources are unchanged)', () => {
  /** A repository with the web build's inputs, and a finished build of them in web/dist. */
  function builtRepo(): string {
    write('web/src/main.tsx', 'export const main = 1;\n');
    write('web/src/pages/home.tsx', 'export const home = 1;\n');
    write('web/public/sw.js', 'self.addEventListener("fetch", () => {});\n');
    write('web/index.html', '<!doctype html>\n');
    write('web/vite.config.ts', 'export default {};\n');
    write('web/package.json', '{}\n');
    write('shared/src/money.ts', 'export const cents = 100;\n');
    write('pnpm-lock.yaml', 'lockfileVersion: 9.0\n');
    write('web/dist/index.html', '<!doctype html>\n');
    write(`web/dist/${BUILD_STAMP}`, `${webInputsHash(dir)}\n`);
    return join(dir, 'web/dist');
  }

  it('reuses a build of the current sources', () => {
    const dist = builtRepo();
    expect(webBuildIsCurrent(dist, webInputsHash(dir))).toBe(true);
    const build = vi.fn();
    expect(ensureWebBuilt(dist, { repoRoot: dir, build })).toBe('reused');
    expect(build).not.toHaveBeenCalled();
  });

  it.each([
    ['a web source is edited', () => write('web/src/pages/home.tsx', 'export const home = 2;\n')],
    ['a web source is added', () => write('web/src/pages/new-page.tsx', 'export const page = 1;\n')],
    ['a web source is removed', () => unlinkSync(join(dir, 'web/src/pages/home.tsx'))],
    ['a file of web/public changes', () => write('web/public/sw.js', 'self.addEventListener("install", () => {});\n')],
    ['shared code changes', () => write('shared/src/money.ts', 'export const cents = 1000;\n')],
    ['the Vite config changes', () => write('web/vite.config.ts', 'export default { base: "/" };\n')],
    ['the lockfile changes', () => write('pnpm-lock.yaml', 'lockfileVersion: 9.1\n')],
    ['index.html of the source changes', () => write('web/index.html', '<!doctype html><title>x</title>\n')],
  ])('builds again when %s', (_change, change) => {
    const dist = builtRepo();
    change();
    expect(webBuildIsCurrent(dist, webInputsHash(dir))).toBe(false);
    const build = vi.fn();
    expect(ensureWebBuilt(dist, { repoRoot: dir, build })).toBe('built');
    expect(build).toHaveBeenCalledWith(dist);
  });

  it('builds again when the build is missing, has no stamp (it stopped half way) or a stamp of other sources', () => {
    const dist = builtRepo();
    const hash = webInputsHash(dir);
    unlinkSync(join(dist, 'index.html'));
    expect(webBuildIsCurrent(dist, hash)).toBe(false);

    builtRepo();
    unlinkSync(join(dist, BUILD_STAMP));
    expect(webBuildIsCurrent(dist, hash)).toBe(false);

    builtRepo();
    writeFileSync(join(dist, BUILD_STAMP), 'another-hash\n');
    expect(webBuildIsCurrent(dist, hash)).toBe(false);

    expect(webBuildIsCurrent(join(dir, 'nowhere'), hash)).toBe(false);
  });

  it('is not changed by the build output itself', () => {
    const dist = builtRepo();
    write('web/dist/assets/app-Ab12Cd34.js', script('app'));
    expect(webBuildIsCurrent(dist, webInputsHash(dir))).toBe(true);
  });
});
