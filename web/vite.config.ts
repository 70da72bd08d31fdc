import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The product version (root package.json), as /version.json reports it; bug reports fall back to it offline. */
const appVersion =
  (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '0.0.0';

const apiOrigin = process.env.TRADEPOST_API_ORIGIN ?? 'http://localhost:3000';
const apiProxy = {
  '/api': { target: apiOrigin, changeOrigin: true },
  '/version.json': { target: apiOrigin, changeOrigin: true },
};

// Vendor code changes rarely, so it gets its own long-cached chunks. Fluent icons stay out of the
// groups on purpose: each page imports only the icons it draws, and they ride in that page's chunk.
const vendorGroups = [
  {
    name: 'vendor-react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
    priority: 30,
  },
  { name: 'vendor-data', test: /node_modules[\\/](@tanstack|jotai|zod)[\\/]/, priority: 20 },
  {
    name: 'vendor-fluent',
    test: /node_modules[\\/](@fluentui[\\/](?!react-icons|react-charts|chart-utilities)|@griffel|@floating-ui|tabster|keyborg|@swc[\\/]helpers|rtl-css-js|stylis|use-sync-external-store|@emotion)/,
    priority: 10,
  },
];

/** The packages shared/src/ui/ imports, which shared/ lists as peer dependencies. */
const sharedUiPackages = ['react', 'react-dom', '@fluentui/react-components'];

/**
 * The entry (src/main.tsx) loads the app with a dynamic import so a chunk that fails to download shows
 * the Loading Error page instead of a blank screen. Vite only preloads static imports from the HTML, so
 * this lists the app chunk and everything it imports as modulepreload links: they download alongside
 * the small entry instead of after it.
 */
function preloadAppChunks(entry: string): Plugin {
  return {
    name: 'tradepost:preload-app-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (bundle === undefined) return;
        const start = Object.values(bundle).find((output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(entry) === true);
        if (start === undefined) return;
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const output = bundle[fileName];
          // The entry is already in the page as its module script.
          if (files.has(fileName) || output?.type !== 'chunk' || output.isEntry) return;
          files.add(fileName);
          for (const imported of output.imports) visit(imported);
        };
        visit(start.fileName);
        return [...files].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig(({ command }) => {
  // A build started from a test runner inherits NODE_ENV=test, which would ship React's development
  // JSX and turn Griffel's makeStaticStyles into a no-op. Only an explicit `development` is honoured.
  if (command === 'build' && process.env.NODE_ENV === 'test') process.env.NODE_ENV = 'production';

  return {
    plugins: [react(), preloadAppChunks('/src/app/start-app.tsx')],
    // shared/src/ui/ imports React and Fluent from shared/'s own node_modules: resolve them from here,
    // so the bundle keeps one copy (two Reacts break hooks; two Fluents, the theme) even if the versions drift.
    resolve: { dedupe: sharedUiPackages },
    define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion) },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2023',
      // Maps are written for error reports but not referenced from the bundles.
      sourcemap: 'hidden',
      rolldownOptions: {
        output: {
          codeSplitting: { groups: vendorGroups },
        },
      },
    },
    server: { port: 5173, proxy: apiProxy },
    preview: { proxy: apiProxy },
  };
});
