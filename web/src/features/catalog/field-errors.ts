import { clientErrorCodes, toApiError } from '@tradepost/shared/client/api-error.ts';

export type FieldErrors = {
  /** Messages by the API's field path ('title', 'variants.0.sku', 'lines.2.quantity'). */
  fields: Record<string, string>;
  /** What belongs to no field, in the server's words. */
  general: string | undefined;
  code: string | undefined;
  /** The API's own one-line message ('Not enough stock: 2 available'), when it answered. */
  message: string | undefined;
};

const OFFLINE_MESSAGE = 'We could not reach Tradepost. Check your connection and try again.';

/**
 * Spreads a failed call's `details` over a form with rows (variants, lines), keyed by the exact
 * path the API names, so each message lands beside its own input.
 */
export function fieldErrors(error: unknown, knownPaths: (path: string) => boolean, fallback: string): FieldErrors {
  const apiError = toApiError(error);
  if (apiError === undefined) return { fields: {}, general: fallback, code: undefined, message: undefined };
  if (apiError.code === clientErrorCodes.network || apiError.code === clientErrorCodes.timeout)
    return { fields: {}, general: OFFLINE_MESSAGE, code: apiError.code, message: undefined };
  if (!apiError.fromServer) return { fields: {}, general: fallback, code: apiError.code, message: undefined };
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const detail of apiError.details) {
    if (knownPaths(detail.field))
      fields[detail.field] = fields[detail.field] === undefined ? detail.message : `${fields[detail.field]}, ${detail.message}`;
    else rest.push(detail.message);
  }
  const placed = Object.keys(fields).length > 0;
  const general = rest.length > 0 ? rest.join(', ') : placed ? undefined : apiError.message.trim() || fallback;
  return { fields, general, code: apiError.code, message: apiError.message };
}

/** Zod issues as the same map, so local and server errors show the same way. */
export function issuesToFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    fields[path] ??= issue.message;
  }
  return fields;
}
