// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are TypeScript source under test, templates and all.
import { describe, expect, it } from 'vitest';
import { tablesNamedInSql } from '../api/src/db/sql-tables.ts';
import { findTenantSql, judge, type Statement, todoSection } from './check-tenant-sql.ts';

const tables = new Set(['locations', 'stock_levels', 'variants', 'products']);
const named = (sql: string, caseSensitiveKeywords = false) =>
  tablesNamedInSql(sql, tables, { caseSensitiveKeywords }).map((m) => `${m.keyword} ${m.table}`);

describe('tablesNamedInSql', () => {
  it('finds tables after FROM (with its comma list), JOIN, UPDATE, INTO, DELETE FROM and USING', () => {
    expect(named('SELECT * FROM locations l, variants AS v, (SELECT 1) x, products WHERE l.id = v.id')).toEqual([
      'FROM locations',
      'FROM variants',
      'FROM products',
    ]);
    expect(named('select 1 from users u join stock_levels s on s.x = u.x left join variants v on true')).toEqual([
      'JOIN stock_levels',
      'JOIN variants',
    ]);
    expect(named('UPDATE stock_levels SET on_hand = 1')).toEqual(['UPDATE stock_levels']);
    expect(named('INSERT INTO locations (id) VALUES (?)')).toEqual(['INTO locations']);
    expect(named('DELETE FROM variants v USING products p WHERE p.id = v.product_id')).toEqual(['FROM variants', 'USING products']);
  });

  it('reads quoted and schema-qualified names, and sub-queries at their own FROM', () => {
    expect(named('SELECT * FROM public."locations" WHERE id IN (SELECT location_id FROM "stock_levels")')).toEqual([
      'FROM locations',
      'FROM stock_levels',
    ]);
  });

  it('ignores other tables, column names, comments and quoted strings', () => {
    expect(named('SELECT extract(epoch FROM created_at), variants FROM sales')).toEqual([]);
    expect(named("SELECT 1 -- FROM locations\n /* JOIN variants */ WHERE note = 'moved from locations'")).toEqual([]);
    expect(named('UPDATE sales SET status = 1 ON CONFLICT DO UPDATE SET x = 1')).toEqual([]);
  });

  it('with case-sensitive keywords, counts SQL written in capitals and not prose', () => {
    expect(named('Stock moved from locations to variants', true)).toEqual([]);
    expect(named(' FROM variants v JOIN products p ON p.id = v.product_id', true)).toEqual(['FROM variants', 'JOIN products']);
  });
});

const find = (source: string, file = 'api/src/modules/x/x.service.ts') => findTenantSql(source, file, tables);

describe('findTenantSql', () => {
  it('finds SQL handed to em.execute, in any case, at the line of its first tenant table', () => {
    const source = [
      "import { x } from 'y';",
      'export async function f(em, id) {',
      '  return em.execute(',
      '    `select l.name',
      '       from locations l join stock_levels s on s.location_id = l.id',
      '      where l.business_id = ? and s.variant_id = ${id}`,',
      '    [id],',
      '  );',
      '}',
    ].join('\n');
    expect(find(source)).toEqual([{ file: 'api/src/modules/x/x.service.ts', line: 5, tables: ['locations', 'stock_levels'], kind: 'sql' }]);
  });

  it('finds SQL built in pieces before the call, and in sql and raw tagged templates', () => {
    const source = [
      "const stock = 'EXISTS (SELECT 1 FROM stock_levels sl WHERE sl.variant_id = v.id)';",
      'const q = sql`UPDATE variants SET sku = ${sku}`;',
      "const r = raw('delete from products where id = ?');",
      "const note = 'moved from locations';",
      "const other = 'SELECT * FROM sales';",
    ].join('\n');
    expect(find(source).map((s) => `${s.line} ${s.tables.join(',')}`)).toEqual(['1 stock_levels', '2 variants', '3 products']);
  });

  it('finds a table name past a ${…} in a template, and multi-byte text before it keeps lines right', () => {
    const source = ['const é = "ü";', 'em.execute(`SELECT ${cols}', '  FROM ${""} variants`);'].join('\n');
    expect(find(source)).toEqual([]);
    const second = ['const é = "ü";', 'em.execute(`SELECT ${cols}', '  FROM variants`);'].join('\n');
    expect(find(second).map((s) => s.line)).toEqual([3]);
  });

  it('counts calls that step around the builder, except in the builder itself', () => {
    const source = 'const db = em.getKysely(); const raw = db.withoutPlugins();';
    expect(find(source).map((s) => `${s.kind} ${s.tables[0]}`)).toEqual(['bypass .getKysely()', 'bypass .withoutPlugins()']);
    expect(find(source, 'api/src/db/tenant-db.ts')).toEqual([]);
  });
});

const statement = (file: string, kind: Statement['kind'] = 'sql'): Statement => ({ file, line: 1, tables: ['locations'], kind });

describe('judge', () => {
  it('allows permanent folders, fails files on no list', () => {
    const verdict = judge(
      [statement('api/src/migrations/0001.ts'), statement('api/src/jobs/queue.ts'), statement('api/src/modules/new/new.ts')],
      {},
    );
    expect(verdict.permanent.map((s) => s.file)).toEqual(['api/src/migrations/0001.ts', 'api/src/jobs/queue.ts']);
    expect(verdict.failing.map((s) => s.file)).toEqual(['api/src/modules/new/new.ts']);
  });

  it('holds a capped permanent file to its number', () => {
    const file = 'api/src/plugins/auth.ts';
    expect(judge([statement(file)], {}).failing).toEqual([]);
    const grown = judge([statement(file), statement(file)], {});
    expect(grown.failing).toHaveLength(2);
    expect(grown.grown).toEqual([{ file, allowed: 1, found: 2 }]);
  });

  it('holds a TODO file to its count: more fails, fewer is a note', () => {
    const file = 'api/src/modules/sales/sales.service.ts';
    expect(judge([statement(file), statement(file)], { [file]: 2 }).failing).toEqual([]);
    const grown = judge([statement(file), statement(file), statement(file)], { [file]: 2 });
    expect(grown.failing).toHaveLength(3);
    expect(grown.grown).toEqual([{ file, allowed: 2, found: 3 }]);
    const shrunk = judge([statement(file)], { [file]: 2 });
    expect(shrunk.failing).toEqual([]);
    expect(shrunk.shrunk).toEqual([{ file, allowed: 2, found: 1 }]);
  });

  it('never allows stepping around the builder, not even in a listed file', () => {
    const file = 'api/src/modules/sales/sales.service.ts';
    expect(judge([statement(file, 'bypass')], { [file]: 5 }).failing).toHaveLength(1);
    expect(judge([statement('api/src/jobs/queue.ts', 'bypass')], {}).failing).toHaveLength(1);
  });
});

describe('todoSection', () => {
  it('groups files by area, the largest area first, with counts', () => {
    const section = todoSection([
      statement('api/src/modules/sales/a.ts'),
      statement('api/src/modules/sales/a.ts'),
      statement('api/src/modules/sales/b.ts'),
      statement('api/src/modules/catalog/c.ts'),
      statement('api/src/platform/d.ts'),
    ]);
    expect(section).toBe(
      [
        'const todoTenantDb: Record<string, number> = {',
        '  // sales: 3 statement(s) in 2 file(s)',
        "  'api/src/modules/sales/a.ts': 2,",
        "  'api/src/modules/sales/b.ts': 1,",
        '  // api/src/platform: 1 statement(s) in 1 file(s)',
        "  'api/src/platform/d.ts': 1,",
        '  // catalog: 1 statement(s) in 1 file(s)',
        "  'api/src/modules/catalog/c.ts': 1,",
        '};',
      ].join('\n'),
    );
  });
});
