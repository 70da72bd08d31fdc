import type { IncomingHttpHeaders } from 'node:http';

/** A request as the simulators see it: the raw body is kept so signatures can be checked. */
export type SimRequest = {
  method: string;
  url: URL;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  text: string;
  /** Path parameters of the matched route. */
  params: Record<string, string>;
};

export type SimResponse = {
  status: number;
  headers?: Record<string, string>;
  /** Serialised as JSON. */
  json?: unknown;
  /** Sent as-is (HTML pages, broken JSON). */
  text?: string;
  /** Sent as-is (stored photos). */
  bytes?: Buffer;
};

export type JsonParse = { ok: true; value: unknown } | { ok: false; error: string };

export function parseJson(text: string): JsonParse {
  if (text.trim() === '') return { ok: false, error: 'empty body' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export function header(req: SimRequest, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function json(status: number, body: unknown, headers?: Record<string, string>): SimResponse {
  return { status, json: body, headers };
}

export function noContent(headers?: Record<string, string>): SimResponse {
  return { status: 204, headers };
}

export function redirect(location: string): SimResponse {
  return { status: 302, headers: { location } };
}

export function html(status: number, body: string): SimResponse {
  return { status, text: body, headers: { 'content-type': 'text/html; charset=utf-8' } };
}

/** `Authorization: Basic base64(id:secret)` → the pair, or null. */
export function basicCredentials(req: SimRequest): { id: string; secret: string } | null {
  const value = header(req, 'authorization');
  const match = value ? /^Basic\s+(.+)$/i.exec(value) : null;
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export function bearerToken(req: SimRequest): string | null {
  const value = header(req, 'authorization');
  const match = value ? /^Bearer\s+(.+)$/i.exec(value) : null;
  return match?.[1]?.trim() ?? null;
}

/** A plain object read from JSON, or null when the value is anything else. */
export function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function asArray(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
