import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { asRecord, escapeHtml, header, html, json, parseJson, redirect, type SimRequest, type SimResponse } from '../kit/http.ts';
import type { Router } from '../kit/router.ts';
import { ALL_SCOPES, type ShopifyState, type TokenRec } from './shopify-state.ts';

export const EXPIRING_ACCESS_SECONDS = 3_600;
export const REFRESH_SECONDS = 90 * 86_400;
const ONLINE_SECONDS = 86_399;
const CODE_SECONDS = 600;
const GRANTABLE = [...ALL_SCOPES, 'read_all_orders'];

/**
 * Hex HMAC-SHA256 of the query without `hmac`, keys sorted, URL-encoded ('a b=c' → 'a+b%3Dc'): how
 * Shopify signs redirects, as its library (Shopify/shopify-api-js, lib/utils/hmac-validator.ts) checks them.
 */
export function queryHmac(secret: string, params: Record<string, string>): string {
  const message = new URLSearchParams(
    Object.keys(params)
      .filter((k) => k !== 'hmac' && k !== 'signature')
      .sort((a, b) => a.localeCompare(b))
      .map((k): [string, string] => [k, params[k] ?? '']),
  ).toString();
  return createHmac('sha256', secret).update(message).digest('hex');
}

export function verifyQueryHmac(secret: string, params: Record<string, string>): boolean {
  const given = Buffer.from(params.hmac ?? '', 'hex');
  const expected = Buffer.from(queryHmac(secret, params), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The admin `host` parameter: base64 of `admin.shopify.com/store/<name>`, unpadded. */
export function shopHost(shop: string): string {
  return Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, '')}`)
    .toString('base64')
    .replace(/=+$/, '');
}

/** The signed URL Shopify opens on the app when a merchant launches it. */
export function signedAppUrl(state: ShopifyState, appUrl: string): string {
  const params: Record<string, string> = {
    host: shopHost(state.credentials.shop),
    shop: state.credentials.shop,
    timestamp: String(Math.floor(state.clock.now() / 1_000)),
  };
  const url = new URL(appUrl);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  url.searchParams.set('hmac', queryHmac(state.credentials.clientSecret, params));
  return url.toString();
}

function mint(prefix: string): string {
  return `${prefix}${randomBytes(16).toString('hex')}`;
}

export function issueToken(state: ShopifyState, scopes: string[], kind: TokenRec['kind']): { token: TokenRec; refresh: string | null } {
  const now = state.clock.now();
  if (kind === 'expiring') {
    // Only one expiring token per app and shop: a new one revokes the earlier ones.
    for (const [key, t] of state.tokens) if (t.kind === 'expiring') state.tokens.delete(key);
    state.refreshTokens.clear();
  }
  const token: TokenRec = {
    token: mint(kind === 'online' ? 'shpua_' : 'shpat_'),
    scopes,
    kind,
    expiresAt: kind === 'expiring' ? now + EXPIRING_ACCESS_SECONDS * 1_000 : kind === 'online' ? now + ONLINE_SECONDS * 1_000 : null,
  };
  state.tokens.set(token.token, token);
  let refresh: string | null = null;
  if (kind === 'expiring') {
    refresh = mint('shprt_');
    state.refreshTokens.set(refresh, { token: refresh, scopes, expiresAt: now + REFRESH_SECONDS * 1_000 });
  }
  return { token, refresh };
}

function tokenResponse(issued: { token: TokenRec; refresh: string | null }): SimResponse {
  const { token, refresh } = issued;
  const body: Record<string, unknown> = { access_token: token.token, scope: token.scopes.join(',') };
  if (token.kind === 'expiring')
    Object.assign(body, { expires_in: EXPIRING_ACCESS_SECONDS, refresh_token: refresh, refresh_token_expires_in: REFRESH_SECONDS });
  if (token.kind === 'online') {
    Object.assign(body, {
      expires_in: ONLINE_SECONDS,
      associated_user_scope: token.scopes.join(','),
      associated_user: {
        id: 902541635,
        first_name: 'Sim',
        last_name: 'Owner',
        email: 'owner@tradepost.test',
        account_owner: true,
        locale: 'en',
        collaborator: false,
        email_verified: true,
      },
    });
  }
  return json(200, body);
}

function oauthError(error: string, description: string): SimResponse {
  return json(400, { error, error_description: description });
}

function readParams(req: SimRequest): Record<string, string> {
  const type = header(req, 'content-type') ?? '';
  if (type.includes('application/json')) {
    const parsed = parseJson(req.text);
    const record = parsed.ok ? asRecord(parsed.value) : null;
    return Object.fromEntries(Object.entries(record ?? {}).map(([k, v]) => [k, String(v)]));
  }
  return Object.fromEntries(new URLSearchParams(req.text || req.url.search));
}

export function shopifyOauthRoutes(
  router: Router,
  state: ShopifyState,
  consent: () => 'auto' | 'page',
  redirectUris: () => string[],
): void {
  router.get('/admin/oauth/authorize', (req) => {
    const q = req.query;
    if (q.get('client_id') !== state.credentials.clientId)
      return html(400, '<h1>Oauth error invalid_request: The client_id is invalid</h1>');
    const redirectUri = q.get('redirect_uri') ?? '';
    const allowed = redirectUris();
    if (!/^https?:\/\//.test(redirectUri) || (allowed.length > 0 && !allowed.includes(redirectUri))) {
      return html(400, '<h1>Oauth error invalid_request: The redirect_uri is missing or not whitelisted</h1>');
    }
    const scopes = (q.get('scope') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = scopes.filter((s) => !GRANTABLE.includes(s));
    if (unknown.length > 0) return html(400, `<h1>Oauth error invalid_scope: ${escapeHtml(unknown.join(', '))}</h1>`);
    if (consent() === 'page' && q.get('consent') === null) {
      const url = new URL(req.url.toString());
      url.searchParams.set('consent', 'install');
      return html(
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shopify simulator — install app</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:3rem auto"><h1>Install Tradepost on ${escapeHtml(state.credentials.shop)}</h1>
<p>Requested access: ${escapeHtml(scopes.join(', ') || 'none')}</p><p><a href="${escapeHtml(url.pathname + url.search)}">Install app</a></p></body></html>`,
      );
    }
    const code = randomBytes(16).toString('hex');
    const online = q.getAll('grant_options[]').includes('per-user');
    state.codes.set(code, { code, scopes, expiresAt: state.clock.now() + CODE_SECONDS * 1_000, used: false, online });
    const params: Record<string, string> = {
      code,
      host: shopHost(state.credentials.shop),
      shop: state.credentials.shop,
      timestamp: String(Math.floor(state.clock.now() / 1_000)),
      ...(q.get('state') !== null ? { state: q.get('state') as string } : {}),
    };
    const target = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
    target.searchParams.set('hmac', queryHmac(state.credentials.clientSecret, params));
    return redirect(target.toString());
  });

  router.post('/admin/oauth/access_token', (req) => {
    const p = readParams(req);
    if (p.client_id !== state.credentials.clientId || p.client_secret !== state.credentials.clientSecret) {
      return oauthError('invalid_client', 'Client authentication failed: client_id or client_secret is wrong.');
    }
    if (p.grant_type === 'refresh_token') {
      const refresh = state.refreshTokens.get(p.refresh_token ?? '');
      if (!refresh || refresh.expiresAt <= state.clock.now())
        return oauthError('invalid_grant', 'The refresh token is invalid, expired or was already used.');
      state.refreshTokens.delete(refresh.token);
      return tokenResponse(issueToken(state, refresh.scopes, 'expiring'));
    }
    const code = state.codes.get(p.code ?? '');
    if (!code || code.used || code.expiresAt <= state.clock.now())
      return oauthError('invalid_request', 'The authorization code was not found or was already used.');
    code.used = true;
    const expiring = p.expiring === '1' || p.expiring === 'true';
    return tokenResponse(issueToken(state, code.scopes, code.online ? 'online' : expiring ? 'expiring' : 'offline'));
  });
}
