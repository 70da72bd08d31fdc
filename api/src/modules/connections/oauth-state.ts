import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Platform } from '../marketplaces/public.ts';
import { sameSignature } from '../marketplaces/public.ts';

/**
 * The OAuth `state` a platform echoes back to our callback: it names the business, the connection,
 * the user who started it and a single-use nonce (kept sealed on the connection), expires in ten
 * minutes, and is signed with HMAC-SHA256 so nobody can forge or alter one. The signing key is
 * derived from the server's sealing key with HKDF, so it is a secret of its own and never leaves
 * the server.
 */
export type OAuthState = {
  businessId: string;
  connectionId: string;
  userId: string;
  platform: Platform;
  nonce: string;
  /** Epoch milliseconds. */
  expiresAt: number;
};

export const STATE_LIFETIME_MS = 10 * 60_000;

type Wire = { b: string; c: string; u: string; p: Platform; n: string; e: number };

const stateKey = (tokenKey: Buffer): Buffer => Buffer.from(hkdfSync('sha256', tokenKey, Buffer.alloc(0), 'tradepost/oauth-state/v1', 32));

const mac = (tokenKey: Buffer, payload: string): string => createHmac('sha256', stateKey(tokenKey)).update(payload).digest('base64url');

export const newNonce = (): string => randomBytes(18).toString('base64url');

export function signState(tokenKey: Buffer, state: OAuthState): string {
  const wire: Wire = { b: state.businessId, c: state.connectionId, u: state.userId, p: state.platform, n: state.nonce, e: state.expiresAt };
  const payload = Buffer.from(JSON.stringify(wire)).toString('base64url');
  return `${payload}.${mac(tokenKey, payload)}`;
}

/** The state when its signature holds and it has not expired; null for anything else. */
export function verifyState(tokenKey: Buffer, text: string | undefined, now: number = Date.now()): OAuthState | null {
  const [payload, signature, extra] = (text ?? '').split('.');
  if (!payload || !signature || extra !== undefined) return null;
  if (!sameSignature(signature, mac(tokenKey, payload))) return null;
  let wire: Wire;
  try {
    wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Wire;
  } catch {
    return null;
  }
  if (typeof wire.e !== 'number' || wire.e <= now) return null;
  return { businessId: wire.b, connectionId: wire.c, userId: wire.u, platform: wire.p, nonce: wire.n, expiresAt: wire.e };
}
