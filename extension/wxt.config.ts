import { resolve } from 'node:path';
import { defineConfig } from 'wxt';
import { defaultServerAddress } from './lib/server-address.ts';
import { allSiteMatches, photoHostMatches } from './lib/sites.ts';

/**
 * The marketplace panel's UI (React, Fluent, the queries): not part of the content scripts, which
 * stay small loaders (issue #16), but an ES module built with the extension's pages, sharing their
 * chunks, that a content script imports from `page-panel.js` when its panel opens
 * (`components/page-panel/mount-page-panel.ts`).
 */
const pagePanel = { name: 'page-panel', source: 'components/page-panel/render-page-panel.tsx' };

/** The marketplaces' origins (`https://host/*`: a web-accessible grant names origins only, Chrome refuses paths). */
const marketplaceOrigins = [...new Set(allSiteMatches.map((match) => `${new URL(match.replaceAll('*', '')).origin}/*`))];

/** `page-panel.js` and every chunk it imports, as the pages' build wrote them: what marketplace pages may load. */
const pagePanelFiles = new Set<string>();

type BuiltFile = { type: 'asset' } | { type: 'chunk'; isEntry: boolean; name: string; fileName: string; imports: string[] };

/** Lists the panel module's files, and refuses a panel that would import a page's own script (it would run there). */
function listPagePanelFiles() {
  return {
    name: 'tradepost:page-panel-files',
    generateBundle(_options: unknown, bundle: Record<string, BuiltFile>) {
      pagePanelFiles.clear();
      const visit = (fileName: string) => {
        const file = bundle[fileName];
        if (file?.type !== 'chunk') throw new Error(`${pagePanel.name}: ${fileName} is not in the build`);
        if (file.isEntry && file.name !== pagePanel.name) throw new Error(`${pagePanel.name}.js imports the page script ${fileName}`);
        if (pagePanelFiles.has(fileName)) return;
        pagePanelFiles.add(fileName);
        for (const imported of file.imports) visit(imported);
      };
      visit(`${pagePanel.name}.js`);
    },
  };
}

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  // Explicit imports everywhere (house style); no generated auto-import globals.
  imports: false,
  // shared/src/ui/ imports React and Fluent from shared/'s own node_modules: resolve them from here,
  // so every entrypoint keeps one copy (two Reacts break hooks; two Fluents, the theme) even if the versions drift.
  vite: () => ({ resolve: { dedupe: ['react', 'react-dom', '@fluentui/react-components'] } }),
  hooks: {
    // `browser.runtime.getURL('/page-panel.js')` type-checks.
    'prepare:publicPaths': (_wxt, paths) => {
      paths.push(`${pagePanel.name}.js`);
    },
    'vite:build:extendConfig': (entrypoints, config) => {
      // The pages' build (popup, options, side panel: ES modules with shared chunks) also builds the panel.
      if (!entrypoints.some((entry) => entry.type === 'sidepanel')) return;
      const options = config.build?.rollupOptions;
      const input = options?.input;
      if (options === undefined || typeof input !== 'object' || Array.isArray(input)) {
        throw new Error('WXT changed how it builds pages: expected named inputs');
      }
      options.input = { ...input, [pagePanel.name]: resolve(config.root ?? '.', pagePanel.source) };
      // The panel keeps its exports, and no page's own chunk gains exports for it to import.
      options.preserveEntrySignatures = 'strict';
      config.plugins = [...(config.plugins ?? []), listPagePanelFiles()];
    },
    'build:manifestGenerated': (wxt, manifest) => {
      if (pagePanelFiles.size === 0 && wxt.config.command === 'build') throw new Error(`${pagePanel.name}.js was not built`);
      // Content scripts can import only web-accessible files, and only the marketplaces' pages need these.
      const resources = pagePanelFiles.size > 0 ? [...pagePanelFiles].sort() : [`${pagePanel.name}.js`, 'chunks/*'];
      type Grant = Exclude<NonNullable<typeof manifest.web_accessible_resources>[number], string>;
      // MV3 grants only (WXT refuses MV2's plain strings in an MV3 build).
      const grants = (manifest.web_accessible_resources ?? []).filter((entry): entry is Grant => typeof entry !== 'string');
      manifest.web_accessible_resources = [...grants, { resources, matches: marketplaceOrigins }];
    },
  },
  // MV3 for Firefox too (WXT would default Firefox to MV2).
  manifestVersion: 3,
  manifest: ({ browser }) => ({
    name: 'Tradepost',
    description: 'Tradepost inventory and listings beside your marketplace pages.',
    // Firefox has no sidePanel API: WXT turns the sidepanel entrypoint into a sidebar_action there.
    // Notifications say how a 'Capture listing' went and link to the draft.
    permissions:
      browser === 'firefox' ? ['storage', 'contextMenus', 'notifications'] : ['storage', 'contextMenus', 'notifications', 'sidePanel'],
    // The default server, and the marketplaces' photo hosts (a capture copies a listing's photos
    // into its draft; the worker can read them only with a grant). Any other server is reached
    // through the API's CORS rule, which admits this extension's ids (EXTENSION_IDS) and moz-extension:// origins,
    // so no blanket http(s)://*/* grant (Chrome warns "read and change all your data"; Firefox MV3
    // leaves host grants off until the user opts in, so relying on them would break sign-in there).
    // The marketplace pages themselves come in with the content scripts' matches.
    host_permissions: [`${defaultServerAddress}/*`, ...photoHostMatches],
    action: { default_title: 'Tradepost' },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'extension@tradepost.app',
              strict_min_version: '128.0',
              // Sign-in sends the e-mail and password to the Tradepost server and keeps the
              // returned user (name, e-mail) on the device.
              data_collection_permissions: { required: ['authenticationInfo', 'personallyIdentifyingInfo'] },
            },
          },
        }
      : {}),
  }),
  zip: {
    name: 'tradepost-extension',
    // The sources zip is for Mozilla's review only: `pnpm zip:firefox-sources`. Reviewers rebuild
    // from it, so it holds the workspace around the extension (shared code, lockfile).
    zipSources: false,
    sourcesRoot: '..',
    includeSources: [
      'package.json',
      'pnpm-workspace.yaml',
      'pnpm-lock.yaml',
      'tsconfig.base.json',
      'extension/**',
      'shared/package.json',
      'shared/src/**',
    ],
    excludeSources: ['**/*.test.ts', '**/*.test.tsx'],
  },
});
