import { randomBytes } from 'node:crypto';
import { asRecord, bearerToken, escapeHtml, header, html, json, parseJson, redirect } from '../kit/http.ts';
import type { Router } from '../kit/router.ts';
import { guard, invalid, type SquareRateLimit, sqError, sqErrors } from './square-http.ts';
import { ALL_SCOPES, type SquareState } from './square-state.ts';

export const ACCESS_TOKEN_DAYS = 30;
const SHORT_LIVED_HOURS = 24;

export function issueSquareToken(state: SquareState, scopes: string[], shortLived = false): { token: string; expiresAt: string } {
  const token = `EAAA${randomBytes(30).toString('base64url')}`;
  const expiresAt = state.clock.now() + (shortLived ? SHORT_LIVED_HOURS * 3_600_000 : ACCESS_TOKEN_DAYS * 86_400_000);
  state.tokens.set(token, { token, scopes, expiresAt, revoked: false, kind: 'oauth' });
  return { token, expiresAt: new Date(expiresAt).toISOString().replace(/\.\d{3}Z$/, 'Z') };
}

export function squareOauthRoutes(
  router: Router,
  state: SquareState,
  redirectUrl: () => string,
  consent: () => 'auto' | 'page',
  rateLimit: () => SquareRateLimit,
): void {
  router.get('/oauth2/authorize', (req) => {
    const q = req.query;
    if (q.get('client_id') !== state.credentials.applicationId) return html(400, '<h1>Square simulator: unknown client_id</h1>');
    const scopes = (q.get('scope') ?? '').split(/[\s+]+/).filter(Boolean);
    const unknown = scopes.filter((s) => !ALL_SCOPES.includes(s));
    const target = new URL(q.get('redirect_uri') ?? redirectUrl());
    const state_ = q.get('state');
    if (unknown.length > 0 || scopes.length === 0) {
      target.searchParams.set('error', 'invalid_scope');
      target.searchParams.set('error_description', `Unknown scope(s): ${unknown.join(' ') || '(none)'}`);
      if (state_ !== null) target.searchParams.set('state', state_);
      return redirect(target.toString());
    }
    if (consent() === 'page' && q.get('consent') === null) {
      const url = new URL(req.url.toString());
      url.searchParams.set('consent', 'allow');
      const deny = new URL(req.url.toString());
      deny.searchParams.set('consent', 'deny');
      return html(
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Square simulator — allow access</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:3rem auto"><h1>Allow Tradepost to access Tradepost Sim?</h1>
<ul>${scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(url.pathname + url.search)}">Allow</a> · <a href="${escapeHtml(deny.pathname + deny.search)}">Deny</a></p></body></html>`,
      );
    }
    if (q.get('consent') === 'deny') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'user_denied');
    } else {
      const code = `sq0cgp-${randomBytes(16).toString('base64url')}`;
      state.codes.set(code, { code, scopes, expiresAt: state.clock.now() + 5 * 60_000, used: false });
      target.searchParams.set('code', code);
      target.searchParams.set('response_type', 'code');
    }
    if (state_ !== null) target.searchParams.set('state', state_);
    return redirect(target.toString());
  });

  router.post('/oauth2/token', (req) => {
    const parsed = parseJson(req.text);
    const body = parsed.ok ? asRecord(parsed.value) : null;
    if (!body) return sqErrors(400, [invalid('BAD_REQUEST', 'The request body is not valid JSON.')]);
    if (body.client_id !== state.credentials.applicationId || body.client_secret !== state.credentials.applicationSecret) {
      return sqErrors(401, [sqError('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'Not Authorized: client_id or client_secret is wrong.')]);
    }
    const merchant_id = state.credentials.merchantId;
    if (body.grant_type === 'authorization_code') {
      const code = state.codes.get(String(body.code ?? ''));
      if (!code || code.used || code.expiresAt <= state.clock.now()) {
        return sqErrors(401, [
          sqError('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'Authorization code is invalid, expired or already redeemed.'),
        ]);
      }
      code.used = true;
      const shortLived = body.short_lived === true;
      const issued = issueSquareToken(state, code.scopes, shortLived);
      const refresh = `EQAA${randomBytes(30).toString('base64url')}`;
      state.refreshTokens.set(refresh, { token: refresh, scopes: code.scopes });
      return json(200, {
        access_token: issued.token,
        token_type: 'bearer',
        expires_at: issued.expiresAt,
        merchant_id,
        refresh_token: refresh,
        short_lived: shortLived,
      });
    }
    if (body.grant_type === 'refresh_token') {
      const refresh = state.refreshTokens.get(String(body.refresh_token ?? ''));
      if (!refresh) return sqErrors(401, [sqError('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'The refresh token is invalid or was revoked.')]);
      const issued = issueSquareToken(state, refresh.scopes);
      // The code flow keeps the same refresh token.
      return json(200, {
        access_token: issued.token,
        token_type: 'bearer',
        expires_at: issued.expiresAt,
        merchant_id,
        refresh_token: refresh.token,
        short_lived: false,
      });
    }
    return sqErrors(400, [invalid('INVALID_VALUE', 'grant_type must be authorization_code or refresh_token.', 'grant_type')]);
  });

  router.post('/oauth2/revoke', (req) => {
    if (header(req, 'authorization') !== `Client ${state.credentials.applicationSecret}`) {
      return sqErrors(401, [
        sqError('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'The Authorization header must be "Client <application secret>".'),
      ]);
    }
    const parsed = parseJson(req.text);
    const body = parsed.ok ? asRecord(parsed.value) : null;
    const token = typeof body?.access_token === 'string' ? state.tokens.get(body.access_token) : undefined;
    const targets = token
      ? [token]
      : body?.merchant_id === state.credentials.merchantId
        ? [...state.tokens.values()].filter((t) => t.kind === 'oauth')
        : [];
    if (targets.length === 0) return sqErrors(404, [invalid('NOT_FOUND', 'No matching access token or merchant.')]);
    for (const t of targets) t.revoked = true;
    if (!token) state.refreshTokens.clear();
    return json(200, { success: true });
  });

  router.post('/oauth2/token/status', (req) => {
    const token = state.tokens.get(bearerToken(req) ?? '');
    if (!token || token.revoked)
      return sqErrors(401, [sqError('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.')]);
    return json(200, {
      scopes: token.scopes,
      ...(token.expiresAt !== null ? { expires_at: new Date(token.expiresAt).toISOString().replace(/\.\d{3}Z$/, 'Z') } : {}),
      client_id: state.credentials.applicationId,
      merchant_id: state.credentials.merchantId,
    });
  });

  router.get(
    '/v2/locations',
    guard(state, ['MERCHANT_PROFILE_READ'], rateLimit, () =>
      json(200, { locations: [...state.locations.values()].map((l) => structuredClone(l)) }),
    ),
  );
  router.get(
    '/v2/locations/:id',
    guard(state, ['MERCHANT_PROFILE_READ'], rateLimit, (req) => {
      const location = state.locations.get(req.params.id ?? '');
      return location ? json(200, { location }) : sqErrors(404, [invalid('NOT_FOUND', `Location \`${req.params.id}\` not found.`)]);
    }),
  );
}
