import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Invalid } from '../errors.ts';

// Input no schema of ours means to accept, refused before validation with the field it is in:
// - a NUL character, which PostgreSQL cannot store in text (it would answer with an error, a 500);
// - a lone UTF-16 surrogate (`"\ud800"` in JSON), which is not text in any encoding PostgreSQL takes;
// - nesting deeper than any request of ours has, which would overflow the stack of a recursive validator.

/** Deeper than any body, query or path of the API (the deepest is about five levels). */
export const MAX_INPUT_DEPTH = 32;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function badText(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text (it holds half of a character)';
  return null;
}

/** The first thing wrong in a parsed input, as a field error; walked without recursion so depth cannot hurt. */
export function inputProblem(input: unknown, root: string): { field: string; message: string } | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: '', depth: 0 }];
  const fieldOf = (path: string) => path || root;
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as (typeof stack)[number];
    if (typeof value === 'string') {
      const problem = badText(value);
      if (problem) return { field: fieldOf(path), message: problem };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    // An uploaded file's bytes (a raw body) are not text: walking them would visit every byte.
    if (ArrayBuffer.isView(value)) continue;
    if (depth >= MAX_INPUT_DEPTH) return { field: fieldOf(path), message: `is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)` };
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      const keyProblem = badText(key);
      if (keyProblem) return { field: fieldOf(path), message: `has a field name that ${keyProblem}` };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // After the permission check (a role that may not call a route learns nothing), before validation.
    app.addHook('preValidation', async (request: FastifyRequest) => {
      for (const [input, root] of [
        [request.params, 'params'],
        [request.query, 'query'],
        [request.body, 'body'],
      ] as const) {
        const problem = inputProblem(input, root);
        if (problem) throw new Invalid(`${problem.field} ${problem.message}`, [problem]);
      }
    });
  },
  { name: 'input-guard' },
);
