import {
  type ArgumentNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

// Shopify's query cost (reference §2.3): scalars and enums 0, objects 1, connections
// 2 + size × (node cost), mutation fields 10. The requested cost uses first/last; the actual cost
// uses the number of nodes that came back.

type Variables = Record<string, unknown>;

function argValue(node: ValueNode, variables: Variables): unknown {
  switch (node.kind) {
    case Kind.VARIABLE:
      return variables[node.name.value];
    case Kind.INT:
      return Number(node.value);
    case Kind.LIST:
      return node.values.map((v) => argValue(v, variables));
    default:
      return undefined;
  }
}

function sizeArg(args: readonly ArgumentNode[] | undefined, variables: Variables): number {
  for (const name of ['first', 'last']) {
    const arg = args?.find((a) => a.name.value === name);
    if (arg) {
      const value = argValue(arg.value, variables);
      if (typeof value === 'number') return value;
    }
  }
  return 0;
}

type Walk = {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Variables;
};

function isConnection(name: string): boolean {
  return name.endsWith('Connection');
}

/** Cost of a selection set on `type`; with `data` it is the actual cost of what was returned. */
function selectionCost(walk: Walk, type: GraphQLCompositeType, selectionSet: SelectionSetNode, data: unknown, actual: boolean): number {
  let total = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const condition = selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) : type;
      if (condition && isCompositeType(condition)) total += selectionCost(walk, condition, selection.selectionSet, data, actual);
      continue;
    }
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = walk.fragments.get(selection.name.value);
      const condition = fragment ? walk.schema.getType(fragment.typeCondition.name.value) : null;
      if (fragment && condition && isCompositeType(condition)) total += selectionCost(walk, condition, fragment.selectionSet, data, actual);
      continue;
    }
    if (selection.name.value.startsWith('__')) continue;
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    const field = type.getFields()[selection.name.value];
    if (!field) continue;
    const named = getNamedType(field.type);
    if (!isCompositeType(named) || !selection.selectionSet) continue;
    const key = selection.alias?.value ?? selection.name.value;
    const value = actual && data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
    if (actual && (value === null || value === undefined)) continue;
    if (isConnection(named.name)) {
      total += 2 + connectionCost(walk, named, selection.selectionSet, selection.arguments, value, actual);
    } else if (Array.isArray(value)) {
      total += 1 + (value.length > 0 ? selectionCost(walk, named, selection.selectionSet, value[0], actual) : 0);
    } else {
      total += 1 + selectionCost(walk, named, selection.selectionSet, value, actual);
    }
  }
  return total;
}

function connectionCost(
  walk: Walk,
  connection: GraphQLCompositeType,
  selectionSet: SelectionSetNode,
  args: readonly ArgumentNode[] | undefined,
  data: unknown,
  actual: boolean,
): number {
  if (!isObjectType(connection)) return 0;
  const nodeType = getNamedType(connection.getFields().nodes?.type);
  if (!nodeType || !isCompositeType(nodeType)) return 0;
  const record = (data ?? {}) as { nodes?: unknown[]; edges?: { node?: unknown }[] };
  const returned = actual ? (record.nodes ?? record.edges?.map((e) => e.node) ?? []) : [];
  const size = actual ? returned.length : sizeArg(args, walk.variables);
  // The node selection sits under `nodes { … }` or `edges { node { … } }`.
  let perNode = 0;
  let selected = false;
  for (const selection of selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || !selection.selectionSet) continue;
    if (selection.name.value === 'nodes') {
      selected = true;
      perNode = Math.max(perNode, selectionCost(walk, nodeType, selection.selectionSet, returned[0], actual));
    }
    if (selection.name.value === 'edges') {
      for (const inner of selection.selectionSet.selections) {
        if (inner.kind === Kind.FIELD && inner.name.value === 'node' && inner.selectionSet) {
          selected = true;
          perNode = Math.max(perNode, selectionCost(walk, nodeType, inner.selectionSet, returned[0], actual));
        }
      }
    }
  }
  return selected ? size * (1 + perNode) : 0;
}

export function queryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Variables,
  data?: unknown,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const walk: Walk = { schema, fragments, variables };
  const actual = data !== undefined;
  if (operation.operation === 'mutation') {
    const fields = operation.selectionSet.selections.filter((s) => s.kind === Kind.FIELD && !s.name.value.startsWith('__'));
    if (!actual) return 10 * fields.length;
    // A mutation that was refused before running (null payload) costs less.
    return fields.reduce((sum, f) => {
      const key = f.kind === Kind.FIELD ? (f.alias?.value ?? f.name.value) : '';
      return sum + ((data as Record<string, unknown> | null)?.[key] ? 10 : 1);
    }, 0);
  }
  const root = operation.operation === 'query' ? schema.getQueryType() : null;
  return root ? selectionCost(walk, root, operation.selectionSet, data, actual) : 0;
}

export const MAX_INPUT_ARRAY = 250;

/** The longest input array in the variables and the literal arguments, with where it was found. */
export function largestInputArray(operation: OperationDefinitionNode, variables: Variables): { size: number; path: string } {
  let best = { size: 0, path: '' };
  const visit = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      if (value.length > best.size) best = { size: value.length, path };
      value.forEach((v, i) => {
        visit(v, `${path}.${i}`);
      });
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) visit(v, `${path}.${k}`);
    }
  };
  for (const [name, value] of Object.entries(variables)) visit(value, name);
  const literal = (node: ValueNode, path: string) => {
    if (node.kind === Kind.LIST) {
      if (node.values.length > best.size) best = { size: node.values.length, path };
      node.values.forEach((v, i) => {
        literal(v, `${path}.${i}`);
      });
    } else if (node.kind === Kind.OBJECT) for (const f of node.fields) literal(f.value, `${path}.${f.name.value}`);
  };
  const walkSet = (set: SelectionSetNode | undefined) => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind !== Kind.FIELD) continue;
      for (const arg of selection.arguments ?? []) literal(arg.value, `${selection.name.value}.${arg.name.value}`);
      walkSet(selection.selectionSet);
    }
  };
  walkSet(operation.selectionSet);
  return best;
}
