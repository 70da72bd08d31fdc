import type { ClientError } from '@tradepost/shared/schemas/bug-reports.ts';

export type { ClientError };

/** Spec: a bug report carries the last client errors; the API accepts at most 20. */
export const CLIENT_ERROR_LOG_SIZE = 20;
const MAX_MESSAGE_LENGTH = 2000;
const MAX_ROUTE_LENGTH = 500;
const REMOVED = '[removed]';

/**
 * Secrets that can turn up in an error message or a URL: query tokens (`token=`, the SSE stream's
 * `?token=`), one-time sign-in codes, invitation links, bearer headers and bare JWTs. A bug report
 * is read by admins, so none of these may reach it.
 */
const secretPatterns: ReadonlyArray<readonly [pattern: RegExp, replacement: string]> = [
  [/([?&#;]|\b)((?:access_|refresh_|id_)?token|code|password)=[^&#\s"'<>]*/gi, `$1$2=${REMOVED}`],
  [/(\/accept-invitation\/)[^/?#\s"'<>]+/gi, `$1${REMOVED}`],
  [/(bearer\s+)[\w.~+/=-]+/gi, `$1${REMOVED}`],
  [/\beyJ[\w-]*\.[\w-]+\.[\w-]+/g, REMOVED],
];

/** Removes tokens, codes and invitation secrets from free text (messages, URLs, routes). */
export function stripSecrets(text: string): string {
  let clean = text;
  for (const [pattern, replacement] of secretPatterns) clean = clean.replace(pattern, replacement);
  return clean;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The page the user is on, as the bug report names it: path plus hash, without secrets. */
export function currentRoute(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  return clip(stripSecrets(`${window.location.pathname}${window.location.hash}`), MAX_ROUTE_LENGTH);
}

let ring: ClientError[] = [];

/** Keeps a client error in memory (newest last, at most 20); the oldest falls out. Nothing is persisted. */
export function recordClientError(message: string, route?: string): void {
  const text = clip(stripSecrets(message.trim() === '' ? 'Unknown error' : message.trim()), MAX_MESSAGE_LENGTH);
  const where = route === undefined ? currentRoute() : clip(stripSecrets(route), MAX_ROUTE_LENGTH);
  const entry: ClientError =
    where === undefined ? { message: text, at: new Date().toISOString() } : { message: text, at: new Date().toISOString(), route: where };
  ring = [...ring, entry].slice(-CLIENT_ERROR_LOG_SIZE);
}

/** The last client errors, oldest first: what the Report Bug dialog attaches. */
export function recentClientErrors(): ClientError[] {
  return ring.map((entry) => ({ ...entry }));
}

/** Empties the log (tests; a new user signing in on the same tab need not carry the last one's errors). */
export function clearClientErrors(): void {
  ring = [];
}

/** A readable one-line description of whatever was thrown. */
export function describeThrown(value: unknown): string {
  if (value instanceof Error) return value.name && value.name !== 'Error' ? `${value.name}: ${value.message}` : value.message;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

let installed = false;

/**
 * Records uncaught errors and unhandled promise rejections of this tab. Safe to call more than once:
 * only the first call adds the listeners. Listeners are added, not assigned to `window.onerror`, so
 * nothing else that hooks errors is replaced.
 */
export function installClientErrorLog(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('error', (event: ErrorEvent) => {
    const where = event.filename ? ` (${event.filename}:${event.lineno}:${event.colno})` : '';
    recordClientError(`${event.error === undefined || event.error === null ? event.message : describeThrown(event.error)}${where}`);
  });
  window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    recordClientError(`Unhandled rejection: ${describeThrown(event.reason)}`);
  });
}
