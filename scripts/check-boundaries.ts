// `npm run check:boundaries`: the seam between areas, checked in CI. The rules and both allow-lists
// live in `.dependency-cruiser.ts`; dependency-cruiser reads every import and applies them. This
// script adds the rule it cannot express (no loops between areas joined through their public.ts),
// prints each offending import as `from -> to: rule` and exits 1 when there is one.
//
//   node scripts/check-boundaries.ts          check
//   node scripts/check-boundaries.ts --todo   print today's crossings as the TODO(seam) section
import { resolve } from 'node:path';
import type { IConfiguration, ICruiseResult, IModule } from 'dependency-cruiser';
import { cruise } from 'dependency-cruiser';
import config, { type AllowedImport, areaCycleRule, permanentAllowList, todoSeamAllowList } from '../.dependency-cruiser.ts';

/** What is cruised, from the repository root; tests are excluded by the config. */
export const CRUISED = ['api', 'web', 'extension', 'shared'];

export interface Violation {
  from: string;
  to: string;
  rule: string;
  /** Extra words after the rule name (the loop an import closes). */
  note?: string;
}

/** Every import of the code base, with dependency-cruiser's verdict from the rules of `configuration`. */
export async function cruiseImports(baseDir: string, configuration: IConfiguration = config): Promise<ICruiseResult> {
  const { options = {}, ...ruleSet } = configuration;
  const { output } = await cruise(CRUISED, { ...options, baseDir, ruleSet, validate: true });
  // Without an outputType dependency-cruiser hands back the result itself rather than a report.
  if (typeof output === 'string') throw new Error('dependency-cruiser returned a report instead of a result');
  return output;
}

/** Rule violations, split into those that fail and those an allow-list lets through (severity "ignore"). */
export function ruleViolations(result: ICruiseResult): { failing: Violation[]; allowed: Violation[] } {
  const failing: Violation[] = [];
  const allowed: Violation[] = [];
  for (const violation of result.summary.violations) {
    const found = { from: violation.from, to: violation.to, rule: violation.rule.name };
    if (violation.rule.severity === 'ignore') allowed.push(found);
    else if (violation.rule.severity === 'error') failing.push(found);
  }
  return { failing: failing.sort(byImport), allowed: allowed.sort(byImport) };
}

/** Area → area it imports the public.ts of → the files of the first that do. */
export type AreaGraph = Map<string, Map<string, string[]>>;

export function areaGraph(modules: Pick<IModule, 'source' | 'dependencies'>[]): AreaGraph {
  const graph: AreaGraph = new Map();
  const areaPattern = new RegExp(areaCycleRule.area);
  const publicPattern = new RegExp(areaCycleRule.publicInterface);
  for (const module of modules) {
    const from = areaPattern.exec(module.source)?.[1];
    if (from === undefined) continue;
    for (const dependency of module.dependencies) {
      const to = publicPattern.exec(dependency.resolved)?.[1];
      if (to === undefined || to === from) continue;
      const targets = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, targets);
      const importers = targets.get(to) ?? [];
      targets.set(to, importers);
      if (!importers.includes(module.source)) importers.push(module.source);
    }
  }
  return graph;
}

/**
 * The loops of the graph: for each area that lies on one, the shortest loop through it, each loop
 * once, starting at its alphabetically first area. Every loop-bound area is named, yet the list stays
 * short (all elementary loops can number in the thousands).
 */
export function findCycles(graph: Map<string, Iterable<string>>): string[][] {
  const next = (area: string) => [...(graph.get(area) ?? [])].sort();
  const seen = new Set<string>();
  const cycles: string[][] = [];
  for (const start of [...graph.keys()].sort()) {
    // Breadth first from `start` until it is reached again: the shortest loop through it.
    const cameFrom = new Map<string, string>();
    const queue = [start];
    let closing: string | undefined;
    while (queue.length > 0 && closing === undefined) {
      const area = queue.shift() as string;
      for (const target of next(area)) {
        if (target === start) {
          closing = area;
          break;
        }
        if (cameFrom.has(target)) continue;
        cameFrom.set(target, area);
        queue.push(target);
      }
    }
    if (closing === undefined) continue;
    const path = [closing];
    while (path[0] !== start) path.unshift(cameFrom.get(path[0] as string) as string);
    const first = path.indexOf([...path].sort()[0] as string);
    const cycle = [...path.slice(first), ...path.slice(0, first)];
    const key = cycle.join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    cycles.push([...cycle, cycle[0] as string]);
  }
  return cycles.sort((a, b) => a.join(' ').localeCompare(b.join(' ')));
}

/** Each loop between areas as the imports that close it, one per step (its first importing file). */
export function cycleViolations(graph: AreaGraph): Violation[] {
  const violations: Violation[] = [];
  for (const cycle of findCycles(new Map([...graph].map(([area, targets]) => [area, targets.keys()])))) {
    const note = `loop ${cycle.join(' -> ')}`;
    for (let step = 0; step + 1 < cycle.length; step += 1) {
      const from = cycle[step] as string;
      const to = cycle[step + 1] as string;
      const importers = [...(graph.get(from)?.get(to) ?? [])].sort();
      const also = importers.length > 1 ? ` and ${importers.length - 1} more file(s) of ${from}` : '';
      violations.push({ from: importers[0] as string, to: `api/src/modules/${to}/public.ts`, rule: areaCycleRule.name, note: note + also });
    }
  }
  return violations;
}

/** Allow-list entries that no import matches any more: their import is gone, so the entry can go too. */
export function unusedEntries(entries: AllowedImport[], allowed: Violation[]): AllowedImport[] {
  const used = new Set(allowed.map(importKey));
  return entries.filter((entry) => !used.has(importKey(entry)));
}

export function formatViolation({ from, to, rule, note }: Violation): string {
  return `${from} -> ${to}: ${rule}${note === undefined ? '' : ` (${note})`}`;
}

/**
 * Where a file sits, for grouping the TODO(seam) list: an area's name, or the folder of anything
 * else (`web/src/features/shell`, `api/src/plugins`).
 */
export function placeOf(path: string): string {
  const area = new RegExp(areaCycleRule.area).exec(path)?.[1];
  if (area !== undefined) return area;
  const web = /^web\/src\/(features|pages)\/[^/]+/.exec(path)?.[0];
  if (web !== undefined) return web;
  return path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : path;
}

/** The TODO(seam) section for these crossings, by rule, then by pair of places, one line per import. */
export function todoSection(violations: Violation[]): string {
  const lines = ['const todoSeam: Record<string, [from: string, to: string][]> = {'];
  const rules = [...new Set(violations.map((violation) => violation.rule))].sort();
  for (const rule of rules) {
    lines.push(`  '${rule}': [`);
    let pair = '';
    const ofRule = violations
      .filter((violation) => violation.rule === rule)
      .map((violation) => ({ ...violation, pair: `${placeOf(violation.from)} -> ${placeOf(violation.to)}` }))
      .sort((a, b) => a.pair.localeCompare(b.pair) || byImport(a, b));
    for (const violation of ofRule) {
      if (violation.pair !== pair) {
        pair = violation.pair;
        lines.push(`    // ${pair}`);
      }
      lines.push(`    ['${violation.from}', '${violation.to}'],`);
    }
    lines.push('  ],');
  }
  lines.push('};');
  return lines.join('\n');
}

function importKey({ rule, from, to }: { rule: string; from: string; to: string }): string {
  return `${rule} ${from} ${to}`;
}

function byImport(a: Violation, b: Violation): number {
  return a.from.localeCompare(b.from) || a.to.localeCompare(b.to) || a.rule.localeCompare(b.rule);
}

async function main(): Promise<number> {
  const started = performance.now();
  const result = await cruiseImports(resolve(import.meta.dirname, '..'));
  const { failing, allowed } = ruleViolations(result);

  if (process.argv.includes('--todo')) {
    const permanent = new Set(permanentAllowList.map(importKey));
    console.log(todoSection([...failing, ...allowed].filter((violation) => !permanent.has(importKey(violation)))));
    return 0;
  }

  const unused = unusedEntries([...permanentAllowList, ...todoSeamAllowList], allowed);
  for (const entry of unused) console.log(`note: allow-list entry matches no import any more, delete it: ${formatViolation(entry)}`);
  const offending = [...failing, ...cycleViolations(areaGraph(result.modules))];
  for (const violation of offending) console.log(formatViolation(violation));

  const files = result.modules.filter((module) => CRUISED.some((folder) => module.source.startsWith(`${folder}/`))).length;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const todo = allowed.filter((violation) => !permanentAllowList.some((entry) => importKey(entry) === importKey(violation))).length;
  console.log(
    `boundaries: ${files} files, ${offending.length} offending import(s); allowed ${allowed.length - todo} permanent, ${todo} TODO(seam) (${seconds} s)`,
  );
  return offending.length > 0 ? 1 : 0;
}

if (import.meta.main) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('check-boundaries could not run:', error);
      process.exit(1);
    },
  );
}
