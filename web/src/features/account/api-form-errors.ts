import { clientErrorCodes, toApiError } from '@tradepost/shared/client/api-error.ts';

export type ApiFormErrors<Field extends string> = {
  /** Messages for the form's own fields, joined with ', ' when the server sent several. */
  fields: Partial<Record<Field, string>>;
  /** Whatever could not be put next to a field, in the server's words where it sent some. */
  general: string | undefined;
};

const OFFLINE_MESSAGE = 'We could not reach Tradepost. Check your connection and try again.';

/**
 * Splits a failed call's error into messages per form field (the API names each bad field in
 * `details`, as `description` or `recent_errors.0.message`) and one general message for the rest.
 */
export function apiFormErrors<Field extends string>(error: unknown, fields: readonly Field[], fallback: string): ApiFormErrors<Field> {
  const apiError = toApiError(error);
  if (apiError === undefined) return { fields: {}, general: fallback };
  if (apiError.code === clientErrorCodes.network || apiError.code === clientErrorCodes.timeout)
    return { fields: {}, general: OFFLINE_MESSAGE };
  if (!apiError.fromServer) return { fields: {}, general: fallback };

  const byField: Partial<Record<Field, string[]>> = {};
  const rest: string[] = [];
  for (const detail of apiError.details) {
    const field = fields.find((name) => detail.field === name || detail.field.startsWith(`${name}.`));
    if (field === undefined) rest.push(detail.message);
    else byField[field] = [...(byField[field] ?? []), detail.message];
  }
  const joined: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const messages = byField[field];
    if (messages !== undefined) joined[field] = [...new Set(messages)].join(', ');
  }
  const placed = Object.keys(joined).length > 0;
  const general = rest.length > 0 ? rest.join(', ') : placed ? undefined : apiError.message.trim() || fallback;
  return { fields: joined, general };
}
