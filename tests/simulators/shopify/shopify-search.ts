import { GraphQLError } from 'graphql';

// Shopify search syntax (the `query:` argument), enough for sync: `sku:ABC-1`,
// `updated_at:>='2025-01-01T00:00:00Z'`, `status:open`, `-tag:x`, free text. Terms are ANDed.

export type SearchTerm = { field: string | null; op: '=' | '>' | '>=' | '<' | '<='; value: string; negate: boolean };

export function parseSearch(query: string | null | undefined): SearchTerm[] {
  if (!query) return [];
  const tokens = query.match(/(?:[^\s'"]+|'[^']*'|"[^"]*")+/g) ?? [];
  const terms: SearchTerm[] = [];
  for (const raw of tokens) {
    if (raw === 'AND' || raw === 'OR') continue;
    const negate = raw.startsWith('-') || raw.startsWith('NOT');
    const token = raw.replace(/^-/, '');
    const colon = token.indexOf(':');
    if (colon < 0) {
      terms.push({ field: null, op: '=', value: unquote(token), negate });
      continue;
    }
    const field = token.slice(0, colon).toLowerCase();
    let rest = token.slice(colon + 1);
    let op: SearchTerm['op'] = '=';
    for (const candidate of ['>=', '<=', '>', '<'] as const) {
      if (rest.startsWith(candidate)) {
        op = candidate;
        rest = rest.slice(candidate.length);
        break;
      }
    }
    terms.push({ field, op, value: unquote(rest), negate });
  }
  return terms;
}

function unquote(value: string): string {
  return value.replace(/^['"]|['"]$/g, '');
}

type FieldValue = string | number | boolean | null | undefined | string[];

/** True when every term matches; `field(name)` reads a searchable field, `text` is free-text matched. */
export function matchesSearch(terms: SearchTerm[], field: (name: string) => FieldValue, text: string): boolean {
  return terms.every((term) => {
    const hit = term.field === null ? text.toLowerCase().includes(term.value.toLowerCase()) : compare(field(term.field), term);
    return term.negate ? !hit : hit;
  });
}

function compare(actual: FieldValue, term: SearchTerm): boolean {
  if (actual === undefined) return true; // unknown fields are ignored, as Shopify does
  if (Array.isArray(actual)) return actual.some((a) => compare(a, term));
  if (actual === null) return term.value === 'null' || term.value === '';
  if (typeof actual === 'boolean') return String(actual) === term.value.toLowerCase();
  const wanted = term.value;
  const asDate = Date.parse(wanted);
  if (typeof actual === 'string' && /^\d{4}-\d{2}-\d{2}/.test(actual) && !Number.isNaN(asDate))
    return ordered(Date.parse(actual), asDate, term.op);
  if (typeof actual === 'number') return ordered(actual, Number(wanted), term.op);
  if (term.op !== '=') return ordered(actual.localeCompare(wanted), 0, term.op);
  if (wanted.endsWith('*')) return actual.toLowerCase().startsWith(wanted.slice(0, -1).toLowerCase());
  return actual.toLowerCase() === wanted.toLowerCase();
}

function ordered(a: number, b: number, op: SearchTerm['op']): boolean {
  switch (op) {
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    default:
      return a === b;
  }
}

export type PageArgs = {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  reverse?: boolean | null;
};

export type Connection<T> = {
  edges: { cursor: string; node: T }[];
  nodes: T[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
};

type Key = [string | number, number];

function encodeCursor(key: Key): string {
  return Buffer.from(JSON.stringify({ last_id: key[1], last_value: key[0] })).toString('base64');
}

function decodeCursor(cursor: string): Key {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { last_id?: unknown; last_value?: unknown };
    if (typeof parsed.last_id === 'number' && (typeof parsed.last_value === 'string' || typeof parsed.last_value === 'number')) {
      return [parsed.last_value, parsed.last_id];
    }
  } catch {
    // fall through
  }
  throw new GraphQLError('Invalid cursor for current pagination sort.', { extensions: { code: 'BAD_REQUEST' } });
}

function compareKeys(a: Key, b: Key): number {
  const first = typeof a[0] === 'number' && typeof b[0] === 'number' ? a[0] - b[0] : String(a[0]).localeCompare(String(b[0]));
  return first !== 0 ? first : a[1] - b[1];
}

/** Cursor pagination over records sorted by `[sortValue, id]` (reverse flips the order). */
export function paginate<R, T>(records: R[], args: PageArgs, key: (record: R) => Key, node: (record: R) => T): Connection<T> {
  const { first, last, after, before } = args;
  if ((first === null || first === undefined) && (last === null || last === undefined)) {
    throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
  }
  for (const [name, value] of [
    ['first', first],
    ['last', last],
  ] as const) {
    if (typeof value === 'number' && (value < 0 || value > 250)) {
      throw new GraphQLError(`The ${name} argument must be between 0 and 250.`, { extensions: { code: 'BAD_REQUEST' } });
    }
  }
  const direction = args.reverse ? -1 : 1;
  const sorted = records.map((r) => ({ r, k: key(r) })).sort((a, b) => direction * compareKeys(a.k, b.k));
  let window = sorted;
  if (after) {
    const cursor = decodeCursor(after);
    window = window.filter((e) => direction * compareKeys(e.k, cursor) > 0);
  }
  if (before) {
    const cursor = decodeCursor(before);
    window = window.filter((e) => direction * compareKeys(e.k, cursor) < 0);
  }
  let slice = window;
  if (typeof first === 'number') slice = slice.slice(0, first);
  if (typeof last === 'number') slice = slice.slice(Math.max(0, slice.length - last));
  const startIndex = slice[0] ? sorted.indexOf(slice[0]) : sorted.length;
  const lastEntry = slice[slice.length - 1];
  const endIndex = lastEntry ? sorted.indexOf(lastEntry) : -1;
  const edges = slice.map((e) => ({ cursor: encodeCursor(e.k), node: node(e.r) }));
  return {
    edges,
    nodes: edges.map((e) => e.node),
    pageInfo: {
      // Anything beyond this page in the whole sorted list, as Shopify reports it.
      hasNextPage: lastEntry ? endIndex < sorted.length - 1 : false,
      hasPreviousPage: slice[0] ? startIndex > 0 : false,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}
