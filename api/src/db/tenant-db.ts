import type { EntityManager } from '@mikro-orm/postgresql';
import type { ColumnUpdateNode, DeleteQueryNode, InsertQueryNode, MergeQueryNode, UpdateQueryNode, WithNode } from 'kysely';
import {
  AliasNode,
  AndNode,
  BinaryOperationNode,
  CastNode,
  ColumnNode,
  DataTypeNode,
  IdentifierNode,
  type JoinNode,
  Kysely,
  type KyselyPlugin,
  ListNode,
  OnNode,
  type OperationNode,
  OperationNodeTransformer,
  OperatorNode,
  OrNode,
  ParensNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryId,
  type QueryResult,
  RawNode,
  ReferenceNode,
  type RootOperationNode,
  SelectAllNode,
  SelectionNode,
  SelectQueryNode,
  TableNode,
  type UnknownRow,
  ValueListNode,
  ValueNode,
  ValuesNode,
  WhereNode,
} from 'kysely';
import { type DB, type TenantTable, tenantTables } from './schema.generated.ts';
import { namesAnyTable, type TableMention, tablesNamedInSql } from './sql-tables.ts';

/**
 * The typed query builder for tenant tables, bound to one business:
 *
 * ```ts
 * const db = tenantDb(em, businessId);
 * await db.selectFrom('locations as l').innerJoin('stock_levels as s', 's.location_id', 'l.id').selectAll('s').execute();
 * ```
 *
 * Every tenant table (a table with a `business_id` column, `tenantTables`) that a statement reads
 * or writes gets `business_id = <businessId>`: in the WHERE for FROM, UPDATE, DELETE, USING and
 * cross joins, in the ON for joins (so a LEFT JOIN stays a left join), in every row of an INSERT,
 * and in the WHERE of ON CONFLICT DO UPDATE (an upsert never updates another business's row).
 * Reads of a shared-row table (`sharedRowTables`) also see its rows that have no business.
 * Sub-queries, CTEs and set operations get the same, since the transformer walks the whole tree.
 * What cannot be scoped is refused (`TenantScopeError`) rather than run:
 *
 * - raw SQL (Kysely's `sql`) that names a tenant table after FROM, JOIN, UPDATE, INTO, USING,
 *   or a raw table source that names one at all;
 * - RIGHT and FULL joins of a tenant table (its unmatched rows would come back whatever the ON);
 * - an INSERT whose `business_id` is a literal of another business, an UPDATE or upsert that sets
 *   `business_id` to anything but this business, an INSERT … SELECT with `*` or a set operation;
 * - MERGE, MySQL's REPLACE and ON DUPLICATE KEY, and schema statements (those come from migrations);
 * - stepping out of the builder: `withoutPlugins()`, `executeQuery()` of a compiled query (also
 *   through `getExecutor()`, unless this plugin compiled it), the executor's bare connection,
 *   `transaction()`/`connection()` (use `em.transactional` and call `tenantDb(tx, …)` inside),
 *   `schema`, `introspection` and `destroy()`.
 *
 * It uses `em.getKysely()`, which is bound to the em's transaction when `em` is the one
 * `em.transactional` hands in: the builder's statements then commit or roll back with it, together
 * with the em's own `execute` and flushes.
 *
 * Cross-tenant SQL (the job queue, sign-in, super-admin reports) does not belong here: it keeps its
 * own explicit SQL, listed with a reason in the permanent allow-list of scripts/check-tenant-sql.ts.
 */
export function tenantDb(em: EntityManager, businessId: string): Kysely<DB> {
  assertBusinessId(businessId);
  const plugin = new TenantScopePlugin(businessId);
  return guard(em.getKysely<DB>().withPlugin(plugin), plugin);
}

/** The business a statement is scoped to must be an id (the request's), never a fragment of SQL or nothing. */
export function assertBusinessId(businessId: unknown): asserts businessId is string {
  if (typeof businessId !== 'string' || !UUID.test(businessId)) {
    throw new TenantScopeError(`tenantDb needs the business id of the request, got ${JSON.stringify(businessId)}`);
  }
}

/** A statement the tenant builder cannot make safe. A programming error: it answers 500. */
export class TenantScopeError extends Error {
  override name = 'TenantScopeError';
}

/**
 * Tenant tables whose rows with a NULL business_id belong to every business: reads through the
 * builder see this business's rows and the shared ones; writes touch this business's rows only.
 * - size_rules: a NULL business is a global rule an admin matched by hand (migration 0007), which
 *   every business's size matching uses; a business's own rule wins over it.
 */
export const sharedRowTables: ReadonlySet<TenantTable> = new Set<TenantTable>(['size_rules']);

/**
 * Tables that are not tenant tables but whose rows are a business's by another column: the builder
 * scopes them by it, and inserts none (a business is created at registration).
 * - businesses: the business itself, by `id`.
 * Every other table (sessions, login attempts, user preferences, the size match queue) is refused:
 * through this builder a request reaches only its own business's data.
 */
export const ownRowTables: Readonly<Record<string, string>> = { businesses: 'id' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What would run outside the plugin, or outside the em's transaction. `getExecutor` is guarded too (below). */
const REFUSED_MEMBERS = new Set([
  'withoutPlugins',
  'executeQuery',
  'transaction',
  'startTransaction',
  'connection',
  'schema',
  'introspection',
  'destroy',
]);

/**
 * The Kysely instance with the members that step around the plugin refused, also on the instances
 * `withPlugin`, `withSchema` and the like return. Methods run on the real instance (Kysely keeps its
 * state in private fields, which a proxy as `this` could not read).
 */
function guard<T extends object>(db: T, plugin: TenantScopePlugin): T {
  return new Proxy(db, {
    get(target, property) {
      if (typeof property === 'string' && REFUSED_MEMBERS.has(property)) {
        throw new TenantScopeError(`tenantDb: ${property} would run outside the business scope`);
      }
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        if (result instanceof Kysely) return guard(result, plugin);
        return property === 'getExecutor' && typeof result === 'object' && result !== null ? guardExecutor(result, plugin) : result;
      };
    },
  });
}

/**
 * What `sql\`…\`.execute(db)` needs of the executor (it reaches it through `db.getExecutor()`): to
 * transform, compile and run. Running takes only queries this plugin transformed, so a hand-made
 * `CompiledQuery.raw(…)` cannot skip it; dropping plugins or taking the bare connection is refused.
 */
const EXECUTOR_MEMBERS = new Set([
  'transformQuery',
  'compileQuery',
  'executeQuery',
  'stream',
  'adapter',
  'plugins',
  'withPlugin',
  'withPlugins',
  'withPluginAtFront',
]);

function guardExecutor<T extends object>(executor: T, plugin: TenantScopePlugin): T {
  return new Proxy(executor, {
    get(target, property) {
      if (typeof property !== 'string' || !EXECUTOR_MEMBERS.has(property)) {
        throw new TenantScopeError(`tenantDb: the executor's ${String(property)} would run outside the business scope`);
      }
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (
          (property === 'executeQuery' || property === 'stream') &&
          !plugin.scoped((args[0] as { queryId?: QueryId } | undefined)?.queryId)
        ) {
          const error = new TenantScopeError('tenantDb: a compiled query that the tenant scope never saw');
          // executeQuery is async: its callers await a rejection rather than catch a throw.
          if (property === 'executeQuery') return Promise.reject(error);
          throw error;
        }
        const result: unknown = value.apply(target, args);
        return property.startsWith('withPlugin') && typeof result === 'object' && result !== null ? guardExecutor(result, plugin) : result;
      };
    },
  });
}

/** Only statements the transformer understands; DDL comes from migrations. */
const STATEMENT_KINDS = new Set(['SelectQueryNode', 'InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'RawNode']);

/** The Kysely plugin behind `tenantDb`: adds the business to every statement on a tenant table. */
export class TenantScopePlugin implements KyselyPlugin {
  readonly #transformer: TenantScopeTransformer;
  /** The queries this plugin has transformed, so the guarded executor can tell them from hand-made ones. */
  readonly #seen = new WeakSet<QueryId>();

  constructor(
    businessId: string,
    tables: ReadonlySet<string> = TENANT_TABLES,
    shared: ReadonlySet<string> = sharedRowTables,
    ownRows: Readonly<Record<string, string>> = ownRowTables,
  ) {
    this.#transformer = new TenantScopeTransformer(businessId, tables, shared, ownRows);
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (!STATEMENT_KINDS.has(node.kind)) throw new TenantScopeError(`tenantDb runs no ${node.kind}`);
    const scoped = this.#transformer.transformNode(node, queryId);
    this.#seen.add(queryId);
    return scoped;
  }

  scoped(queryId: QueryId | undefined): boolean {
    return queryId !== undefined && this.#seen.has(queryId);
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

const BUSINESS_ID = 'business_id';

/** One set for every request's plugin, so the raw-SQL scans below can be remembered per set. */
const TENANT_TABLES: ReadonlySet<string> = new Set(tenantTables);

/**
 * The first tenant table a raw fragment names, remembered per text: raw fragments are the code's own
 * template strings, so the same few come back on every request, and scanning one builds regular
 * expressions and a masked copy (a tenth of a request's CPU before this). Bounded, in case a caller
 * passes texts that vary (`sql.raw` of a built string).
 */
const rawMentions = new WeakMap<ReadonlySet<string>, Map<string, TableMention | null>>();
const RAW_MENTIONS_KEPT = 2000;

function firstTenantMention(text: string, tables: ReadonlySet<string>): TableMention | null {
  let known = rawMentions.get(tables);
  if (known === undefined) {
    known = new Map();
    rawMentions.set(tables, known);
  }
  const hit = known.get(text);
  if (hit !== undefined) return hit;
  const mention = tablesNamedInSql(text, tables)[0] ?? null;
  if (known.size >= RAW_MENTIONS_KEPT) known.clear();
  known.set(text, mention);
  return mention;
}

/** A table read (FROM, JOIN, USING) or written (the target of UPDATE, DELETE, INSERT). */
type Access = 'read' | 'write';

/** A scoped table as a statement names it: what to qualify the column with, and which column. */
type Scoped = { reference: TableNode; table: string; column: string };

class TenantScopeTransformer extends OperationNodeTransformer {
  readonly #businessId: string;
  readonly #tables: ReadonlySet<string>;
  readonly #shared: ReadonlySet<string>;
  readonly #ownRows: Readonly<Record<string, string>>;
  /** The names of the CTEs in scope, innermost statement last: a FROM may name them. */
  readonly #ctes: string[][] = [];

  constructor(businessId: string, tables: ReadonlySet<string>, shared: ReadonlySet<string>, ownRows: Readonly<Record<string, string>>) {
    super();
    this.#businessId = businessId;
    this.#tables = tables;
    this.#shared = shared;
    this.#ownRows = ownRows;
  }

  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    return this.#withCtes(node.with, () => {
      const out = super.transformSelectQuery(node, queryId);
      const conditions = this.#sourceConditions(out.from?.froms ?? [], 'read');
      const joins = out.joins?.map((join) => this.#scopeJoin(join, conditions));
      return { ...out, joins, where: this.#and(out.where, conditions) };
    });
  }

  protected override transformUpdateQuery(node: UpdateQueryNode, queryId?: QueryId): UpdateQueryNode {
    return this.#withCtes(node.with, () => {
      const out = super.transformUpdateQuery(node, queryId);
      const targets = out.table === undefined ? [] : ListNode.is(out.table) ? out.table.items : [out.table];
      const conditions = this.#sourceConditions(targets, 'write');
      if (conditions.length > 0) this.#checkAssignments(out.updates, 'UPDATE');
      conditions.push(...this.#sourceConditions(out.from?.froms ?? [], 'read'));
      const joins = out.joins?.map((join) => this.#scopeJoin(join, conditions));
      return { ...out, joins, where: this.#and(out.where, conditions) };
    });
  }

  protected override transformDeleteQuery(node: DeleteQueryNode, queryId?: QueryId): DeleteQueryNode {
    return this.#withCtes(node.with, () => {
      const out = super.transformDeleteQuery(node, queryId);
      const conditions = [...this.#sourceConditions(out.from.froms, 'write'), ...this.#sourceConditions(out.using?.tables ?? [], 'read')];
      const joins = out.joins?.map((join) => this.#scopeJoin(join, conditions));
      return { ...out, joins, where: this.#and(out.where, conditions) };
    });
  }

  protected override transformInsertQuery(node: InsertQueryNode, queryId?: QueryId): InsertQueryNode {
    return this.#withCtes(node.with, () => this.#scopeInsert(super.transformInsertQuery(node, queryId)));
  }

  #scopeInsert(out: InsertQueryNode): InsertQueryNode {
    if (out.into === undefined) return out;
    const table = out.into.table.identifier.name;
    if (!this.#isTenant(out.into)) throw new TenantScopeError(`tenantDb inserts into tenant tables only, not ${describe(out.into)}`);
    if (out.replace || out.onDuplicateKey) throw new TenantScopeError(`tenantDb: REPLACE / ON DUPLICATE KEY into ${table}`);
    let scoped: InsertQueryNode = out;
    if (out.defaultValues || out.values === undefined) {
      if (!out.defaultValues) throw new TenantScopeError(`tenantDb: an INSERT into ${table} without values`);
      scoped = {
        ...out,
        defaultValues: false,
        columns: [ColumnNode.create(BUSINESS_ID)],
        values: ValuesNode.create([PrimitiveValueListNode.create([this.#businessId])]),
      };
    } else {
      scoped = this.#scopeInsertValues(out, table);
    }
    if (scoped.onConflict?.updates !== undefined) {
      this.#checkAssignments(scoped.onConflict.updates, 'ON CONFLICT DO UPDATE');
      // The conflicting row may belong to another business when the unique key lacks business_id.
      const own = this.#condition({ reference: out.into, table, column: BUSINESS_ID }, 'write');
      const where = scoped.onConflict.updateWhere;
      scoped = {
        ...scoped,
        onConflict: {
          ...scoped.onConflict,
          updateWhere: WhereNode.create(where ? AndNode.create(ParensNode.create(where.where), own) : own),
        },
      };
    }
    return scoped;
  }

  protected override transformMergeQuery(node: MergeQueryNode): MergeQueryNode {
    throw new TenantScopeError(`tenantDb runs no MERGE (into ${describe(node.into)})`);
  }

  protected override transformRaw(node: RawNode, queryId?: QueryId): RawNode {
    const out = super.transformRaw(node, queryId);
    const mention = firstTenantMention(rawText(out), this.#tables);
    if (mention) {
      throw new TenantScopeError(
        `tenantDb: raw SQL names the tenant table ${mention.table} (${mention.keyword}); write it with the builder`,
      );
    }
    return out;
  }

  #withCtes<T>(withNode: WithNode | undefined, run: () => T): T {
    this.#ctes.push(withNode?.expressions.map((cte) => cte.name.table.table.identifier.name) ?? []);
    try {
      return run();
    } finally {
      this.#ctes.pop();
    }
  }

  #isTenant(table: TableNode): boolean {
    // Any schema: a same-named table elsewhere is scoped too (fail closed).
    return this.#tables.has(table.table.identifier.name);
  }

  /**
   * How to scope a FROM, JOIN, UPDATE, DELETE or USING item: a tenant or own-row table gets its
   * column qualified by its alias or name; a sub-query, a function or a CTE needs nothing (what they
   * read is scoped where they read it); any other table is refused.
   */
  #scoped(source: OperationNode): Scoped | undefined {
    const table = AliasNode.is(source) ? source.node : source;
    if (RawNode.is(table)) {
      this.#refuseRawSource(table);
      return undefined;
    }
    if (!TableNode.is(table)) return undefined;
    const name = table.table.identifier.name;
    const column = this.#isTenant(table) ? BUSINESS_ID : this.#ownRows[name];
    if (column === undefined) {
      if (table.table.schema === undefined && this.#ctes.some((names) => names.includes(name))) return undefined;
      throw new TenantScopeError(
        `tenantDb reaches tenant tables only: ${describe(table)} is not one (use its entity or its area's own SQL)`,
      );
    }
    if (!AliasNode.is(source)) return { reference: table, table: name, column };
    if (!IdentifierNode.is(source.alias)) throw new TenantScopeError(`tenantDb: ${describe(table)} has an alias that is not a name`);
    return { reference: TableNode.create(source.alias.name), table: name, column };
  }

  #refuseRawSource(node: RawNode): void {
    const table = namesAnyTable(rawText(node), this.#tables);
    if (table !== undefined) throw new TenantScopeError(`tenantDb: a raw table source names the tenant table ${table}`);
  }

  /** `<reference>.<column> = <business>`; a read of a shared-row table also takes the NULL rows. */
  #condition({ reference, table, column }: Scoped, access: Access): OperationNode {
    const qualified = ReferenceNode.create(ColumnNode.create(column), reference);
    const own = BinaryOperationNode.create(qualified, OperatorNode.create('='), ValueNode.create(this.#businessId));
    if (access === 'write' || !this.#shared.has(table)) return own;
    const shared = BinaryOperationNode.create(qualified, OperatorNode.create('is'), ValueNode.createImmediate(null));
    return ParensNode.create(OrNode.create(own, shared));
  }

  #sourceConditions(sources: readonly OperationNode[], access: Access): OperationNode[] {
    return sources.flatMap((source) => {
      const found = this.#scoped(source);
      return found === undefined ? [] : [this.#condition(found, access)];
    });
  }

  /** The join with the business in its ON; a cross join's condition goes to `where` instead. */
  #scopeJoin(join: JoinNode, where: OperationNode[]): JoinNode {
    const found = this.#scoped(join.table);
    if (found === undefined) return join;
    const condition = this.#condition(found, 'read');
    switch (join.joinType) {
      case 'InnerJoin':
      case 'LeftJoin':
      case 'LateralInnerJoin':
      case 'LateralLeftJoin':
        if (join.on === undefined) throw new TenantScopeError(`tenantDb: a join of ${describe(join.table)} without ON`);
        // In parentheses: the ON may end in an OR, which AND would otherwise bind tighter than.
        return { ...join, on: OnNode.create(AndNode.create(ParensNode.create(join.on.on), condition)) };
      case 'CrossJoin':
      case 'LateralCrossJoin':
        where.push(condition);
        return join;
      default:
        throw new TenantScopeError(`tenantDb: ${join.joinType} of the tenant table ${describe(join.table)}; write it as a LEFT JOIN`);
    }
  }

  /** `where AND (conditions)`, the existing condition in parentheses so an OR in it cannot escape. */
  #and(where: WhereNode | undefined, conditions: OperationNode[]): WhereNode | undefined {
    const [first, ...rest] = conditions;
    if (first === undefined) return where;
    const scope = rest.reduce<OperationNode>((left, right) => AndNode.create(left, right), first);
    return WhereNode.create(where === undefined ? scope : AndNode.create(ParensNode.create(where.where), scope));
  }

  /** Refuses moving rows to another business: SET business_id may only name this one. */
  #checkAssignments(updates: readonly ColumnUpdateNode[] | undefined, statement: string): void {
    for (const update of updates ?? []) {
      const column = ColumnNode.is(update.column)
        ? update.column.column.name
        : ReferenceNode.is(update.column) && ColumnNode.is(update.column.column)
          ? update.column.column.column.name
          : undefined;
      if (column === BUSINESS_ID && !this.#isThisBusiness(update.value)) {
        throw new TenantScopeError(`tenantDb: ${statement} sets business_id to something other than the bound business`);
      }
    }
  }

  #isThisBusiness(value: unknown): boolean {
    const literal = isOperationNode(value) ? (ValueNode.is(value) ? value.value : undefined) : value;
    return typeof literal === 'string' && literal.toLowerCase() === this.#businessId.toLowerCase();
  }

  /** Literal business ids must be this business; anything else in the column is replaced by it. */
  #checkLiteral(value: unknown, table: string): void {
    const literal = isOperationNode(value) ? (ValueNode.is(value) ? value.value : undefined) : value;
    if (literal !== undefined && literal !== null && !this.#isThisBusiness(value)) {
      throw new TenantScopeError(`tenantDb: an INSERT into ${table} names another business (${String(literal)})`);
    }
  }

  #scopeInsertValues(insert: InsertQueryNode, table: string): InsertQueryNode {
    const columns = insert.columns ?? [];
    const at = columns.findIndex((column) => column.column.name === BUSINESS_ID);
    const values = insert.values;
    if (values !== undefined && ValuesNode.is(values)) {
      const rows = values.values.map((row) => {
        if (PrimitiveValueListNode.is(row)) {
          if (at < 0) return PrimitiveValueListNode.create([...row.values, this.#businessId]);
          this.#checkLiteral(row.values[at], table);
          return PrimitiveValueListNode.create(row.values.map((value, i) => (i === at ? this.#businessId : value)));
        }
        if (at < 0) return ValueListNode.create([...row.values, ValueNode.create(this.#businessId)]);
        this.#checkLiteral(row.values[at], table);
        return ValueListNode.create(row.values.map((value, i) => (i === at ? ValueNode.create(this.#businessId) : value)));
      });
      return { ...insert, columns: at < 0 ? [...columns, ColumnNode.create(BUSINESS_ID)] : columns, values: ValuesNode.create(rows) };
    }
    if (values !== undefined && SelectQueryNode.is(values)) {
      const selections = values.selections ?? [];
      if (columns.length === 0 || (values.setOperations?.length ?? 0) > 0 || selections.some(selectsAll)) {
        throw new TenantScopeError(`tenantDb: an INSERT into ${table} from a SELECT needs named columns and one plain select list`);
      }
      // A cast: a parameter alone in a select list would be text, and business_id is a uuid.
      const business = SelectionNode.create(
        AliasNode.create(
          CastNode.create(ValueNode.create(this.#businessId), DataTypeNode.create('uuid')),
          IdentifierNode.create(BUSINESS_ID),
        ),
      );
      if (at >= 0) this.#checkLiteral(selectionValue(selections[at]), table);
      const scopedSelections = at < 0 ? [...selections, business] : selections.map((selection, i) => (i === at ? business : selection));
      return {
        ...insert,
        columns: at < 0 ? [...columns, ColumnNode.create(BUSINESS_ID)] : columns,
        values: SelectQueryNode.cloneWithSelections({ ...values, selections: [] }, scopedSelections),
      };
    }
    throw new TenantScopeError(`tenantDb: an INSERT into ${table} whose values it cannot read (${values?.kind ?? 'none'})`);
  }
}

const isOperationNode = (value: unknown): value is OperationNode =>
  typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';

const selectsAll = (selection: SelectionNode) =>
  SelectAllNode.is(selection.selection) || (ReferenceNode.is(selection.selection) && SelectAllNode.is(selection.selection.column));

/** The literal a selection selects (`'x' AS business_id`), if it is one. */
function selectionValue(selection: SelectionNode | undefined): unknown {
  const node = selection?.selection;
  if (node === undefined) return undefined;
  const inner = AliasNode.is(node) ? node.node : node;
  return ValueNode.is(inner) ? inner : undefined;
}

/** A raw node as SQL-ish text, for finding the tables it names: tables and identifiers by name, values as `?`. */
export function rawText(node: RawNode): string {
  let text = '';
  node.sqlFragments.forEach((fragment, i) => {
    text += fragment;
    const parameter = node.parameters[i];
    if (parameter !== undefined) text += ` ${describe(parameter)} `;
  });
  return text;
}

function describe(node: OperationNode): string {
  if (TableNode.is(node)) return node.table.schema ? `${node.table.schema.name}.${node.table.identifier.name}` : node.table.identifier.name;
  if (IdentifierNode.is(node)) return node.name;
  if (RawNode.is(node)) return rawText(node);
  if (AliasNode.is(node)) return `${describe(node.node)} ${describe(node.alias)}`;
  return '?';
}
