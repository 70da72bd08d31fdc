// Generated from every route's own zod schemas: each route that takes a body or a query string is
// sent, from a valid input made from its schema, one field made wrong at a time — the wrong type,
// left out, null, empty, 100 kB of text, a NUL byte, half a surrogate pair, nested 40 deep, numbers
// at, past and far beyond their limits (and fractions for whole numbers), text at and past its
// length, too many items, an unknown field, a NUL in a field name — and the whole request with the
// wrong content type or broken JSON. The route's schema is the oracle: input it (or the input guard)
// refuses must answer 400 naming the field (415 for the content type) and write nothing; input it
// accepts must never answer 5xx. Beyond the schema: 100 kB of text in a field, and a list past its
// limit (5,000 items where it has none), must be refused whatever the schema says, so a field whose
// schema lost its .max() fails here. A route added tomorrow is covered the day it lands.
//
// Seeded: BAD_INPUT_SEED (default below) picks every value. The budget per route is one case of each
// mutation of each field (about 4,100 requests over 81 routes; the whole file in about 35 s on the
// shared 2-core machine); BAD_INPUT_RUNS=<n> sends n per route instead, cycling through
// the mutations with new values (a long run: BAD_INPUT_RUNS=1000, about 10 minutes).
// BAD_INPUT_ROUTE='POST /api/v1/…' and BAD_INPUT_CASE=<n> replay one route or one case,
// BAD_INPUT_LOG=error shows the server's log behind a 5xx. A failure prints the line that
// reproduces it.

import { SIZE_FORMAT_IDS } from '@tradepost/shared/domain/sizes/size-formats.ts';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type { ModuleRoutes } from '../src/platform/module.ts';
import { inputProblem } from '../src/plugins/input-guard.ts';
import { DEMO_LOGIN } from '../src/seeders/demo.ts';
import { demoBusinessWithOneOfEverything } from './bad-input/business.ts';
import { type Change, getAt, type Mutation, mutationsOf, setAt } from './bad-input/mutations.ts';
import { type Json, type Known, type Path, SchemaValues, type Target, toJsonSchema } from './bad-input/schema-values.ts';
import { watchWrites, writeMark, writesSince } from './bad-input/writes.ts';
import { bearer, createTestApp } from './helper.ts';

const SEED = Number(process.env.BAD_INPUT_SEED ?? 20261127);
/** Cases per route; by default one of each mutation of each field (every field × every kind, once). */
const RUNS = process.env.BAD_INPUT_RUNS === undefined ? undefined : Number(process.env.BAD_INPUT_RUNS);
const ONLY_ROUTE = process.env.BAD_INPUT_ROUTE;
const ONLY_CASE = process.env.BAD_INPUT_CASE === undefined ? undefined : Number(process.env.BAD_INPUT_CASE);

/**
 * 5xx answers found in areas this suite's author may not change, each naming its defect: the cases it
 * matches are not sent until its owner fixes it (then the entry goes). Without `skips`, the whole route.
 */
const knownDefects: { route: string; defect: string; skips?: (c: Case) => boolean }[] = [];

// Each area's routes, as declared: the module list is wrapped so every route's options (with its zod
// schemas) are seen as it is registered, tagged with its area. Nothing else about the app changes.
const declared = vi.hoisted(() => [] as { area: string; route: RouteOptions }[]);
vi.mock('../src/modules/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/modules/index.ts')>();
  const seen =
    (area: string) =>
    (routes: ModuleRoutes): ModuleRoutes =>
    async (scope, deps) => {
      scope.addHook('onRoute', (route) => {
        declared.push({ area, route });
      });
      await routes(scope, deps);
    };
  return {
    ...real,
    modules: real.modules.map((module) => ({
      ...module,
      rootRoutes: module.rootRoutes?.map(seen(module.name)),
      apiRoutes: module.apiRoutes?.map(seen(module.name)),
      businessRoutes: module.businessRoutes?.map(seen(module.name)),
    })),
  };
});

// --- The app, the demo business, and the routes under test ------------------------------------------

// No job runner: nothing writes in the background, so "nothing written" is exact (a queued job is a row).
const t = await createTestApp(
  {
    ADMIN_EMAILS: DEMO_LOGIN.email,
    JOBS_ENABLED: 'false',
    // BAD_INPUT_LOG=error shows the stack behind a 5xx.
    ...(process.env.BAD_INPUT_LOG ? { LOG_LEVEL: process.env.BAD_INPUT_LOG } : {}),
  },
  {
    // What a 5xx looks like, for the last test (signed-in, not public: a public route needs an entry in plugins/public-routes.ts).
    beforeReady: (app) =>
      app.get('/api/v1/__explode', { config: { access: 'signed-in' } }, async () => {
        throw new Error('secret internal detail: connection string postgres://x');
      }),
  },
);
const { owner, ids, close } = await demoBusinessWithOneOfEverything(t);
afterAll(async () => {
  await close();
  await t.close();
});
await watchWrites(t.orm);
const known = await knownValues();

type Part = { name: 'body' | 'query'; zod: z.ZodType; values: SchemaValues; targets: Target[]; text: boolean };
type RouteUnderTest = { key: string; method: string; url: string; area: string; parts: Part[] };

const routes: RouteUnderTest[] = declared
  .filter(({ route }) => route.method !== 'HEAD' && route.url.startsWith('/api/v1/'))
  // A stream never answers once open (realtime.test.ts covers it; its missing token is a case below).
  .filter(({ route }) => !route.config?.tokenInQuery)
  .flatMap(({ area, route }) => {
    const schema = (route.schema ?? {}) as { body?: z.ZodType; querystring?: z.ZodType };
    const parts: Part[] = [];
    for (const [name, zod] of [
      ['body', schema.body],
      ['query', schema.querystring],
    ] as const) {
      if (!zod) continue;
      const values = new SchemaValues(toJsonSchema(zod), known);
      parts.push({ name, zod, values, targets: values.targets(), text: values.root.type === 'string' });
    }
    const method = [route.method].flat()[0] as string;
    return parts.length === 0 ? [] : [{ key: `${method} ${route.url}`, method, url: route.url, area, parts }];
  })
  .filter((route) => ONLY_ROUTE === undefined || route.key === ONLY_ROUTE);

/** Real ids of the business by the body fields that carry them, and text the schemas' refinements check. */
async function knownValues(): Promise<Known> {
  const tables: Record<string, string[]> = {
    variants: ['variant_id'],
    locations: ['location_id', 'from_location_id', 'to_location_id'],
    products: ['product_id'],
    customers: ['customer_id'],
    channel_connections: ['connection_id'],
    sales_channels: ['channel_id'],
    media: ['media_id'],
    pick_rules: ['id'],
    sale_lines: ['line_id'],
  };
  const byField = new Map<string, string[]>();
  const allIds: string[] = [];
  const em = t.orm.em.fork();
  for (const [table, fields] of Object.entries(tables)) {
    const rows = await em.execute<{ id: string }[]>(`SELECT id FROM ${table} WHERE business_id = ? ORDER BY id LIMIT 5`, [
      owner.businessId,
    ]);
    for (const field of fields)
      byField.set(
        field,
        rows.map((row) => row.id),
      );
    allIds.push(...rows.map((row) => row.id));
  }
  const sizeFormats = [...SIZE_FORMAT_IDS, ids.get('formatId') ?? 'us-men'];
  const text = new Map<string, readonly string[]>([
    ['timezone', ['UTC', 'America/New_York', 'Europe/London', 'Asia/Tokyo']],
    ['currency', ['USD', 'EUR', 'GBP', 'CAD']],
    ['size_format', sizeFormats],
    ['format_hint', sizeFormats],
    ['format_id', sizeFormats],
  ]);
  return { ids: byField, allIds, text };
}

// --- One case: a valid input with one thing made wrong, and what the schema says of it ------------------

type RequestKind = 'as generated' | 'wrong content type' | 'malformed JSON';
type Case = {
  index: number;
  label: string;
  /** The field made wrong, dotted (`lines.0.quantity`), '' for the whole input; null for the request itself. */
  field: string | null;
  part: 'body' | 'query' | null;
  kind: string;
  request: RequestKind;
  body: Json | undefined;
  query: Json | undefined;
  /** The input before the change passes the schema and the change landed in an object of it: a refusal is the change's doing. */
  singleField: boolean;
};
type Expected = { refused: true; statuses: number[]; fields: string[]; unbounded?: string } | { refused: false };

type Plan = {
  label: string;
  part: Part | null;
  kind: string;
  target: Target | null;
  /** The fields around the target, outermost first: filled with valid values where the baseline has none, so the change lands in a valid object. */
  around: Target[];
  change: fc.Arbitrary<Change>;
  request: RequestKind;
};

/** Every mutation of every part of the route, plus the request-level ones. */
function plansOf(route: RouteUnderTest): Plan[] {
  const plans: Plan[] = [];
  for (const part of route.parts) {
    for (const target of part.targets) {
      for (const mutation of mutationsOf(target, part.values) as Mutation[]) {
        const where = target.path.length === 0 ? `the ${part.name}` : `${part.name} ${target.path.join('.')}`;
        const around = target.path
          .slice(1)
          .map((_key, end) => part.targets.find((other) => other.path.join('.') === target.path.slice(0, end + 1).join('.')))
          .filter((other): other is Target => other !== undefined);
        plans.push({
          label: `${mutation.kind}: ${where}`,
          part,
          kind: mutation.kind,
          target,
          around,
          change: mutation.change,
          request: 'as generated',
        });
      }
    }
  }
  const body = route.parts.find((part) => part.name === 'body');
  if (body) {
    const unchanged = fc.constant<Change>((current) => current ?? null);
    const whole = { part: null, target: null, around: [], change: unchanged };
    plans.push({ ...whole, label: 'wrong content type', kind: 'wrong content type', request: 'wrong content type' });
    if (!body.text) plans.push({ ...whole, label: 'malformed JSON', kind: 'malformed JSON', request: 'malformed JSON' });
  }
  return plans;
}

/** A seed per route and case, so adding a route or a case changes no other's values. */
function seedOf(route: RouteUnderTest, index: number): number {
  let hash = SEED >>> 0;
  for (const char of `${route.key}#${index}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash | 0;
}

/**
 * The route's cases: every mutation once, then again with new values, up to the budget. The order
 * takes each kind of mutation in turn (in a seeded order, on a seeded field), so a small budget
 * still tries every kind on the route, and a long run every kind on every field.
 */
function casesOf(route: RouteUnderTest): Case[] {
  const plans = plansOf(route);
  const kinds = [...new Set(plans.map((plan) => plan.kind))];
  const shuffled = (items: number[], salt: number) =>
    fc.sample(fc.shuffledSubarray(items, { minLength: items.length, maxLength: items.length }), {
      seed: seedOf(route, salt),
      numRuns: 1,
    })[0] as number[];
  const byKind = kinds.map((kind, k) =>
    shuffled(
      [...plans.keys()].filter((i) => plans[i]?.kind === kind),
      -2 - k,
    ),
  );
  const kindOrder = shuffled([...kinds.keys()], -1);
  const order: number[] = [];
  for (let round = 0; order.length < plans.length; round++) {
    for (const k of kindOrder) {
      const next = byKind[k]?.[round];
      if (next !== undefined) order.push(next);
    }
  }
  const bodyPart = route.parts.find((p) => p.name === 'body');
  const queryPart = route.parts.find((p) => p.name === 'query');
  const cases: Case[] = [];
  for (let index = 0; index < (RUNS ?? plans.length); index++) {
    if (ONLY_CASE !== undefined && index !== ONLY_CASE) continue;
    const plan = plans[order[index % plans.length] as number] as Plan;
    const [drawn] = fc.sample(
      fc.record({
        body: bodyPart ? bodyPart.values.valid() : fc.constant(undefined),
        query: queryPart ? queryPart.values.valid() : fc.constant(undefined),
        around: fc.tuple(...plan.around.map((field) => (plan.part as Part).values.valid(field.schema, String(field.path.at(-1))))),
        change: plan.change,
      }),
      { seed: seedOf(route, index), numRuns: 1 },
    ) as [{ body: Json | undefined; query: Json | undefined; around: Json[]; change: Change }];
    const baseline = { body: drawn.body, query: drawn.query };
    const changed = { ...baseline };
    let containerReady = false;
    if (plan.part && plan.target) {
      const name = plan.part.name;
      const path: Path = plan.target.path;
      for (const [at, field] of plan.around.entries()) {
        const here = getAt(baseline[name], field.path);
        if (here === undefined || here === null || typeof here !== 'object')
          baseline[name] = setAt(baseline[name], field.path, drawn.around[at] as Json);
      }
      const container = path.length === 0 ? {} : getAt(baseline[name], path.slice(0, -1));
      containerReady = container !== null && typeof container === 'object';
      changed[name] = setAt(baseline[name], path, drawn.change(getAt(baseline[name], path)));
    }
    cases.push({
      index,
      label: plan.label,
      field: plan.target ? plan.target.path.join('.') : null,
      part: plan.part?.name ?? null,
      kind: plan.kind,
      request: plan.request,
      ...changed,
      singleField: containerReady && expectationOf(route, { ...baseline, request: 'as generated' }).refused === false,
    });
  }
  return cases;
}

// --- What the server will see, and what its schema says ---------------------------------------------------

const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Text as it arrives through a URL or a text body: UTF-8 has no lone surrogates, each becomes U+FFFD. */
const wellFormed = (text: string) => text.replace(LONE_SURROGATES, '\uFFFD');

/** The query string's pairs, as the route will read them (an array is the key repeated). */
function queryPairs(query: Json | undefined): [string, string][] {
  if (query === undefined || query === null || typeof query !== 'object' || Array.isArray(query)) return [];
  const param = (value: Json): string =>
    typeof value === 'string'
      ? wellFormed(value)
      : value === null
        ? ''
        : typeof value === 'object'
          ? wellFormed(JSON.stringify(value))
          : String(value);
  return Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => [wellFormed(key), param(item)] as [string, string]),
  );
}

function parsedQuery(query: Json | undefined): Record<string, string | string[]> {
  const parsed: Record<string, string | string[]> = {};
  for (const [key, value] of queryPairs(query)) {
    const before = parsed[key];
    parsed[key] = before === undefined ? value : [before, value].flat();
  }
  return parsed;
}

type Sent = { body: Json | undefined; textBody: boolean };
function sentBody(route: RouteUnderTest, body: Json | undefined): Sent {
  const part = route.parts.find((p) => p.name === 'body');
  if (!part || body === undefined) return { body: undefined, textBody: false };
  if (part.text && typeof body === 'string') return { body: wellFormed(body), textBody: true };
  return { body: JSON.parse(JSON.stringify(body)) as Json, textBody: false };
}

/** What the route must answer, from its schema (and the input guard ahead of it), the way Fastify runs them. */
function expectationOf(
  route: RouteUnderTest,
  input: {
    body: Json | undefined;
    query: Json | undefined;
    request: RequestKind;
    kind?: string;
    field?: string | null;
    part?: string | null;
  },
): Expected {
  // 415 where no parser takes the type; a route that reads any type (an upload) refuses the body it got with 400.
  if (input.request === 'wrong content type') return { refused: true, statuses: [415, 400], fields: ['body'] };
  if (input.request === 'malformed JSON') return { refused: true, statuses: [400], fields: ['body'] };
  const query = parsedQuery(input.query);
  const body = sentBody(route, input.body).body;
  const problem = inputProblem(query, 'query') ?? inputProblem(body, 'body');
  if (problem) return { refused: true, statuses: [400], fields: [problem.field] };
  // Fastify's JSON parser refuses prototype poisoning (a `__proto__` key, a `constructor.prototype`) before anything else reads it.
  if (!sentBody(route, input.body).textBody && poisoned(body)) return { refused: true, statuses: [400], fields: ['body'] };
  // Fastify validates the body before the query and stops at the first part that fails.
  for (const [name, value] of [
    ['body', body],
    ['query', query],
  ] as const) {
    const part = route.parts.find((p) => p.name === name);
    if (!part) continue;
    const result = part.zod.safeParse(value);
    if (!result.success) {
      const fields = result.error.issues.map((issue) => {
        const path = issue.path.join('.');
        if (path) return path;
        return issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : name;
      });
      return { refused: true, statuses: [400], fields };
    }
  }
  // Beyond the schema: no field of ours needs 100 kB of text or thousands of items (a CSV file is the body, not a field).
  const textBody = route.parts.find((p) => p.name === 'body')?.text === true && input.part === 'body' && input.field === '';
  if ((input.kind === 'huge string' && !textBody) || input.kind === 'too many items') {
    const field = input.field || (input.part ?? 'body');
    return { refused: true, statuses: [400], fields: [field], unbounded: `the schema puts no limit on ${input.part} ${field}` };
  }
  return { refused: false };
}

function poisoned(value: Json | undefined): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(poisoned);
  for (const [key, child] of Object.entries(value)) {
    if (key === '__proto__') return true;
    if (key === 'constructor' && child !== null && typeof child === 'object' && !Array.isArray(child) && 'prototype' in child) return true;
    if (poisoned(child)) return true;
  }
  return false;
}

// --- Sending a case ---------------------------------------------------------------------------------------

const urlOf = (route: RouteUnderTest, query: Json | undefined) => {
  const path = route.url.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    name === 'businessId' ? owner.businessId : (ids.get(name) ?? `missing-${name}`),
  );
  const pairs = queryPairs(query);
  return pairs.length === 0 ? path : `${path}?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
};

async function send(route: RouteUnderTest, c: Case) {
  const headers: Record<string, string> = bearer(owner.token);
  let payload: string | undefined;
  if (c.body !== undefined) {
    const sent = sentBody(route, c.body);
    payload = sent.textBody ? (sent.body as string) : JSON.stringify(c.body);
    headers['content-type'] = sent.textBody ? 'text/csv' : 'application/json';
  }
  if (c.request === 'wrong content type') headers['content-type'] = 'application/x-www-form-urlencoded';
  if (c.request === 'malformed JSON') {
    payload = `${(payload ?? '{').slice(0, -1)},`;
    headers['content-type'] = 'application/json';
  }
  return t.app.inject({
    method: route.method as 'POST',
    url: urlOf(route, c.query),
    headers,
    // A fresh address per case: per-address limits (sign-in, registration, bug reports) must not answer first.
    remoteAddress: `10.${(c.index >> 8) & 255}.${c.index & 255}.${(seedOf(route, c.index) >>> 0) % 250}`,
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Short enough to read in a failure: long text as its first characters and its length. */
function shown(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'string' && v.length > 60) return `${v.slice(0, 20)}…(${v.length} chars)`;
    if (Array.isArray(v) && v.length > 5) return [...v.slice(0, 2), `…(${v.length} items)`];
    return v;
  })?.slice(0, 600);
}

/**
 * Changes that are wrong whatever the rest of the input says: the refusal must name the field. (A value at a limit, odd text
 * or a field left out may instead trip a rule across fields, which names the rule's own field.)
 */
const STANDALONE = new Set([
  'wrong type',
  'null',
  'missing',
  'NUL byte',
  'lone surrogate',
  'deep nesting',
  'NUL in a field name',
  'extra field',
  'huge string',
  'length past a limit',
  'number past a limit',
  'fraction for an integer',
  'number past 32 bits',
  'number far out of range',
]);

/** The field refused is the one changed, or one of its parents or children (a union names itself; an emptied object its fields). */
const related = (named: string, changed: string) =>
  changed === '' ||
  named === changed ||
  changed.startsWith(`${named}.`) ||
  named.startsWith(`${changed}.`) ||
  named === 'body' ||
  named === 'query';

// --- The suite --------------------------------------------------------------------------------------------

describe('bad input, generated from every route’s schemas', () => {
  it('covers every route of every area that takes a body or a query string, and sees writes', async () => {
    if (ONLY_ROUTE !== undefined) return;
    expect(routes.length).toBeGreaterThan(60);
    const areas = new Set(routes.map((route) => route.area));
    for (const area of ['auth', 'businesses', 'catalog', 'catalog-io', 'inventory', 'preowned', 'sales', 'sizes', 'team', 'preferences']) {
      expect(areas, area).toContain(area);
    }
    // Every API route is seen with its schemas (a route registered outside an area would not be).
    const seen = new Set(declared.flatMap(({ route }) => [route.method].flat().map((method) => `${method} ${route.url}`)));
    expect(t.app.routeAccess.map((r) => `${r.method} ${r.url}`).filter((key) => !seen.has(key))).toEqual(['GET /api/v1/__explode']);
    const keys = new Set(routes.map((route) => route.key));
    // The write log that proves refused input wrote nothing sees a write.
    const mark = await writeMark(t.orm);
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/v1/businesses/${owner.businessId}/customers`,
      headers: bearer(owner.token),
      payload: { name: 'Logged Buyer' },
    });
    expect(made.statusCode).toBe(201);
    expect((await writesSince(t.orm, mark)).writes).toContain('INSERT customers');
    expect(knownDefects.filter((defect) => !keys.has(defect.route))).toEqual([]);
  });

  for (const route of routes) {
    const defects = knownDefects.filter((defect) => defect.route === route.key);
    const skipsAll = defects.some((defect) => defect.skips === undefined);
    const title = `${route.key}${defects.length > 0 ? ` (skipping known defects: ${defects.map((d) => d.defect).join('; ')})` : ''}`;
    (skipsAll ? it.skip : it)(
      title,
      async () => {
        const cases = casesOf(route).filter((c) => !defects.some((defect) => defect.skips?.(c)));
        const judged = cases.map((c) => ({ c, expected: expectationOf(route, c) }));
        const failures: string[] = [];
        const fail = (c: Case, what: string, res: { statusCode: number; body: string }) =>
          failures.push(
            `#${c.index} ${c.label} → ${res.statusCode} ${res.body.slice(0, 300)}\n    ${what}\n    sent query ${shown(c.query)} body ${shown(c.body)}`,
          );

        // Refused input first: each must answer 400 naming its field (415 for the content type) and write nothing.
        const refused = judged.filter((j): j is { c: Case; expected: Extract<Expected, { refused: true }> } => j.expected.refused);
        const mark = await writeMark(t.orm);
        for (const { c, expected } of refused) {
          const res = await send(route, c);
          if (!expected.statuses.includes(res.statusCode)) {
            const why = expected.unbounded
              ? `${expected.unbounded}: give it a .max()`
              : `the schema refuses ${expected.fields.join(', ') || 'it'}`;
            fail(c, `expected ${expected.statuses.join(' or ')} (${why})`, res);
            continue;
          }
          if (res.statusCode !== 400) continue;
          const error = (res.json() as { error?: { details?: { field: string }[] } }).error;
          const named = [...new Set((error?.details ?? []).map((detail) => detail.field))].sort();
          const schemaNames = [...new Set(expected.fields)].sort();
          if (named.length === 0) fail(c, 'expected error.details naming the field', res);
          else if (c.request === 'as generated' && !expected.unbounded && named.join(',') !== schemaNames.join(','))
            fail(c, `expected error.details to name what the schema refuses: ${schemaNames.join(', ')}`, res);
          else if (c.singleField && STANDALONE.has(c.kind) && !named.some((field) => related(field, c.field as string)))
            fail(c, `expected the field ${c.field || c.part} (or its parent) among ${named.join(', ')}`, res);
        }
        // Nothing written: checked for the route's refused requests at once; on a write, again one by one to name the case.
        const written = await writesSince(t.orm, mark);
        if (written.writes.length > 0) {
          let found = false;
          for (const { c, expected } of refused) {
            if (expected.unbounded) continue;
            const before = await writeMark(t.orm);
            const res = await send(route, c);
            const since = await writesSince(t.orm, before);
            if (since.writes.length > 0) {
              found = true;
              fail(c, `refused input wrote: ${since.writes.join(', ')}`, res);
            }
          }
          if (!found && refused.every(({ expected }) => !expected.unbounded))
            failures.push(`refused input wrote ${written.writes.join(', ')} (not again when replayed one by one)`);
        }

        // Input the schema accepts, at its limits: any answer but a 5xx.
        for (const { c, expected } of judged) {
          if (expected.refused) continue;
          const res = await send(route, c);
          if (res.statusCode >= 500) fail(c, 'the schema accepts this input: expected anything but a 5xx', res);
        }

        const reproduce = `BAD_INPUT_SEED=${SEED}${RUNS === undefined ? '' : ` BAD_INPUT_RUNS=${RUNS}`} BAD_INPUT_ROUTE='${route.key}' ./node_modules/.bin/vitest run --project api api/test/bad-input.test.ts (add BAD_INPUT_CASE=<#> for one case)`;
        expect(failures, `${failures.length} of ${cases.length} cases failed; reproduce with:\n  ${reproduce}\n`).toEqual([]);
        // A long run's routes take minutes; a timed-out test would go on sending into the next route's checks.
      },
      60_000 + (RUNS ?? 0) * 250,
    );
  }
});

// --- What the generator cannot say -------------------------------------------------------------------------

describe('bad input, by hand', () => {
  type HandCase = { name: string; method: 'POST' | 'PUT' | 'GET'; url: () => string; payload?: unknown; fields: string[] };
  /** Several bad fields at once, all named in one answer; refinements JSON Schema cannot express; a path parameter; a stream's token. */
  const cases: HandCase[] = [
    {
      name: 'register: weak password, short business name, unknown time zone, all named at once',
      method: 'POST',
      url: () => '/api/v1/auth/register',
      payload: { email: 'new@example.com', password: 'abc', business_name: 'x', timezone: 'Mars/Olympus' },
      fields: ['password', 'business_name', 'timezone'],
    },
    {
      name: 'business: bad currency and an unknown time zone',
      method: 'PUT',
      url: () => `/api/v1/businesses/${owner.businessId}`,
      payload: { currency: 'dollars', timezone: 'Nowhere/City' },
      fields: ['currency', 'timezone'],
    },
    {
      name: 'view preferences: bad view key in the path',
      method: 'PUT',
      url: () => '/api/v1/auth/me/preferences/views/Bad Key!',
      payload: {},
      fields: ['viewKey'],
    },
    { name: 'event stream: no token', method: 'GET', url: () => '/api/v1/sse/batch-operations/stream', fields: ['token'] },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const mark = await writeMark(t.orm);
      const res = await t.app.inject({
        method: c.method,
        url: c.url(),
        ...(c.payload !== undefined ? { payload: c.payload as object } : {}),
        headers: c.url().includes('/stream') ? {} : bearer(owner.token),
      });
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      const named = error.details.map((d: { field: string }) => d.field);
      for (const field of c.fields) expect(named).toContain(field);
      for (const field of c.fields) expect(error.message).toContain(field);
      expect((await writesSince(t.orm, mark)).writes).toEqual([]);
    });
  }

  it('unknown routes answer 404 in the same envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('a thrown bug answers a plain 500 without internals (what the generated cases look for)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/__explode', headers: bearer(owner.token) });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.json().error.code).toBe('INTERNAL');
  });
});
