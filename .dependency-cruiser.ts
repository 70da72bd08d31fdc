// The seam between areas, checked in CI (`npm run check:boundaries`, see ../shared/docs/architecture.md):
// which file may import which. dependency-cruiser reads the imports (with swc: TypeScript 7 has no JS
// API for it to use) and applies the rules below; `scripts/check-boundaries.ts` runs it, adds the one
// rule it cannot express (no-area-cycles) and prints each offending import as `from -> to: rule`.
// `npx depcruise api web extension shared` reads this file too (for graphs: `--output-type dot`).
//
// Test files (`*.test.ts(x)`, `test-support`, `api/test/`, `tests/`) are not cruised at all.
// Type-only imports (`import type`, `import { type X }`) count like any other: a type still couples
// the two files, and an area that needs another's types should get them from its public.ts.
import type { IConfiguration, IForbiddenRuleType } from 'dependency-cruiser';

const MODULES = 'api/src/modules';
/** A file of an area; the capture is the area's name, `$1` in the `to` side of the same rule. */
const AREA_FILE = `^${MODULES}/([^/]+)/`;
/** Each area's declared public interface: the only file another area may import. */
const PUBLIC_INTERFACE = `^${MODULES}/[^/]+/public\\.ts$`;
/** Each area's module definition: only the module list imports it. */
const MODULE_DEFINITION = `^${MODULES}/[^/]+/index\\.ts$`;
const MODULE_LIST = `^${MODULES}/index\\.ts$`;
/** Boot code: builds the app from the module list. */
const ENTRY = '^api/src/(app|server)\\.ts$';
/** Flows that span areas, as named steps (platform/workflow.ts runs them). */
const WORKFLOWS = '^api/src/workflows/';
/** Platform code every area may use, and which therefore knows no area. */
const PLATFORM = ['^api/src/[^/]+\\.ts$', '^api/src/(db|jobs|plugins|platform)/'];

/**
 * The web app's `app/` files that features and pages may import: singletons the whole app shares,
 * which are not providers of one screen. Everything else in `app/` (router, providers, guards, lazy
 * loading) composes features and pages, so importing it from them would be a loop of layers.
 */
export const sharedAppFiles: { path: string; reason: string }[] = [
  {
    path: 'web/src/app/api.ts',
    reason: 'the single API client of the web app (spec §9); every screen and hook that calls the API uses this one instance',
  },
  {
    path: 'web/src/app/store.ts',
    reason: "the app's one jotai store; code outside React (photo upload, packing slip) reads the session atom through it",
  },
];

const SHARED_APP_FILES = sharedAppFiles.map(({ path }) => `^${path.replaceAll('.', '\\.')}$`);

/** The rules. Each forbids imports `from` → `to`; `comment` says why. */
export const boundaryRules: IForbiddenRuleType[] = [
  // 1. Area to area.
  {
    name: 'area-imports-only-public',
    comment: "An area reaches another only through that area's public.ts, so each area can change its insides freely.",
    from: { path: AREA_FILE },
    to: { path: `^${MODULES}/[^/]+/`, pathNot: [`^${MODULES}/$1/`, PUBLIC_INTERFACE] },
  },
  {
    name: 'module-definition-only-from-list',
    comment: "An area's index.ts (its module definition) is read by the module list alone; app.ts builds everything from that list.",
    from: { pathNot: MODULE_LIST },
    to: { path: MODULE_DEFINITION },
  },
  {
    name: 'workflows-import-only-public',
    comment: "A workflow composes areas' steps; like any other caller it reaches an area only through its public.ts.",
    from: { path: WORKFLOWS },
    to: { path: `^${MODULES}/`, pathNot: PUBLIC_INTERFACE },
  },
  {
    name: 'workflows-only-from-entry',
    comment:
      'Workflows sit above the areas they compose: app.ts registers them and areas start one by name (runWorkflow), so no area or platform file imports the layer above it.',
    from: { pathNot: [ENTRY, WORKFLOWS] },
    to: { path: WORKFLOWS },
  },
  // 2. No loops between areas: `no-area-cycles`, in scripts/check-boundaries.ts (dependency-cruiser
  //    finds loops between files, not between areas joined through their public.ts).
  // 3. Lower layers never import higher ones.
  {
    name: 'shared-imports-no-app',
    comment: 'shared/ is used by api, web and extension, so it can depend on none of them.',
    from: { path: '^shared/' },
    to: { path: '^(api|web|extension|tests)/' },
  },
  {
    name: 'api-imports-no-shared-ui',
    comment:
      "shared/src/ui/ is the front ends' UI layer (React components and hooks, Fluent styles); the server renders no UI, " +
      'and importing it would pull React and Fluent into the API process.',
    from: { path: '^api/' },
    to: { path: '^shared/src/ui/' },
  },
  {
    name: 'platform-imports-no-area',
    comment: 'Platform code (db, jobs, plugins, platform, api/src/*.ts) is used by every area, so it knows none of them.',
    from: { path: PLATFORM, pathNot: ENTRY },
    to: { path: `^${MODULES}/` },
  },
  {
    name: 'entry-imports-only-module-list',
    comment: 'app.ts and server.ts build the app from the module list, not from areas one by one (the seed is under seeders/).',
    from: { path: ENTRY },
    to: { path: `^${MODULES}/`, pathNot: MODULE_LIST },
  },
  {
    name: 'migrations-import-no-area',
    comment: 'A migration is frozen SQL: it must not change meaning when an area changes its code.',
    from: { path: '^api/src/migrations/' },
    to: { path: `^${MODULES}/` },
  },
  {
    name: 'seeders-import-only-public',
    comment: 'The demo seed goes through the same public interfaces as any other caller.',
    from: { path: '^api/src/seeders/' },
    to: { path: `^${MODULES}/`, pathNot: PUBLIC_INTERFACE },
  },
  {
    name: 'features-import-no-pages',
    comment: 'Pages compose features; a feature is used by several pages and knows none of them.',
    from: { path: '^web/src/features/' },
    to: { path: '^web/src/pages/' },
  },
  {
    name: 'screens-import-only-shared-app-files',
    comment: 'app/ composes features and pages (router, providers, guards); they may use only its shared singletons (sharedAppFiles).',
    from: { path: '^web/src/(features|pages)/' },
    to: { path: '^web/src/app/', pathNot: SHARED_APP_FILES },
  },
  {
    name: 'extension-imports-no-web-api',
    comment: 'The extension talks to the API over HTTP like any client; what it shares with web lives in shared/.',
    from: { path: '^extension/' },
    to: { path: '^(web|api)/' },
  },
  {
    name: 'web-imports-no-api-extension',
    comment: 'The web app talks to the API over HTTP; what it shares with api or extension lives in shared/.',
    from: { path: '^web/' },
    to: { path: '^(api|extension)/' },
  },
  {
    name: 'local-imports-resolve',
    comment: 'A relative or @tradepost/ import the checker cannot resolve could hide a crossing of any rule above.',
    from: {},
    to: { couldNotResolve: true, path: '^(\\.|@tradepost/)' },
  },
];

/** Rule 2, for scripts/check-boundaries.ts: the graph of areas joined through public.ts has no cycle. */
export const areaCycleRule = {
  name: 'no-area-cycles',
  comment: 'Areas joined in a loop cannot be understood, tested or changed one at a time.',
  /** The capture is the area's name. */
  area: AREA_FILE,
  /** An edge A → B is any import from a file of A of B's public.ts. */
  publicInterface: `^${MODULES}/([^/]+)/public\\.ts$`,
} as const;

/** One import a rule lets through: `from` and `to` are paths from the repository root. */
export interface AllowedImport {
  rule: string;
  from: string;
  to: string;
}

/**
 * Permanent exceptions: imports that cross a rule on purpose, each with the reason it is right.
 */
export const permanentAllowList: (AllowedImport & { reason: string })[] = [
  {
    rule: 'platform-imports-no-area',
    from: 'api/src/plugins/auth.ts',
    to: 'api/src/modules/auth/public.ts',
    reason:
      "Identity is platform-level: every request's bearer token names a Session row, whose User becomes request.auth, " +
      "remembered per process by the auth area's SessionCache. The plugin reads them through the area's public interface.",
  },
  {
    rule: 'platform-imports-no-area',
    from: 'api/src/plugins/auth.ts',
    to: 'api/src/modules/businesses/public.ts',
    reason: "Identity is platform-level: request.auth carries the session's Business (tenancy checks membership against it).",
  },
  {
    rule: 'platform-imports-no-area',
    from: 'api/src/db/orm.ts',
    to: 'api/src/modules/index.ts',
    reason:
      'MikroORM must know every entity when it opens, and openOrm serves server.ts, the API test setup and the benches alike: ' +
      'it takes the entities from the module list, the one file that names every area, rather than from each area.',
  },
];

// ─────────────────────────────────────────────────────────────────────────────────────────────────
// TODO(seam): NOT exceptions, debt. Imports that cross a rule today, while the areas move behind their
// public.ts; one entry per file → file import, grouped by rule and by pair of places. Delete an entry
// when its import is gone (the check prints a note for every entry that no longer matches), and add
// none: a new crossing is fixed, or argued for in the permanent list above with its reason.
// `node scripts/check-boundaries.ts --todo` prints today's crossings in this shape.
// ─────────────────────────────────────────────────────────────────────────────────────────────────
const todoSeam: Record<string, [from: string, to: string][]> = {};

export const todoSeamAllowList: AllowedImport[] = Object.entries(todoSeam).flatMap(([rule, imports]) =>
  imports.map(([from, to]) => ({ rule, from, to })),
);

const config: IConfiguration = {
  forbidden: boundaryRules.map((rule) => ({ severity: 'error', ...rule })),
  options: {
    // TypeScript 7 is native, with no JS API: swc reads the .ts and .tsx files instead.
    parser: 'swc',
    // Keep imports that vanish when compiled (type-only ones): they count, see the top of this file.
    // (swc reports them either way; this says so, and keeps it so under any other parser.)
    tsPreCompilationDeps: true,
    // Not checked: tests, their helpers, and anything built or installed.
    exclude: { path: ['\\.test\\.tsx?$', 'test-support', '^api/test/', '^tests/', 'node_modules', '/dist/', '/\\.output/', '/\\.wxt/'] },
    // Package imports are ignored; `@tradepost/shared/...` resolves through its workspace link to shared/src/.
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
    },
    // The allow-lists: dependency-cruiser lowers a listed import's violation to "ignore". (Plain
    // `depcruise` calls them all "stale", since it also compares fields these entries leave out; the
    // check's own note, by rule, from and to, is the one that says which entry to delete.)
    knownViolations: [...permanentAllowList, ...todoSeamAllowList].map(({ rule, from, to }) => ({
      type: 'dependency',
      from,
      to,
      rule: { name: rule, severity: 'error' },
    })),
  },
};

export default config;
