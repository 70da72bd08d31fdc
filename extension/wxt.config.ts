import { defineConfig } from 'wxt';
import { defaultServerAddress } from './lib/server-address.ts';
import { photoHostMatches } from './lib/sites.ts';

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  // Explicit imports everywhere (house style); no generated auto-import globals.
  imports: false,
  // shared/src/ui/ imports React and Fluent from shared/'s own node_modules: resolve them from here,
  // so every entrypoint keeps one copy (two Reacts break hooks; two Fluents, the theme) even if the versions drift.
  vite: () => ({ resolve: { dedupe: ['react', 'react-dom', '@fluentui/react-components'] } }),
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
