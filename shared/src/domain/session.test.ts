import { describe, expect, it } from 'vitest';
import {
  displayName,
  minutesUntilExpiry,
  SESSION_CHECK_INTERVAL_MS,
  SESSION_LIFETIME_MINUTES,
  SESSION_WARNING_BEFORE_MS,
  sessionExpiresAt,
  sessionState,
  sessionWarningText,
} from './session.ts';

const minute = 60_000;

describe('session timing (spec §9)', () => {
  it('lives 720 minutes, is checked every 60 s and warns 30 minutes ahead', () => {
    expect(SESSION_LIFETIME_MINUTES).toBe(720);
    expect(sessionExpiresAt(0)).toBe(720 * minute);
    expect(SESSION_CHECK_INTERVAL_MS).toBe(60_000);
    expect(SESSION_WARNING_BEFORE_MS).toBe(30 * minute);
  });

  it('is valid, then warns from 30 minutes before expiry, then expires', () => {
    const expiresAt = 100 * minute;
    expect(sessionState(expiresAt, expiresAt - 30 * minute - 1)).toBe('valid');
    expect(sessionState(expiresAt, expiresAt - 30 * minute)).toBe('warning');
    expect(sessionState(expiresAt, expiresAt - 1)).toBe('warning');
    expect(sessionState(expiresAt, expiresAt)).toBe('expired');
  });

  it('reads ISO timestamps and Dates, and treats an unreadable expiry as expired', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(sessionState('2026-11-21T13:00:00Z', now)).toBe('valid');
    expect(sessionState(new Date('2026-11-21T12:10:00Z'), now)).toBe('warning');
    expect(sessionState('not a date', now)).toBe('expired');
  });

  it('counts minutes left rounded up', () => {
    expect(minutesUntilExpiry(10 * minute, 5 * minute + 1)).toBe(5);
    expect(minutesUntilExpiry(10 * minute, 10 * minute - 1)).toBe(1);
    expect(minutesUntilExpiry(10 * minute, 11 * minute)).toBe(0);
  });
});

describe('sessionWarningText', () => {
  it('uses minute for one and minutes otherwise', () => {
    expect(sessionWarningText(5)).toBe('Your session will expire in 5 minutes...');
    expect(sessionWarningText(1)).toBe('Your session will expire in 1 minute...');
    expect(sessionWarningText(30)).toBe('Your session will expire in 30 minutes...');
    expect(sessionWarningText(0.2)).toBe('Your session will expire in 1 minute...');
    expect(sessionWarningText(2)).toBe('Your session will expire in 2 minutes...');
    expect(sessionWarningText(0)).toBe('Your session will expire in 0 minutes...');
  });
});

describe('displayName (spec §3)', () => {
  it('uses first and last name when both exist, else the username', () => {
    expect(displayName({ first_name: 'Ann', last_name: 'Lee', username: 'ann' })).toBe('Ann Lee');
    expect(displayName({ first_name: 'Ann', last_name: null, username: 'ann' })).toBe('ann');
    expect(displayName({ first_name: null, last_name: 'Lee', username: 'ann' })).toBe('ann');
    expect(displayName({ first_name: ' ', last_name: 'Lee', username: 'ann' })).toBe('ann');
  });
});
