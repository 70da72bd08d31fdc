/**
 * Paths whose segment after the prefix is itself a secret (an invitation's token proves the right
 * to join a business): the API's route and the web app's link to it.
 */
const SECRET_PATH_SEGMENTS = /(\/(?:api\/v1\/invitations|accept-invitation)\/)[^/?#\s]+/gi;

/** Strips tokens and other secret-looking query parameters and path segments from URLs before they are logged or stored. */
export function redactUrl(url: string): string {
  return url.replace(/([?&#](?:token|access_token|code|secret)=)[^&#\s]*/gi, '$1[redacted]').replace(SECRET_PATH_SEGMENTS, '$1[redacted]');
}
