import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

// Vendor code changes rarely, so React gets its own long-cached chunk: every first screen needs it,
// the light public site included (issue #16), so nothing else may ride in it (the router is app-only).
// Everything else is split by Rolldown along the routes that use it: Fluent has no group of its own,
// so each route loads the Fluent components it draws and shared ones come in shared chunks, and the
// public site loads none. Fluent icons likewise ride with the pages that draw them. zod has no group
// either: the first screen checks its answers with zod/mini (shared/src/schemas/zod-mini.ts), and a
// group would hold all the zod the app uses, classic zod with it, in the chunk that screen loads.
const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'vendor-router', test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 25 },
  { name: 'vendor-data', test: /node_modules[\\/](@tanstack|jotai)[\\/]/, priority: 20 },
];

const iconsPackage = '@fluentui/react-icons';
const iconsAtoms = new URL('./node_modules/@fluentui/react-icons/lib/atoms/svg/', import.meta.url);
const iconImport = /import\s*\{([^}]*)\}\s*from\s*(['"])@fluentui\/react-icons\2;?/g;

/**
 * Issue #16: each Fluent icon is imported from its own family's module (`@fluentui/react-icons/svg/home`,
 * which the package exports for this) instead of the package's index. The index re-exports ~60 large
 * modules of a hundred icons each, and a bundler cannot split a module: every screen that drew one icon
 * of such a module downloaded all the icons the app uses from it (the dashboard's first screen loaded
 * 111 icons to draw about 40). The components are the same ones (the same `createFluentIcon`); a name
 * whose family module does not export it (bundleIcon, the types…) stays on the index. Build only.
 */
function iconsByFamily(): Plugin {
  const family = new Map<string, string | null>();
  /** `ClipboardTaskListLtr20Regular` → `clipboard-task-list-ltr`, if that module exports the name. */
  const familyOf = (name: string): string | null => {
    const known = family.get(name);
    if (known !== undefined) return known;
    const base = /^([A-Z][A-Za-z0-9]*?)(\d+)?(Regular|Filled|Color|Light)$/.exec(name)?.[1];
    let found: string | null = null;
    if (base !== undefined) {
      const file = base
        .replace(/([a-z])([A-Z0-9])/g, '$1-$2')
        .replace(/([0-9])([A-Za-z])/g, '$1-$2')
        .toLowerCase();
      try {
        const text = readFileSync(new URL(`${file}.js`, iconsAtoms), 'utf8');
        if (new RegExp(`export const ${name}\\b`).test(text)) found = file;
      } catch {
        // No such family module: the name stays on the index.
      }
    }
    family.set(name, found);
    return found;
  };
  return {
    name: 'tradepost:icons-by-family',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!code.includes(iconsPackage) || id.includes('/@fluentui/react-icons/')) return null;
      let changed = false;
      const result = code.replace(iconImport, (statement, list: string) => {
        const byFamily = new Map<string, string[]>();
        const rest: string[] = [];
        for (const raw of list.split(',')) {
          const specifier = raw.trim();
          if (specifier === '') continue;
          const imported = /^([A-Za-z0-9_$]+)(\s+as\s+[A-Za-z0-9_$]+)?$/.exec(specifier)?.[1];
          const file = imported === undefined ? null : familyOf(imported);
          if (file === null) rest.push(specifier);
          else byFamily.set(file, [...(byFamily.get(file) ?? []), specifier]);
        }
        if (byFamily.size === 0) return statement;
        changed = true;
        const statements = [...byFamily].map(([file, names]) => `import { ${names.join(', ')} } from '${iconsPackage}/svg/${file}';`);
        if (rest.length > 0) statements.push(`import { ${rest.join(', ')} } from '${iconsPackage}';`);
        // Same number of lines, so the module's source map still lines up.
        return statements.join(' ') + '\n'.repeat(statement.split('\n').length - 1);
      });
      return changed ? { code: result, map: null } : null;
    },
  };
}

/**
 * Issue #16: Fluent's `tokens` object (each theme token's name → `var(--name)`, 3 KB gzip that every
 * first screen loads) is replaced at build by src/app/fluent-tokens.ts, which makes the same string
 * from the name it is asked for (its test checks every token). Build only: dev and tests use Fluent's.
 */
function fluentTokensByName(): Plugin {
  const fluentTokensModule = /[\\/]@fluentui[\\/]tokens[\\/]lib[\\/]tokens\.js$/;
  const replacement = fileURLToPath(new URL('./src/app/fluent-tokens.ts', import.meta.url));
  return {
    name: 'tradepost:fluent-tokens-by-name',
    apply: 'build',
    load(id) {
      return fluentTokensModule.test(id) ? `export { tokens } from ${JSON.stringify(replacement)};` : null;
    },
  };
}

/** The packages shared/src/ui/ imports, which shared/ lists as peer dependencies. */
const sharedUiPackages = ['react', 'react-dom', '@fluentui/react-components'];

/**
 * The entry (src/main.tsx) decides at run time what a screen needs and loads it with a dynamic import:
 * the app for an app route, the light public site for a public page (issue #16), so index.html cannot
 * preload either graph without making the other screen download it too. It preloads what both graphs
 * share (React, chiefly), which every first screen needs, so that downloads alongside the small entry.
 */
function preloadSharedChunks(starts: string[]): Plugin {
  return {
    name: 'tradepost:preload-shared-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (bundle === undefined) return;
        const graphs = starts.map((start) => {
          const chunk = Object.values(bundle).find((output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(start) === true);
          if (chunk === undefined) throw new Error(`preloadSharedChunks: no chunk for ${start}`);
          const files = new Set<string>();
          const visit = (fileName: string) => {
            const output = bundle[fileName];
            // The entry is already in the page as its module script.
            if (files.has(fileName) || output?.type !== 'chunk' || output.isEntry) return;
            files.add(fileName);
            for (const imported of output.imports) visit(imported);
          };
          visit(chunk.fileName);
          return files;
        });
        const [first = new Set<string>(), ...others] = graphs;
        return [...first]
          .filter((fileName) => others.every((graph) => graph.has(fileName)))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

type PreloadDependencies = (file: string, deps: string[], context: { hostId: string; hostType: 'html' | 'js' }) => string[];

/**
 * Issue #16: every dynamic import Vite writes carries the list of files to fetch alongside it (its
 * static imports, transitively), so a page comes in one round trip instead of a waterfall. The route
 * table's seventy lazy pages put their lists in the first screen's code, and most of each list is
 * what the chunk making the import has already loaded: React, the router, Fluent's shared chunks.
 * Those are left out here: the importing chunk cannot run before its own static imports have
 * loaded, so the browser has them whatever the list says. The page still arrives in one round trip.
 */
function preloadOnlyWhatIsMissing(): { plugin: Plugin; resolveDependencies: PreloadDependencies } {
  let bundle: Record<string, { imports?: string[] }> = {};
  const loadedWith = new Map<string, Set<string>>();
  /** The chunk and everything it imports statically, transitively: what is in the page once it runs. */
  const closureOf = (fileName: string): Set<string> => {
    const known = loadedWith.get(fileName);
    if (known !== undefined) return known;
    const files = new Set<string>();
    const visit = (name: string) => {
      if (files.has(name)) return;
      files.add(name);
      for (const imported of bundle[name]?.imports ?? []) visit(imported);
    };
    visit(fileName);
    loadedWith.set(fileName, files);
    return files;
  };
  return {
    plugin: {
      name: 'tradepost:preload-only-what-is-missing',
      apply: 'build',
      // Before Vite's own generateBundle hook (a post plugin), which asks resolveDependencies.
      generateBundle(_options, output) {
        bundle = output as unknown as typeof bundle;
        loadedWith.clear();
      },
    },
    resolveDependencies: (_file, deps, { hostId, hostType }) => {
      if (hostType !== 'js') return deps;
      const loaded = closureOf(hostId);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}

export default defineConfig(({ command }) => {
  // A build started from a test runner inherits NODE_ENV=test, which would ship React's development
  // JSX and turn Griffel's makeStaticStyles into a no-op. Only an explicit `development` is honoured.
  if (command === 'build' && process.env.NODE_ENV === 'test') process.env.NODE_ENV = 'production';

  const preloads = preloadOnlyWhatIsMissing();
  return {
    plugins: [
      preloads.plugin,
      iconsByFamily(),
      fluentTokensByName(),
      react(),
      preloadSharedChunks(['/src/app/start-app.tsx', '/src/features/public-site/public-site-start.tsx']),
    ],
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
      // .vite/manifest.json: which files each first screen loads, read by tests/e2e/bundle-budget.test.ts.
      manifest: true,
      modulePreload: { resolveDependencies: preloads.resolveDependencies },
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
