import fc from 'fast-check';
import { MAX_INPUT_DEPTH } from '../../src/plugins/input-guard.ts';
import { bounds, type Json, type JsonType, type Path, type SchemaValues, type Target, TRICKY_STRINGS } from './schema-values.ts';

// What the suite does to one field of a valid input: each kind of bad (or boundary) value the issue
// names, built from what the field's schema says it accepts.

/** The field is left out. */
export const REMOVE: unique symbol = Symbol('remove');
export type Replacement = Json | typeof REMOVE;

/** A change to one field: given the field's current value (undefined when the baseline has none), its new value. */
export type Change = (current: Json | undefined) => Replacement;

export type MutationKind =
  | 'wrong type'
  | 'missing'
  | 'left out'
  | 'null'
  | 'empty'
  | 'huge string'
  | 'too many items'
  | 'NUL byte'
  | 'lone surrogate'
  | 'deep nesting'
  | 'number at its minimum'
  | 'number at its maximum'
  | 'number past 32 bits'
  | 'number past a limit'
  | 'fraction for an integer'
  | 'number far out of range'
  | 'length at a limit'
  | 'length past a limit'
  | 'tricky text'
  | 'extra field'
  | 'NUL in a field name';

export type Mutation = { kind: MutationKind; target: Target; change: fc.Arbitrary<Change> };

/** 100 kB of text, far past any field's limit. */
export const HUGE = 100_000;

const set =
  (value: Replacement): Change =>
  () =>
    value;

/** Representatives of each JSON type, for "the wrong type". */
const OF_TYPE: Record<JsonType, Json> = {
  string: 'wrong',
  integer: 12345,
  number: 12.5,
  boolean: true,
  null: null,
  // Not empty: in a query string an empty list is no parameter at all, two items are the key twice.
  array: ['wrong', 'again'],
  object: {},
};

function nested(levels: number, kind: 'array' | 'object'): Json {
  let value: Json = 'bottom';
  for (let level = 0; level < levels; level++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

const textOf = (current: Json | undefined) => (typeof current === 'string' && current.length > 0 ? current : 'abc');
const insertAtMiddle = (text: string, inserted: string) => {
  // Between two UTF-16 units that are not a surrogate pair's halves.
  let at = Math.floor(text.length / 2);
  if (/[\uDC00-\uDFFF]/.test(text[at] ?? '')) at += 1;
  return text.slice(0, at) + inserted + text.slice(at);
};

/** Every kind of mutation that means something for this field, each with its values. */
export function mutationsOf(target: Target, values: SchemaValues): Mutation[] {
  const { schema, path, required } = target;
  const types = values.types(schema);
  const has = (type: JsonType) => types === null || types.has(type);
  const mutations: Mutation[] = [];
  const add = (kind: MutationKind, change: fc.Arbitrary<Change>) => mutations.push({ kind, target, change });

  if (types !== null) {
    // A number for an integer field is "past a limit" (a fraction), not the wrong type.
    const wrong = (['string', 'integer', 'number', 'boolean', 'array', 'object'] as const)
      .filter((type) => !types.has(type === 'integer' ? 'number' : type))
      .map((type) => OF_TYPE[type]);
    if (wrong.length > 0) add('wrong type', fc.constantFrom(...wrong).map(set));
    if (!types.has('null')) add('null', fc.constant(set(null)));
  }
  // An array's first item is not a field: removing it is "empty" or "fewer items", not "missing".
  if (path.at(-1) !== 0) add(required ? 'missing' : 'left out', fc.constant(set(REMOVE)));

  const empties: Json[] = [];
  if (has('string')) empties.push('');
  if (has('array')) empties.push([]);
  if (has('object')) empties.push({});
  if (empties.length > 0) add('empty', fc.constantFrom(...empties).map(set));

  if (has('string')) {
    add(
      'huge string',
      // Not whitespace: a schema that trims before it counts rightly takes 100 kB of spaces as empty.
      fc.constantFrom('x', 'é', '😀', '%', 'a b').map((unit) => set(unit.repeat(Math.ceil(HUGE / unit.length)))),
    );
    add(
      'NUL byte',
      fc.constantFrom('\u0000', 'a\u0000b').map((nul) => (current) => insertAtMiddle(textOf(current), nul)),
    );
    add(
      'lone surrogate',
      fc.constantFrom('\ud800', '\udfff').map((half) => (current) => insertAtMiddle(textOf(current), half)),
    );
    add('tricky text', fc.constantFrom(...TRICKY_STRINGS).map(set));
    const s = values.resolve(schema);
    const atLength = (length: number) => (current: Json | undefined) => {
      const text = textOf(current);
      return text.length >= length ? text.slice(0, length) : text.padEnd(length, text.at(-1) === ' ' ? 'x' : (text.at(-1) ?? 'x'));
    };
    const at = [s.minLength, s.maxLength].filter((n): n is number => n !== undefined);
    const past = [s.minLength && s.minLength > 0 ? s.minLength - 1 : undefined, s.maxLength === undefined ? undefined : s.maxLength + 1];
    if (at.length > 0) add('length at a limit', fc.constantFrom(...at).map(atLength));
    const beyond = past.filter((n): n is number => n !== undefined);
    if (beyond.length > 0) add('length past a limit', fc.constantFrom(...beyond).map(atLength));
  }

  if (has('number') || has('integer')) {
    const s = values.resolve(numberBranch(values, schema));
    const integer = values.types(s)?.has('integer') ?? false;
    const { min, max } = bounds(s, integer);
    const step = integer ? 1 : 0.001;
    if (Number.isFinite(min)) add('number at its minimum', fc.constant(set(min)));
    if (Number.isFinite(max)) add('number at its maximum', fc.constant(set(max)));
    const past = [min - step, max + step].filter((n) => Number.isFinite(n));
    if (past.length > 0) add('number past a limit', fc.constantFrom(...past).map(set));
    if (integer) add('fraction for an integer', fc.constantFrom(Number.isFinite(min) ? min + 0.5 : 0.5, -0.5).map(set));
    // Where PostgreSQL's integer ends: a schema that allows more must not meet an int column or cast.
    add('number past 32 bits', fc.constantFrom(2 ** 31, -(2 ** 31) - 1).map(set));
    add('number far out of range', fc.constantFrom(2 ** 53 + 2, 1e21, -1e21, 1e308, -1e308, 5e-324).map(set));
  }

  if (has('array')) {
    const s = values.resolve(schema);
    const item = s.items ? values.valid(s.items) : fc.constant<Json>('x');
    const count = s.maxItems !== undefined ? s.maxItems + 1 : 5_000;
    add(
      'too many items',
      item.map(
        (one) => (current: Json | undefined) =>
          Array.from({ length: count }, () => (Array.isArray(current) && current.length > 0 ? (current[0] as Json) : one)),
      ),
    );
  }

  if (has('object') || has('array') || types === null) {
    add(
      'deep nesting',
      fc.constantFrom<'array' | 'object'>('array', 'object').map((kind) => set(nested(MAX_INPUT_DEPTH + 8, kind))),
    );
  }

  if (has('object')) {
    const withKey = (key: string) => (current: Json | undefined) =>
      ({ ...(typeof current === 'object' && current !== null && !Array.isArray(current) ? current : {}), [key]: 'surprise' }) as Json;
    add('extra field', fc.constantFrom('unexpected_field', 'role', 'business_id', '__proto__x').map(withKey));
    add('NUL in a field name', fc.constant(withKey('bad\u0000name')));
  }

  return mutations;
}

/** The numeric branch of a union (`number | null`), for its limits. */
function numberBranch(values: SchemaValues, schema: Target['schema']): Target['schema'] {
  const s = values.resolve(schema);
  const branch = (s.anyOf ?? s.oneOf ?? []).find((b) => {
    const types = values.types(b);
    return types !== null && (types.has('number') || types.has('integer'));
  });
  return branch ?? s;
}

/** The value at a path, undefined when the input has none there. */
export function getAt(value: Json | undefined, path: Path): Json | undefined {
  let current: Json | undefined = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, Json>)[key];
  }
  return current;
}

/** A copy of the input with the field at the path replaced (or removed), making the objects and arrays on the way. */
export function setAt(value: Json | undefined, path: Path, replacement: Replacement): Json | undefined {
  if (path.length === 0) return replacement === REMOVE ? undefined : replacement;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const container: Json = Array.isArray(value)
    ? [...value]
    : value !== null && typeof value === 'object'
      ? { ...value }
      : typeof key === 'number'
        ? []
        : {};
  const record = container as Record<string | number, Json>;
  const child = setAt(record[key], rest, replacement);
  if (child === undefined) {
    if (Array.isArray(container) && typeof key === 'number') container.splice(key, 1);
    else delete record[key];
  } else record[key] = child;
  return container;
}
