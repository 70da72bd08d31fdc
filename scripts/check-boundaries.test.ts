import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config from '../.dependency-cruiser.ts';
import {
  areaGraph,
  cruiseImports,
  cycleViolations,
  findCycles,
  formatViolation,
  placeOf,
  ruleViolations,
  todoSection,
  unusedEntries,
} from './check-boundaries.ts';

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe('findCycles', () => {
  it('finds none in a graph that only points one way', () => {
    expect(findCycles(graph({ sales: ['inventory', 'catalog'], catalog: ['inventory'], sync: ['sales'] }))).toEqual([]);
  });

  it('names a loop once, from its alphabetically first area', () => {
    expect(findCycles(graph({ sync: ['sales'], sales: ['sync', 'inventory'] }))).toEqual([['sales', 'sync', 'sales']]);
  });

  it('gives the shortest loop through each area that lies on one', () => {
    // catalog -> sales -> sync -> catalog, and sales <-> sync: sync and sales share the short loop.
    const cycles = findCycles(graph({ catalog: ['sales'], sales: ['sync'], sync: ['catalog', 'sales'] }));
    expect(cycles).toEqual([
      ['catalog', 'sales', 'sync', 'catalog'],
      ['sales', 'sync', 'sales'],
    ]);
  });

  it('finds separate loops', () => {
    expect(findCycles(graph({ a: ['b'], b: ['a'], c: ['d'], d: ['c'] }))).toEqual([
      ['a', 'b', 'a'],
      ['c', 'd', 'c'],
    ]);
  });
});

describe('areaGraph', () => {
  const module = (source: string, ...targets: string[]) => ({
    source,
    dependencies: targets.map((resolved) => ({ resolved }) as never),
  });

  it("joins areas only through another area's public.ts", () => {
    const areas = areaGraph([
      module('api/src/modules/sales/record-sale.ts', 'api/src/modules/sync/public.ts', 'api/src/modules/catalog/product.entity.ts'),
      module('api/src/modules/sales/sales.routes.ts', 'api/src/modules/sync/public.ts', 'api/src/modules/sales/public.ts'),
      module('api/src/plugins/auth.ts', 'api/src/modules/auth/public.ts'),
    ]);
    expect([...areas]).toEqual([
      ['sales', new Map([['sync', ['api/src/modules/sales/record-sale.ts', 'api/src/modules/sales/sales.routes.ts']]])],
    ]);
  });

  it('turns a loop into the imports that close it', () => {
    const areas = areaGraph([
      module('api/src/modules/sync/push.ts', 'api/src/modules/sales/public.ts'),
      module('api/src/modules/sales/b.ts', 'api/src/modules/sync/public.ts'),
      module('api/src/modules/sales/a.ts', 'api/src/modules/sync/public.ts'),
    ]);
    expect(cycleViolations(areas).map(formatViolation)).toEqual([
      'api/src/modules/sales/a.ts -> api/src/modules/sync/public.ts: no-area-cycles (loop sales -> sync -> sales and 1 more file(s) of sales)',
      'api/src/modules/sync/push.ts -> api/src/modules/sales/public.ts: no-area-cycles (loop sales -> sync -> sales)',
    ]);
  });
});

describe('allow-lists and the TODO(seam) section', () => {
  it('lists entries whose import is gone', () => {
    const entries = [
      { rule: 'area-imports-only-public', from: 'api/src/modules/a/x.ts', to: 'api/src/modules/b/y.ts' },
      { rule: 'area-imports-only-public', from: 'api/src/modules/a/x.ts', to: 'api/src/modules/b/z.ts' },
    ];
    expect(unusedEntries(entries, [entries[0] as never])).toEqual([entries[1]]);
  });

  it('groups crossings by rule and by pair of places', () => {
    expect(placeOf('api/src/modules/sales/record-sale.ts')).toBe('sales');
    expect(placeOf('api/src/plugins/auth.ts')).toBe('api/src/plugins');
    expect(placeOf('web/src/features/shell/deep/main-layout.tsx')).toBe('web/src/features/shell');
    expect(
      todoSection([
        { rule: 'seeders-import-only-public', from: 'api/src/seeders/demo.ts', to: 'api/src/modules/auth/auth.service.ts' },
        { rule: 'area-imports-only-public', from: 'api/src/modules/team/t.ts', to: 'api/src/modules/auth/u.ts' },
        { rule: 'area-imports-only-public', from: 'api/src/modules/sales/s.ts', to: 'api/src/modules/sync/p.ts' },
      ]),
    ).toBe(
      [
        'const todoSeam: Record<string, [from: string, to: string][]> = {',
        "  'area-imports-only-public': [",
        '    // sales -> sync',
        "    ['api/src/modules/sales/s.ts', 'api/src/modules/sync/p.ts'],",
        '    // team -> auth',
        "    ['api/src/modules/team/t.ts', 'api/src/modules/auth/u.ts'],",
        '  ],',
        "  'seeders-import-only-public': [",
        '    // api/src/seeders -> auth',
        "    ['api/src/seeders/demo.ts', 'api/src/modules/auth/auth.service.ts'],",
        '  ],',
        '};',
      ].join('\n'),
    );
  });
});

describe('the rules of .dependency-cruiser.ts on a small code base', () => {
  let root: string;

  // Each file imports the listed paths; the comment says which rule, if any, each crossing breaks.
  const files: Record<string, string[]> = {
    'api/src/modules/index.ts': ['./sales/index.ts'],
    'api/src/modules/sales/index.ts': ['./record-sale.ts'],
    'api/src/modules/sales/public.ts': ['./record-sale.ts'],
    'api/src/modules/sales/record-sale.ts': [
      './sale.entity.ts', // own area
      '../sync/public.ts', // ok, and half of a loop
      '../sync/push.ts', // area-imports-only-public
      'type ../catalog/product.entity.ts', // area-imports-only-public, though only a type
      '@tradepost/shared/schemas/sales.ts', // shared
      'zod', // a package: ignored
    ],
    'api/src/modules/sales/sale.entity.ts': ['@tradepost/shared/ui/money.ts'], // api-imports-no-shared-ui
    'api/src/modules/sales/sales.test.ts': ['../sync/push.ts'], // tests are not checked
    'api/src/modules/sync/public.ts': ['./push.ts'],
    'api/src/modules/sync/push.ts': ['../sales/public.ts'], // the other half of the loop
    'api/src/modules/sync/jobs.ts': ['../sales/index.ts'], // area-imports-only-public and module-definition-only-from-list
    'api/src/modules/catalog/product.entity.ts': [],
    'api/src/app.ts': ['./modules/index.ts', './modules/sales/record-sale.ts'], // the second: entry-imports-only-module-list
    'api/src/server.ts': ['./app.ts', './seeders/demo.ts'],
    'api/src/plugins/db.ts': ['../modules/sales/public.ts'], // platform-imports-no-area
    'api/src/config.ts': ['./modules/sync/push.ts'], // platform-imports-no-area
    'api/src/migrations/0001-start.ts': ['../modules/sales/public.ts'], // migrations-import-no-area
    'api/src/seeders/demo.ts': ['../modules/sales/public.ts', '../modules/sales/record-sale.ts'], // the second: seeders-import-only-public
    'api/test/helper.ts': ['../src/modules/sync/push.ts'], // not checked
    'shared/src/schemas/sales.ts': ['../../../api/src/config.ts'], // shared-imports-no-app
    'shared/src/ui/money.ts': [],
    'web/src/app/api.ts': [],
    'web/src/app/router.tsx': ['../pages/sales/sales-page.tsx'],
    'web/src/pages/sales/sales-page.tsx': ['../../features/sales/sale-row.tsx', '../../app/api.ts'],
    'web/src/features/sales/sale-row.tsx': [
      '../../app/api.ts', // a shared app file
      '../../app/router.tsx', // screens-import-only-shared-app-files
      '../../pages/sales/sales-page.tsx', // features-import-no-pages
      '../../../../api/src/config.ts', // web-imports-no-api-extension
      './missing.ts', // local-imports-resolve
    ],
    'extension/lib/capture.ts': ['../../web/src/app/api.ts', '@tradepost/shared/schemas/sales.ts', '@tradepost/shared/ui/money.ts'], // the first: extension-imports-no-web-api
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'check-boundaries-'));
    for (const [path, imports] of Object.entries(files)) {
      const source = imports.map((target, index) =>
        target.startsWith('type ')
          ? `import type { T${index} } from '${target.slice(5)}';`
          : `import * as m${index} from '${target}';\nconsole.log(m${index});`,
      );
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), `${source.join('\n')}\nexport type T = string;\nexport const x = 1;\n`);
    }
    // The workspace link pnpm makes, which resolves @tradepost/shared/... to shared/src/...
    writeFileSync(
      join(root, 'shared/package.json'),
      JSON.stringify({ name: '@tradepost/shared', type: 'module', exports: { './*': './src/*' } }),
    );
    for (const project of ['api', 'extension']) {
      mkdirSync(join(root, project, 'node_modules/@tradepost'), { recursive: true });
      symlinkSync(join(root, 'shared'), join(root, project, 'node_modules/@tradepost/shared'));
    }
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reports each crossing with its rule, type-only imports too, and the loop between areas', async () => {
    const withoutAllowLists = { ...config, options: { ...config.options, knownViolations: [] } };
    const result = await cruiseImports(root, withoutAllowLists);
    const { failing, allowed } = ruleViolations(result);
    expect(allowed).toEqual([]);
    expect([...failing, ...cycleViolations(areaGraph(result.modules))].map(formatViolation)).toEqual([
      'api/src/app.ts -> api/src/modules/sales/record-sale.ts: entry-imports-only-module-list',
      'api/src/config.ts -> api/src/modules/sync/push.ts: platform-imports-no-area',
      'api/src/migrations/0001-start.ts -> api/src/modules/sales/public.ts: migrations-import-no-area',
      'api/src/modules/sales/record-sale.ts -> api/src/modules/catalog/product.entity.ts: area-imports-only-public',
      'api/src/modules/sales/record-sale.ts -> api/src/modules/sync/push.ts: area-imports-only-public',
      'api/src/modules/sales/sale.entity.ts -> shared/src/ui/money.ts: api-imports-no-shared-ui',
      'api/src/modules/sync/jobs.ts -> api/src/modules/sales/index.ts: area-imports-only-public',
      'api/src/modules/sync/jobs.ts -> api/src/modules/sales/index.ts: module-definition-only-from-list',
      'api/src/plugins/db.ts -> api/src/modules/sales/public.ts: platform-imports-no-area',
      'api/src/seeders/demo.ts -> api/src/modules/sales/record-sale.ts: seeders-import-only-public',
      'extension/lib/capture.ts -> web/src/app/api.ts: extension-imports-no-web-api',
      'shared/src/schemas/sales.ts -> api/src/config.ts: shared-imports-no-app',
      'web/src/features/sales/sale-row.tsx -> ./missing.ts: local-imports-resolve',
      'web/src/features/sales/sale-row.tsx -> api/src/config.ts: web-imports-no-api-extension',
      'web/src/features/sales/sale-row.tsx -> web/src/app/router.tsx: screens-import-only-shared-app-files',
      'web/src/features/sales/sale-row.tsx -> web/src/pages/sales/sales-page.tsx: features-import-no-pages',
      'api/src/modules/sales/record-sale.ts -> api/src/modules/sync/public.ts: no-area-cycles (loop sales -> sync -> sales)',
      'api/src/modules/sync/push.ts -> api/src/modules/sales/public.ts: no-area-cycles (loop sales -> sync -> sales)',
    ]);
  });

  it('lets an allow-listed import through, and only that one', async () => {
    const allowedImport = { from: 'api/src/plugins/db.ts', to: 'api/src/modules/sales/public.ts', rule: 'platform-imports-no-area' };
    const knownViolations = [
      {
        type: 'dependency' as const,
        from: allowedImport.from,
        to: allowedImport.to,
        rule: { name: allowedImport.rule, severity: 'error' as const },
      },
    ];
    const { failing, allowed } = ruleViolations(await cruiseImports(root, { ...config, options: { ...config.options, knownViolations } }));
    expect(allowed).toEqual([allowedImport]);
    expect(failing.map(formatViolation)).toContain('api/src/config.ts -> api/src/modules/sync/push.ts: platform-imports-no-area');
  });
});
