import { SESSION_WARNING_BEFORE_MS, sessionWarningText } from '@tradepost/shared/domain/session.ts';
import { describe, expect, it } from 'vitest';
import { sessionWarningDue } from './session-warning.ts';

const now = Date.parse('2026-11-21T12:00:00Z');
const minute = 60_000;

describe('sessionWarningDue (spec §8, §9)', () => {
  it('says nothing while more than 30 minutes remain, or without a session', () => {
    expect(SESSION_WARNING_BEFORE_MS).toBe(30 * minute);
    expect(sessionWarningDue({ token: 't', expiresAt: now + 31 * minute }, now, null)).toBeNull();
    expect(sessionWarningDue(null, now, null)).toBeNull();
  });

  it('warns in the last 30 minutes with the minutes left, rounded up', () => {
    const session = { token: 't', expiresAt: now + 30 * minute };
    expect(sessionWarningDue(session, now, null)).toBe(30);
    expect(sessionWarningDue(session, now + 29 * minute + 30_000, null)).toBe(1);
    expect(sessionWarningText(1)).toBe('Your session will expire in 1 minute...');
    expect(sessionWarningText(30)).toBe('Your session will expire in 30 minutes...');
  });

  it('warns once per session, and again for a new session', () => {
    const session = { token: 't', expiresAt: now + 10 * minute };
    expect(sessionWarningDue(session, now, session.expiresAt)).toBeNull();
    expect(sessionWarningDue({ token: 'u', expiresAt: now + 20 * minute }, now, session.expiresAt)).toBe(20);
  });

  it('leaves an expired session to the expiry watch', () => {
    expect(sessionWarningDue({ token: 't', expiresAt: now }, now, null)).toBeNull();
  });
});
