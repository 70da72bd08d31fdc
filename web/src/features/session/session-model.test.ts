import { SESSION_LIFETIME_MS } from '@tradepost/shared/domain/session.ts';
import { describe, expect, it } from 'vitest';
import { activeToken, isSessionActive, sessionFromLogin, storedSessionSchema } from './session-model.ts';

const now = Date.parse('2026-11-21T12:00:00Z');

describe('sessionFromLogin', () => {
  it("keeps the server's expiry when it is within 12 hours", () => {
    const session = sessionFromLogin({ access_token: 't', expires_at: '2026-11-21T20:00:00Z' }, now);
    expect(session).toEqual({ token: 't', expiresAt: Date.parse('2026-11-21T20:00:00Z') });
  });

  it('never stores more than the 12-hour life, nor trusts an unreadable expiry', () => {
    expect(sessionFromLogin({ access_token: 't', expires_at: '2027-01-01T00:00:00Z' }, now).expiresAt).toBe(now + SESSION_LIFETIME_MS);
    expect(sessionFromLogin({ access_token: 't', expires_at: 'soon' }, now).expiresAt).toBe(now + SESSION_LIFETIME_MS);
  });
});

describe('isSessionActive / activeToken', () => {
  it('gives the token until the expiry, then nothing', () => {
    const session = { token: 't', expiresAt: now + 1000 };
    expect(isSessionActive(session, now)).toBe(true);
    expect(activeToken(session, now)).toBe('t');
    expect(isSessionActive(session, now + 1000)).toBe(false);
    expect(activeToken(session, now + 1000)).toBeNull();
    expect(activeToken(null, now)).toBeNull();
  });
});

describe('storedSessionSchema', () => {
  it('rejects values an older build or a person may have left in storage', () => {
    expect(storedSessionSchema.safeParse({ token: '', expiresAt: now }).success).toBe(false);
    expect(storedSessionSchema.safeParse({ token: 't', expiresAt: '2026-11-21' }).success).toBe(false);
    expect(storedSessionSchema.safeParse({ token: 't', expiresAt: now }).success).toBe(true);
  });
});
