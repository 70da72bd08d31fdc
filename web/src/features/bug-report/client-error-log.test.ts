import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LOG_SIZE, clearClientErrors, recentClientErrors, recordClientError, stripSecrets } from './client-error-log.ts';

beforeEach(() => clearClientErrors());

describe('client error log', () => {
  it('keeps only the last 20 errors, oldest first', () => {
    for (let i = 1; i <= 25; i += 1) recordClientError(`error ${i}`, '/inventory');
    const errors = recentClientErrors();
    expect(errors).toHaveLength(CLIENT_ERROR_LOG_SIZE);
    expect(errors[0]?.message).toBe('error 6');
    expect(errors.at(-1)).toMatchObject({ message: 'error 25', route: '/inventory' });
    expect(Number.isNaN(Date.parse(errors[0]?.at ?? ''))).toBe(false);
  });

  it('hands out copies, so a caller cannot change the log', () => {
    recordClientError('boom', '/sales');
    const [first] = recentClientErrors();
    if (first) first.message = 'changed';
    expect(recentClientErrors()[0]?.message).toBe('boom');
  });

  it('never stores tokens, codes or invitation secrets', () => {
    recordClientError(
      'GET /api/v1/sse/batch-operations/stream?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc failed; Authorization: Bearer abc.def',
      '/accept-invitation/s3cr3t-t0ken?x=1',
    );
    const [entry] = recentClientErrors();
    expect(entry?.message).not.toMatch(/eyJ|abc\.def/);
    expect(entry?.message).toContain('token=[removed]');
    expect(entry?.route).toBe('/accept-invitation/[removed]?x=1');
    expect(stripSecrets('/mobile-login?code=AB12CD&next=1')).toBe('/mobile-login?code=[removed]&next=1');
    expect(stripSecrets('https://x.test/?access_token=zzz')).toBe('https://x.test/?access_token=[removed]');
  });
});
