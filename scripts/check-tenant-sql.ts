// `npm run check:tenant-sql`: the one rule of tenant-safe data access, checked in CI. A tenant table
// (one with a `business_id` column, `tenantTables` in api/src/db/schema.generated.ts) is reached
// through an entity with the `tenant` filter, or through `tenantDb(em, businessId)`
// (api/src/db/tenant-db.ts), which adds the business to every statement. Raw SQL that names a
// tenant table must remember `business_id` by hand; this check lists it and fails on any outside the
// allow-lists below.
//
// It reads every non-test .ts file under api/src with swc and looks at each string and template
// literal. One handed to a database call (`.execute(`, `.raw(`, `.query(`, `raw(`, `sql(`, a `sql`
// or `raw` tagged template) is SQL whatever its case; any other literal counts when it has an
// upper-case FROM/JOIN/UPDATE/INTO/USING/TRUNCATE/TABLE before a tenant table (the house writes SQL
// keywords in capitals), which catches SQL built up in pieces before the call. Each literal that
// names a tenant table is one statement. Calls that step around the builder (`.getKysely(`,
// `.withoutPlugins(`, `.getExecutor(`, `.getClient(`, `.getNativeClient(`) outside tenant-db.ts and
// tenant-statement.ts count
// as statements too, and no allow-list lets them through.
//
//   node scripts/check-tenant-sql.ts          check
//   node scripts/check-tenant-sql.ts --list   also print every statement found, allowed or not
//   node scripts/check-tenant-sql.ts --todo   print today's offending files as the TODO(tenant-db) list
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseSync } from '@swc/core';
import { tenantTables } from '../api/src/db/schema.generated.ts';
import { tablesNamedInSql } from '../api/src/db/sql-tables.ts';

/**
 * Permanent exceptions: SQL that is right to cross or ignore the business boundary. A path ending in
 * `/` covers the folder; `max` caps the statements of a file where only some of its SQL is such an
 * exception, so the entry cannot quietly cover new tenant SQL written beside it.
 */
export const permanentAllowList: { path: string; max?: number; reason: string }[] = [
  {
    path: 'api/src/migrations/',
    reason: 'Migrations build and change the schema for every business at once, before any request runs.',
  },
  {
    path: 'api/src/jobs/',
    reason:
      "The durable job queue claims, leases, retries and prunes the jobs of every business (one runner serves all); a job's " +
      'handler then works inside the business the job names.',
  },
  {
    path: 'api/src/plugins/auth.ts',
    max: 1,
    reason:
      'Sign-in happens before the request has a business: the bearer token names a session, whose user decides the ' +
      'business. The look-up of session, user and business crosses the boundary by design.',
  },
  {
    path: 'api/src/modules/media/media.service.ts',
    max: 1,
    reason:
      'Serves an uploaded photo by its random id to anyone: img tags send no token, so the public read path finds it ' +
      'without a business (uploads and the check that a form names its own photos go through tenantDb).',
  },
  {
    path: 'api/src/modules/realtime/realtime.routes.ts',
    max: 1,
    reason:
      "Ends the event streams whose session was revoked: one look-up for all of the process's open streams, which belong " +
      'to many businesses (the same session check as sign-in).',
  },
  {
    path: 'api/src/modules/auth/usernames.ts',
    max: 2,
    reason: 'Usernames are unique across all businesses (the users_username_key index), so the check must see every business.',
  },
  {
    path: 'api/src/modules/bug-reports/bug-reports.service.ts',
    max: 1,
    reason: "The super-admin's bug report counts across every business (`requires('super-admin')`, entities read with allBusinesses).",
  },
  {
    path: 'api/src/modules/sync/sync-connection.ts',
    max: 1,
    reason:
      "A marketplace's webhook URL names only the connection: this one look-up finds which business it belongs to; " +
      'everything after it is scoped to that business.',
  },
  {
    path: 'api/src/modules/sync/reconcile.ts',
    max: 1,
    reason:
      "At boot, before any business is known, one query schedules the periodic reconcile of every business's connected " +
      'accounts (one round trip instead of one per business).',
  },
  {
    path: 'api/src/modules/sizes/size-matching.service.ts',
    max: 7,
    reason:
      "The super-admin's size-matching queue and its rules serve every business (`requires('super-admin')`); a global " +
      'rule belongs to none.',
  },
  {
    path: 'api/src/seeders/',
    reason: 'The demo seed fills an empty database once at boot, creating the business it then writes for.',
  },
  {
    path: 'api/src/modules/batch-operations/batch-test-support.ts',
    reason: 'Test support, imported by tests only, that sets rows up directly; it never runs in a request.',
  },
  {
    path: 'api/src/modules/sync/sync-test-support.ts',
    reason: 'Test support, imported by tests only, that sets rows up directly; it never runs in a request.',
  },
];

// The debt list: files allowed raw SQL on tenant tables for a while, each with its number of
// statements (regenerate with --todo; each such statement carries the marker comment the check
// looks for), and the check notes when one is gone. Empty: every file reaches its tables through entities or `tenantDb`,
// or is on the permanent list above with its reason.
const todoTenantDb: Record<string, number> = {};

export const todoAllowList: Readonly<Record<string, number>> = todoTenantDb;

/** Where bypassing the builder is the point. */
/** The tenant builder's own files: the builder, and its statements built once and run with new values. */
const BUILDER_FILES = new Set(['api/src/db/tenant-db.ts', 'api/src/db/tenant-statement.ts']);
// Kysely without the tenant plugin: MikroORM's own instance, the pool's client, or the plugin-free executor.
const BYPASS_CALLS = new Set(['getKysely', 'withoutPlugins', 'getExecutor', 'getClient', 'getNativeClient']);
const SINK_METHODS = new Set(['execute', 'raw', 'query']);
const SINK_FUNCTIONS = new Set(['raw', 'sql']);

export type Statement = {
  file: string;
  line: number;
  /** The tenant tables the literal names, or the bypassing call. */
  tables: string[];
  kind: 'sql' | 'bypass';
};

type Node = { type?: string; span?: { start: number; end: number }; [key: string]: unknown };

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;
const nameOf = (node: unknown): string | undefined => {
  if (!isNode(node)) return undefined;
  if (node.type === 'Identifier') return node.value as string;
  if (node.type === 'MemberExpression') return nameOf(node.property);
  return undefined;
};

/** Line starts of `bytes`, for turning swc's byte offsets into line numbers. */
function lineIndex(bytes: Buffer): (byteOffset: number) => number {
  const starts = [0];
  for (let i = 0; i < bytes.length; i += 1) if (bytes[i] === 10) starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
}

const newlinesBefore = (text: string, offset: number) => text.slice(0, offset).split('\n').length - 1;

/** The statements of one file's source: literals naming a tenant table, and calls around the builder. */
export function findTenantSql(source: string, file: string, tables: ReadonlySet<string>): Statement[] {
  const bytes = Buffer.from(source);
  const lineOf = lineIndex(bytes);
  const module = parseSync(source, { syntax: 'typescript', tsx: file.endsWith('.tsx'), target: 'es2022', comments: false });
  // swc's spans are 1-based byte offsets, fresh for each parse; a literal must start at its quote.
  const byteAt = (span: { start: number }) => span.start - 1;
  const statements: Statement[] = [];

  const literal = (pieces: { text: string; byte: number }[], inSink: boolean) => {
    // The pieces of a template, with a placeholder word where each ${…} was.
    let text = '';
    const starts: number[] = [];
    for (const piece of pieces) {
      if (text !== '') text += ' __expr__ ';
      starts.push(text.length);
      text += piece.text;
    }
    const mentions = tablesNamedInSql(text, tables, { caseSensitiveKeywords: !inSink });
    if (mentions.length === 0) return;
    const first = mentions[0]?.offset ?? 0;
    let index = 0;
    while (index + 1 < starts.length && (starts[index + 1] ?? 0) <= first) index += 1;
    const piece = pieces[index] ?? { text: '', byte: 0 };
    const line = lineOf(piece.byte) + newlinesBefore(piece.text, first - (starts[index] ?? 0));
    statements.push({ file, line, tables: [...new Set(mentions.map((m) => m.table))].sort(), kind: 'sql' });
  };

  const visit = (node: unknown, inSink: boolean): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, inSink);
      return;
    }
    if (!isNode(node)) return;
    switch (node.type) {
      case 'StringLiteral': {
        const span = node.span as { start: number };
        const quote = bytes[byteAt(span)];
        if (quote !== 39 && quote !== 34) throw new Error(`${file}: swc offsets do not point at a string literal`);
        literal([{ text: node.value as string, byte: byteAt(span) }], inSink);
        return;
      }
      case 'TemplateLiteral': {
        const quasis = node.quasis as { raw: string; span: { start: number } }[];
        literal(
          quasis.map((quasi) => ({ text: quasi.raw, byte: byteAt(quasi.span) })),
          inSink,
        );
        visit(node.expressions, inSink);
        return;
      }
      case 'TaggedTemplateExpression': {
        visit(node.tag, inSink);
        visit(node.template, inSink || SINK_FUNCTIONS.has(nameOf(node.tag) ?? '') || nameOf((node.tag as Node).object) === 'sql');
        return;
      }
      case 'CallExpression': {
        const callee = node.callee as Node;
        const name = nameOf(callee);
        if (name !== undefined && BYPASS_CALLS.has(name) && callee.type === 'MemberExpression' && !BUILDER_FILES.has(file)) {
          const span = (callee.property as Node).span as { start: number };
          statements.push({ file, line: lineOf(byteAt(span)), tables: [`.${name}()`], kind: 'bypass' });
        }
        const sink =
          (callee.type === 'MemberExpression' && SINK_METHODS.has(name ?? '')) ||
          (callee.type === 'Identifier' && SINK_FUNCTIONS.has(name ?? ''));
        visit(callee, inSink);
        visit(node.arguments, inSink || sink);
        return;
      }
      default:
        for (const [key, value] of Object.entries(node)) {
          if (key === 'span' || key === 'ctxt' || key === 'typeAnnotation' || key === 'typeParameters') continue;
          if (typeof value === 'object' && value !== null) visit(value, inSink);
        }
    }
  };
  visit(module.body, false);
  return statements;
}

/** The non-test TypeScript files under `dir`, as paths from `root`, in order. */
export function sourceFiles(root: string, dir: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) {
        files.push(relative(root, path));
      }
    }
  };
  walk(resolve(root, dir));
  return files.sort();
}

export const permanentEntryFor = (file: string) =>
  permanentAllowList.find((entry) => (entry.path.endsWith('/') ? file.startsWith(entry.path) : file === entry.path));

export type Verdict = {
  /** Statements in files on no list, and in listed files past their count. */
  failing: Statement[];
  permanent: Statement[];
  todo: Statement[];
  /** Listed files whose statements went above the list's count. */
  grown: { file: string; allowed: number; found: number }[];
  /** TODO entries to lower or delete. */
  shrunk: { file: string; allowed: number; found: number }[];
};

/** Sorts statements against the two allow-lists. Bypassing the builder is never allowed by either. */
export function judge(statements: Statement[], todo: Readonly<Record<string, number>>): Verdict {
  const verdict: Verdict = { failing: [], permanent: [], todo: [], grown: [], shrunk: [] };
  const capped = new Map<string, Statement[]>();
  const byTodoFile = new Map<string, Statement[]>();
  for (const statement of statements) {
    const permanent = statement.kind === 'sql' ? permanentEntryFor(statement.file) : undefined;
    if (permanent?.max !== undefined) capped.set(statement.file, [...(capped.get(statement.file) ?? []), statement]);
    else if (permanent) verdict.permanent.push(statement);
    else if (statement.kind === 'sql' && todo[statement.file] !== undefined)
      byTodoFile.set(statement.file, [...(byTodoFile.get(statement.file) ?? []), statement]);
    else verdict.failing.push(statement);
  }
  for (const [file, found] of capped) {
    const allowed = permanentEntryFor(file)?.max ?? 0;
    if (found.length > allowed) {
      verdict.grown.push({ file, allowed, found: found.length });
      verdict.failing.push(...found);
    } else verdict.permanent.push(...found);
  }
  for (const [file, allowed] of Object.entries(todo)) {
    const found = byTodoFile.get(file) ?? [];
    if (found.length > allowed) {
      verdict.grown.push({ file, allowed, found: found.length });
      verdict.failing.push(...found);
    } else {
      verdict.todo.push(...found);
      if (found.length < allowed) verdict.shrunk.push({ file, allowed, found: found.length });
    }
  }
  return verdict;
}

/** An area's name, or the folder of anything else, for grouping the TODO list. */
export function areaOf(file: string): string {
  return /^api\/src\/modules\/([^/]+)\//.exec(file)?.[1] ?? file.slice(0, file.lastIndexOf('/'));
}

/** The TODO(tenant-db) list for these statements: by area (with its total), one line per file. */
export function todoSection(statements: Statement[]): string {
  const counts = new Map<string, number>();
  for (const statement of statements) counts.set(statement.file, (counts.get(statement.file) ?? 0) + 1);
  const areas = new Map<string, [string, number][]>();
  for (const [file, count] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    areas.set(areaOf(file), [...(areas.get(areaOf(file)) ?? []), [file, count]]);
  }
  const lines = ['const todoTenantDb: Record<string, number> = {'];
  const order = [...areas].sort(([a, fa], [b, fb]) => sum(fb) - sum(fa) || a.localeCompare(b));
  for (const [area, files] of order) {
    lines.push(`  // ${area}: ${sum(files)} statement(s) in ${files.length} file(s)`);
    for (const [file, count] of files) lines.push(`  '${file}': ${count},`);
  }
  lines.push('};');
  return lines.join('\n');
}

const sum = (files: [string, number][]) => files.reduce((total, [, count]) => total + count, 0);
const format = (statement: Statement) => `${statement.file}:${statement.line} ${statement.tables.join(', ')}`;

function main(): number {
  const started = performance.now();
  const root = resolve(import.meta.dirname, '..');
  const tables = new Set<string>(tenantTables);
  const files = sourceFiles(root, 'api/src');
  const statements = files.flatMap((file) => findTenantSql(readFileSync(resolve(root, file), 'utf8'), file, tables));

  if (process.argv.includes('--todo')) {
    console.log(todoSection(statements.filter((s) => s.kind === 'sql' && !permanentEntryFor(s.file))));
    return 0;
  }
  if (process.argv.includes('--list')) for (const statement of statements) console.log(`  ${format(statement)}`);

  const verdict = judge(statements, todoAllowList);
  for (const { file, allowed, found } of verdict.shrunk) {
    console.log(`note: ${file} has ${found} raw statement(s) on tenant tables, the TODO list allows ${allowed}: lower it to ${found}`);
  }
  for (const { file, allowed, found } of verdict.grown) {
    console.log(`${file}: ${found} raw statement(s) on tenant tables where the allow-list allows ${allowed}; use tenantDb for the new one`);
  }
  for (const statement of verdict.failing) {
    const why = statement.kind === 'bypass' ? ' (steps around the tenant builder)' : '';
    console.log(`${format(statement)}${why}`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `tenant-sql: ${files.length} files checked, ${statements.length} statement(s) on tenant tables; ` +
      `allowed ${verdict.permanent.length} permanent, ${verdict.todo.length} TODO(tenant-db) in ${Object.keys(todoAllowList).length} file(s); ` +
      `${verdict.failing.length} offending (${seconds} s)`,
  );
  return verdict.failing.length > 0 ? 1 : 0;
}

if (import.meta.main) {
  try {
    process.exit(main());
  } catch (error: unknown) {
    console.error('check-tenant-sql could not run:', error);
    process.exit(1);
  }
}
