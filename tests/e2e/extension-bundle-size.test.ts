import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';

// Issue #16: a content script runs on every marketplace page it matches, so it is a small loader
// (page readers, the folded panel's button, messaging); the panel's React, Fluent and zod come from
// page-panel.js when the panel opens. This reads the build the e2e global setup made (Chrome and
// Firefox, `scripts/build.ts`), so it costs no build of its own.

/** The most a content script may weigh, gzipped (level 9). */
const BUDGET_GZIP_BYTES = 30 * 1024;

const chromeDir = inject('extensionDir');
const builds = { chrome: chromeDir, firefox: resolve(chromeDir, '../firefox-mv3') };

type Manifest = {
  content_scripts?: Array<{ matches: string[]; js?: string[] }>;
  web_accessible_resources?: Array<{ resources: string[]; matches: string[] }>;
};

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

describe.each(Object.entries(builds))('the %s build of the extension', (_browser, dir) => {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;

  it('has content scripts of at most 30 KiB gzipped each', () => {
    const scripts = readdirSync(join(dir, 'content-scripts')).filter((file) => file.endsWith('.js'));
    expect(scripts.sort()).toEqual(['ebay.js', 'shopify.js', 'whatnot.js']);
    const sizes = scripts.map((file) => {
      const code = readFileSync(join(dir, 'content-scripts', file));
      return { file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
    });
    console.log(
      sizes.map(({ file, raw, gzip }) => `${file}: ${kib(raw)} raw, ${kib(gzip)} gzip (budget ${kib(BUDGET_GZIP_BYTES)})`).join('\n'),
    );
    for (const { file, gzip } of sizes) expect(gzip, `${file}, gzipped`).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });

  it('lets every page a content script runs on load the panel module and what it imports', () => {
    const grant = (manifest.web_accessible_resources ?? []).find((entry) => entry.resources.includes('page-panel.js'));
    expect(grant).toBeDefined();
    // Every file the panel imports is granted (a missing one leaves the panel blank on that site).
    const panel = readFileSync(join(dir, 'page-panel.js'), 'utf8');
    for (const [, path] of panel.matchAll(/(?:from|import)\s*["']\.\/([^"']+)["']/g)) expect(grant?.resources).toContain(path);
    // A grant names whole origins (Chrome refuses an extension whose grant has a path).
    for (const script of manifest.content_scripts ?? []) {
      for (const match of script.matches) expect(grant?.matches).toContain(`${new URL(match.replaceAll('*', '')).origin}/*`);
    }
    for (const match of grant?.matches ?? []) expect(match).toMatch(/^https:\/\/[^/*]+\/\*$/);
  });
});
