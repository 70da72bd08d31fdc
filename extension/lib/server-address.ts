/** Where a fresh install points; users change it in the sign-in form. */
export const defaultServerAddress = 'http://localhost:3000';

/**
 * Turns what the user typed into the origin (plus an optional path prefix) the API client
 * expects, or null when it is not an http(s) address. '/api/v1' is added by the client.
 */
export function normalizeServerAddress(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  // People type "localhost:3000" or "tradepost.example.com"; assume https unless it is local.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)
    ? trimmed
    : `${/^(localhost|127\.|\[::1\])/i.test(trimmed) ? 'http' : 'https'}://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return `${url.origin}${path}`;
}
