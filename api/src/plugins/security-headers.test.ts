import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('security headers', () => {
  it('every answer carries the content security policy and the browser hardening headers, errors included', async () => {
    for (const url of ['/health', '/api/v1/auth/me', '/api/v1/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['content-security-policy'], url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('allows the camera (barcode scanning) to the app itself and no other powerful feature to anyone', async () => {
    for (const url of ['/health', '/api/v1/auth/me', '/api/v1/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      const policy = String(res.headers['permissions-policy']);
      expect(policy, url).toContain('camera=(self)');
      for (const feature of ['microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'bluetooth', 'display-capture']) {
        expect(policy, url).toContain(`${feature}=()`);
      }
    }
  });
});
