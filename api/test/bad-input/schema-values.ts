import fc from 'fast-check';
import { z } from 'zod';

// Values a route's input schema accepts, generated from the schema itself: the zod schema is turned
// into JSON Schema (`z.toJSONSchema`, the input side, as the OpenAPI document shows it) and each
// keyword becomes a fast-check arbitrary. Refinements JSON Schema cannot say are not followed: a
// value may still be refused by the zod schema, which the suite asks as its oracle for every case.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Path = readonly (string | number)[];

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  enum?: Json[];
  const?: Json;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  default?: Json;
};

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

/** One field of an input: where it is, what it accepts, and whether its object requires it. */
export type Target = { path: Path; schema: JsonSchema; required: boolean };

export const toJsonSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as unknown as JsonSchema;

/** Strings that are valid text but have broken more than one server: SQL and LIKE metacharacters, escapes, odd Unicode. */
export const TRICKY_STRINGS = [
  '%',
  '_',
  '\\',
  'a\\',
  "'",
  '"',
  "'; DROP TABLE products; --",
  '%_\\%',
  '[',
  '(',
  '*',
  '+',
  '?',
  '{1}',
  '$1',
  ':name',
  '\u200b',
  '\ufeff',
  '😀',
  'é',
  'ß',
  'İ',
  '\u202e',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '0',
  '-1',
  'null',
  'NaN',
  '1e309',
  'true',
];

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/**
 * Values JSON Schema cannot describe, by the names of the fields that carry them: the business's own
 * row ids (so a valid body gets past "not found" to the code behind it) and text a refinement checks
 * (a time zone, a size format), so that most baselines are valid and a refusal is the mutation's doing.
 */
export type Known = {
  ids: ReadonlyMap<string, readonly string[]>;
  allIds: readonly string[];
  text: ReadonlyMap<string, readonly string[]>;
};

export class SchemaValues {
  readonly root: JsonSchema;
  readonly known: Known;
  /** Arbitraries already built, by schema, field and depth: each case draws from the same ones. */
  private readonly built = new WeakMap<JsonSchema, Map<string, fc.Arbitrary<Json>>>();

  constructor(root: JsonSchema, known: Known) {
    this.root = root;
    this.known = known;
  }

  resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let hops = 0; current.$ref && hops < 10; hops++) {
      const name = current.$ref.replace(/^#\/\$defs\//, '');
      current = this.root.$defs?.[name] ?? {};
    }
    return current;
  }

  /** The JSON types a schema admits; null when it admits anything. */
  types(schema: JsonSchema): Set<JsonType> | null {
    const s = this.resolve(schema);
    const union = s.anyOf ?? s.oneOf;
    if (union) {
      const all = new Set<JsonType>();
      for (const branch of union) {
        const types = this.types(branch);
        if (types === null) return null;
        for (const type of types) all.add(type);
      }
      return all;
    }
    if (s.const !== undefined) return new Set([jsonType(s.const)]);
    if (s.enum) return new Set(s.enum.map(jsonType));
    if (s.type === undefined) return s.properties ? new Set(['object']) : null;
    const types = new Set([s.type].flat() as JsonType[]);
    if (types.has('integer')) types.add('number');
    return types;
  }

  /** Every field, depth first, through array items (index 0) and every branch of a union; the root is `[]`. */
  targets(): Target[] {
    const found = new Map<string, Target>();
    const walk = (schema: JsonSchema, path: Path, required: boolean, depth: number) => {
      if (depth > 6) return;
      const key = path.join('.');
      const s = this.resolve(schema);
      if (!found.has(key)) found.set(key, { path, schema: s, required });
      for (const branch of s.anyOf ?? s.oneOf ?? []) walk(branch, path, required, depth + 1);
      for (const [name, child] of Object.entries(s.properties ?? {}))
        walk(child, [...path, name], s.required?.includes(name) ?? false, depth + 1);
      if (s.items) walk(s.items, [...path, 0], true, depth + 1);
    };
    walk(this.root, [], true, 0);
    return [...found.values()];
  }

  /** A value the schema accepts (as far as JSON Schema can say). `field` is the property's name, for ids. */
  valid(schema: JsonSchema = this.root, field = '', depth = 0): fc.Arbitrary<Json> {
    const byKey = this.built.get(schema) ?? new Map<string, fc.Arbitrary<Json>>();
    this.built.set(schema, byKey);
    const key = `${field}@${depth}`;
    const cached = byKey.get(key);
    if (cached) return cached;
    const built = this.build(schema, field, depth);
    byKey.set(key, built);
    return built;
  }

  private build(schema: JsonSchema, field: string, depth: number): fc.Arbitrary<Json> {
    const s = this.resolve(schema);
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    const union = s.anyOf ?? s.oneOf;
    if (union) {
      // Deep in a recursive schema (a JSON value), only the branches that end.
      const branches = depth > 3 ? union.filter((b) => !this.recursive(b)) : union;
      return fc.oneof(...branches.map((branch) => this.valid(branch, field, depth + 1)));
    }
    const types = this.types(s);
    if (types === null) return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
    const options = [...types].filter((type) => !(type === 'number' && types.has('integer')));
    return fc.oneof(...options.map((type) => this.validOfType(s, type, field, depth)));
  }

  private recursive(schema: JsonSchema): boolean {
    return schema.$ref !== undefined || schema.items?.$ref !== undefined || typeof schema.additionalProperties === 'object';
  }

  private validOfType(s: JsonSchema, type: JsonType, field: string, depth: number): fc.Arbitrary<Json> {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
      case 'number':
        return numbers(s, type === 'integer');
      case 'string':
        return this.strings(s, field);
      case 'array': {
        const item = s.items ? this.valid(s.items, field, depth + 1) : fc.jsonValue({ maxDepth: 1 });
        const minLength = s.minItems ?? 0;
        const maxLength = Math.min(s.maxItems ?? minLength + 3, minLength + 3);
        const constraints = { minLength, maxLength };
        return (
          s.uniqueItems ? fc.uniqueArray(item, { ...constraints, selector: (v) => JSON.stringify(v) }) : fc.array(item, constraints)
        ) as fc.Arbitrary<Json>;
      }
      case 'object': {
        const model: Record<string, fc.Arbitrary<Json>> = {};
        for (const [name, child] of Object.entries(s.properties ?? {})) model[name] = this.valid(child, name, depth + 1);
        const record = fc.record(model, { requiredKeys: (s.required ?? []).filter((name) => name in model) });
        if (typeof s.additionalProperties !== 'object' || depth > 3) return record as fc.Arbitrary<Json>;
        const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), this.valid(s.additionalProperties, '', depth + 1), {
          maxKeys: 3,
        });
        return fc.tuple(record, extra).map(([fixed, more]) => ({ ...more, ...fixed }) as Json);
      }
    }
  }

  private strings(s: JsonSchema, field: string): fc.Arbitrary<string> {
    const minLength = s.minLength ?? 0;
    const maxLength = s.maxLength ?? Number.POSITIVE_INFINITY;
    const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
    if (s.format === 'uuid') {
      const ids = this.known.ids.get(field) ?? this.known.ids.get(field.replace(/s$/, '')) ?? this.known.allIds;
      return ids.length > 0
        ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, fc.uuid({ version: [4, 7] }))
        : fc.uuid({ version: [4, 7] });
    }
    if (s.format === 'email') return fc.stringMatching(/^[a-z][a-z0-9]{0,10}(\.[a-z0-9]{1,5})?@[a-z]{2,10}\.(com|org|net)$/).filter(fits);
    if (s.format === 'date-time')
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
    if (s.format === 'date')
      return fc
        .date({ min: new Date('1970-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    const hinted = this.known.text.get(field)?.filter(fits) ?? [];
    if (hinted.length > 0)
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...hinted) }, this.plainStrings(minLength, maxLength, fits));
    const patterns = [s.pattern, ...(s.allOf ?? []).map((part) => part.pattern)].filter((p): p is string => p !== undefined);
    if (patterns.length > 0) {
      const matchers = patterns.map((pattern) => new RegExp(pattern));
      // Each pattern's own strings, joined and padded: an unanchored pattern (a password's "a digit") is met by any part.
      return fc
        .tuple(...matchers.map((regex) => fc.stringMatching(regex, { maxLength: Math.min(maxLength, 64) })))
        .map((parts) => (matchers.length === 1 ? (parts[0] as string) : parts.join('')))
        .map((value) => (value.length < minLength && !patterns.some((p) => p.startsWith('^')) ? value.padEnd(minLength, 'x') : value))
        .filter((value) => fits(value) && matchers.every((regex) => regex.test(value)));
    }
    return this.plainStrings(minLength, maxLength, fits);
  }

  private plainStrings(minLength: number, maxLength: number, fits: (value: string) => boolean): fc.Arbitrary<string> {
    const upTo = Math.min(maxLength, minLength + 40);
    return fc.oneof(
      { weight: 4, arbitrary: fc.string({ minLength, maxLength: upTo }) },
      { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: upTo }).filter(fits) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...TRICKY_STRINGS)
          .map((tricky) => tricky.padEnd(minLength, 'x'))
          .filter(fits),
      },
    );
  }
}

function numbers(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const { min, max } = bounds(s, integer);
  const edges = [min, max].filter((n) => Number.isFinite(n));
  if (integer) {
    // Mostly small numbers (a rule may cap what the schema does not: a quantity's 100,000), then any, then the limits.
    const small = fc.integer({ min: Math.max(min, Math.min(max, -1000)), max: Math.min(max, Math.max(min, 1000)) });
    const any = fc.integer({ min: Math.max(min, INT32.min), max: Math.min(max, INT32.max) });
    const choices = [
      { weight: 6, arbitrary: small },
      { weight: 1, arbitrary: any },
    ];
    return edges.length > 0 ? fc.oneof(...choices, { weight: 2, arbitrary: fc.constantFrom(...edges) }) : fc.oneof(...choices);
  }
  const inner = fc.double({
    min: Number.isFinite(min) ? min : -1e9,
    max: Number.isFinite(max) ? max : 1e9,
    noNaN: true,
    noDefaultInfinity: true,
    minExcluded: s.exclusiveMinimum !== undefined,
    maxExcluded: s.exclusiveMaximum !== undefined,
  });
  return edges.length > 0 && s.exclusiveMinimum === undefined && s.exclusiveMaximum === undefined
    ? fc.oneof({ weight: 4, arbitrary: inner }, fc.constantFrom(...edges))
    : inner;
}

/** The smallest and largest number a schema allows (an exclusive bound given as the bound itself; `numbers` excludes it). */
export function bounds(s: JsonSchema, integer: boolean): { min: number; max: number } {
  const step = integer ? 1 : 0;
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + step : Number.NEGATIVE_INFINITY);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - step : Number.POSITIVE_INFINITY);
  return { min, max };
}

export function jsonType(value: Json | undefined): JsonType {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as 'string' | 'boolean' | 'object';
}
