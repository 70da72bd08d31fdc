/** Strips tokens and other secret-looking query parameters from URLs before they are logged or stored. */
export function redactUrl(url: string): string {
  return url.replace(/([?&#](?:token|access_token|code|secret)=)[^&#\s]*/gi, '$1[redacted]');
}
