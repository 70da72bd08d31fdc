import { randomBytes } from 'node:crypto';
import { basicCredentials, bearerToken, escapeHtml, header, html, json, redirect, type SimRequest, type SimResponse } from '../kit/http.ts';
import type { RouteHandler, Router } from '../kit/router.ts';
import { accessDeniedResponse, invalidTokenResponse, quotaExceededResponse } from './ebay-errors.ts';
import { type AccessGrant, API_SCOPE, type EbayApi, type EbayState, GRANTABLE_SCOPES, pacificDay } from './ebay-state.ts';

// Lifetimes of reference §1.3.
export const ACCESS_TOKEN_SECONDS = 7_200;
export const REFRESH_TOKEN_SECONDS = 47_304_000;
/** The authorization code lifetime is UNCONFIRMED (~5 min); the redirect reports it as expires_in. */
export const AUTH_CODE_SECONDS = 299;

export type ConsentMode = 'auto' | 'page';

function oauthError(status: number, error: string, description: string): SimResponse {
  return json(status, { error, error_description: description });
}

function mint(state: EbayState, kind: string): string {
  // Real tokens look like `v^1.1#i^1#…`; the `#` and `^` make sure clients URL-encode them.
  return `v^1.1#i^1#sim#${kind}#${state.seq.token.next()}#${randomBytes(18).toString('base64url')}`;
}

export function issueAccessToken(
  state: EbayState,
  kind: AccessGrant['kind'],
  scopes: string[],
  lifetimeSeconds = ACCESS_TOKEN_SECONDS,
): AccessGrant {
  const grant: AccessGrant = {
    token: mint(state, kind === 'user' ? 'u' : 'a'),
    kind,
    scopes,
    expiresAt: state.clock.now() + lifetimeSeconds * 1_000,
    clientId: state.credentials.clientId,
  };
  state.accessTokens.set(grant.token, grant);
  return grant;
}

export function issueRefreshToken(state: EbayState, scopes: string[]): string {
  const token = mint(state, 'r');
  state.refreshTokens.set(token, {
    token,
    scopes,
    expiresAt: state.clock.now() + REFRESH_TOKEN_SECONDS * 1_000,
    clientId: state.credentials.clientId,
  });
  return token;
}

function parseScopes(value: string | null): string[] {
  return (value ?? '')
    .split(/[\s+]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function oauthRoutes(router: Router, state: EbayState, consent: () => ConsentMode): void {
  router.get('/oauth2/authorize', (req) => {
    const q = req.query;
    const clientId = q.get('client_id');
    const ruName = q.get('redirect_uri') ?? '';
    const target = state.ruNames.get(ruName);
    if (clientId !== state.credentials.clientId) return oauthError(400, 'invalid_request', 'unknown client_id');
    if (!target) return oauthError(400, 'invalid_request', 'redirect_uri must be a registered RuName of this application');
    const redirectTo = (base: string, params: Record<string, string>) => {
      const url = new URL(base);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      return redirect(url.toString());
    };
    const state_ = q.get('state');
    const withState = (params: Record<string, string>) => (state_ === null ? params : { state: state_, ...params });
    if (q.get('response_type') !== 'code')
      return redirectTo(target.declineUrl ?? target.acceptUrl, withState({ error: 'unsupported_response_type' }));
    const scopes = parseScopes(q.get('scope'));
    if (scopes.length === 0 || scopes.some((s) => !GRANTABLE_SCOPES.includes(s))) {
      return redirectTo(target.declineUrl ?? target.acceptUrl, withState({ error: 'invalid_scope' }));
    }
    if (consent() === 'page' && q.get('consent') === null) return consentPage(req, scopes);
    if (q.get('consent') === 'decline') return redirectTo(target.declineUrl ?? target.acceptUrl, withState({ error: 'access_denied' }));
    const code = mint(state, 'c');
    state.codes.set(code, { code, clientId, ruName, scopes, expiresAt: state.clock.now() + AUTH_CODE_SECONDS * 1_000, used: false });
    return redirectTo(target.acceptUrl, withState({ code, expires_in: String(AUTH_CODE_SECONDS) }));
  });

  router.post('/identity/v1/oauth2/token', (req) => {
    const credentials = basicCredentials(req);
    if (!credentials || credentials.id !== state.credentials.clientId || credentials.secret !== state.credentials.clientSecret) {
      return oauthError(401, 'invalid_client', 'client authentication failed');
    }
    const contentType = header(req, 'content-type') ?? '';
    if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      return oauthError(
        400,
        'invalid_request',
        'request is missing a required parameter or malformed; the body must be application/x-www-form-urlencoded',
      );
    }
    const form = new URLSearchParams(req.text);
    const now = state.clock.now();
    switch (form.get('grant_type')) {
      case 'authorization_code': {
        const code = state.codes.get(form.get('code') ?? '');
        if (!code || code.used || code.expiresAt <= now || code.clientId !== credentials.id) {
          return oauthError(400, 'invalid_grant', 'the provided authorization grant code is invalid or was issued to another client');
        }
        if (form.get('redirect_uri') !== code.ruName) {
          return oauthError(400, 'invalid_grant', 'the provided authorization grant code is invalid or was issued to another client');
        }
        code.used = true;
        const access = issueAccessToken(state, 'user', code.scopes);
        const refresh = issueRefreshToken(state, code.scopes);
        return json(200, {
          access_token: access.token,
          expires_in: ACCESS_TOKEN_SECONDS,
          refresh_token: refresh,
          refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
          token_type: 'User Access Token',
        });
      }
      case 'refresh_token': {
        const refresh = state.refreshTokens.get(form.get('refresh_token') ?? '');
        if (!refresh || refresh.expiresAt <= now || refresh.clientId !== credentials.id) {
          return oauthError(400, 'invalid_grant', 'the provided authorization refresh token is invalid or was issued to another client');
        }
        const asked = parseScopes(form.get('scope'));
        const scopes = asked.length === 0 ? refresh.scopes : asked;
        if (scopes.some((s) => !refresh.scopes.includes(s))) {
          return oauthError(
            400,
            'invalid_scope',
            'the requested scope is invalid, unknown, malformed, or exceeds the scope granted by the resource owner',
          );
        }
        const access = issueAccessToken(state, 'user', scopes);
        return json(200, { access_token: access.token, expires_in: ACCESS_TOKEN_SECONDS, token_type: 'User Access Token' });
      }
      case 'client_credentials': {
        const scopes = parseScopes(form.get('scope'));
        if (scopes.length === 0 || scopes.some((s) => s !== API_SCOPE)) {
          return oauthError(
            400,
            'invalid_scope',
            'the requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client',
          );
        }
        const access = issueAccessToken(state, 'application', scopes);
        return json(200, { access_token: access.token, expires_in: ACCESS_TOKEN_SECONDS, token_type: 'Application Access Token' });
      }
      case null:
        return oauthError(400, 'invalid_request', 'request is missing a required parameter: grant_type');
      default:
        return oauthError(400, 'unsupported_grant_type', 'grant type in request is not supported by the authorization server');
    }
  });
}

function consentPage(req: SimRequest, scopes: string[]): SimResponse {
  const link = (choice: string) => {
    const url = new URL(req.url.toString());
    url.searchParams.set('consent', choice);
    return escapeHtml(`${url.pathname}${url.search}`);
  };
  return html(
    200,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>eBay simulator — grant access</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:3rem auto">
<h1>eBay simulator</h1><p>Tradepost asks for access to the simulated seller account with these scopes:</p>
<ul>${scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join('')}</ul>
<p><a href="${link('agree')}">I agree</a> · <a href="${link('decline')}">No thanks</a></p></body></html>`,
  );
}

export type Guard = {
  /** Daily quota bucket; null for routes without one. */
  api: EbayApi | null;
  /** `user`: Sell APIs refuse application tokens; `any`: public key, Browse. */
  kind: 'user' | 'any';
  /** Any one of these scopes is enough. */
  scopes: string[];
};

/** Bearer check (expired → 401/1001, wrong token kind or scope → 403/1100), then the daily quota. */
export function protect(
  state: EbayState,
  guard: Guard,
  handler: (req: SimRequest, grant: AccessGrant) => SimResponse | Promise<SimResponse>,
): RouteHandler {
  return (req) => {
    const token = bearerToken(req);
    if (!token)
      return invalidTokenResponse('Missing access token. Provide it in the Authorization HTTP request header as "Bearer <token>".');
    const grant = state.accessTokens.get(token);
    if (!grant || grant.expiresAt <= state.clock.now()) return invalidTokenResponse();
    if (guard.kind === 'user' && grant.kind !== 'user')
      return accessDeniedResponse('This API requires a User Access Token; an Application Access Token was sent.');
    if (!guard.scopes.some((s) => grant.scopes.includes(s))) return accessDeniedResponse();
    if (guard.api) {
      const key = `${guard.api}:${pacificDay(state.clock.now())}`;
      const used = state.quotaUsage.get(key) ?? 0;
      if (used >= state.quotaLimits[guard.api]) return quotaExceededResponse();
      state.quotaUsage.set(key, used + 1);
    }
    return handler(req, grant);
  };
}
