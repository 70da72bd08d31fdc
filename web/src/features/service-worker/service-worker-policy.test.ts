import { describe, expect, it, vi } from 'vitest';
import { isScannerPath, serviceWorkerDecision } from './service-worker-policy.ts';
import { applyServiceWorkerDecision } from './service-worker-registration.ts';

const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const phone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const android = 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

describe('serviceWorkerDecision (spec §4)', () => {
  it('registers on the mobile paths, whatever the browser', () => {
    for (const path of [
      '/mobile',
      '/mobile/',
      '/mobile-photos',
      '/mobile-photos/p1/capture',
      '/mobile-photos/quick-capture',
      '/mobile-payouts',
      '/mobile-login',
    ]) {
      expect(serviceWorkerDecision(path, desktop), path).toBe('register');
    }
  });

  it('registers on any path in a mobile browser', () => {
    expect(serviceWorkerDecision('/dashboard', phone)).toBe('register');
    expect(serviceWorkerDecision('/products', android)).toBe('register');
  });

  it('unregisters on desktop paths in a desktop browser', () => {
    for (const path of ['/', '/dashboard', '/settings', '/mobilefoo', '/inventory/counts/c1']) {
      expect(serviceWorkerDecision(path, desktop), path).toBe('unregister');
    }
  });

  it('unregisters on every scanner path, even on a phone', () => {
    const scanners = [
      '/mobile-scanner',
      '/mobile-remote-scanner',
      '/product-scanner',
      '/remote-scanner',
      '/scanner-test',
      '/scanner-debug-logs',
      '/scanning-mode',
      '/inventory/counts/c1/scanner',
      '/purchase-orders/po1/upc-scanner',
    ];
    for (const path of scanners) {
      expect(isScannerPath(path), path).toBe(true);
      expect(serviceWorkerDecision(path, phone), path).toBe('unregister');
    }
  });
});

describe('applyServiceWorkerDecision', () => {
  const registration = (scriptURL: string) => ({
    active: { scriptURL },
    installing: null,
    waiting: null,
    unregister: vi.fn(async () => true),
  });

  it('registers /sw.js for the whole origin', async () => {
    const register = vi.fn(async () => undefined);
    await applyServiceWorkerDecision('register', { register, getRegistrations: async () => [] });
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('unregisters only our worker', async () => {
    const ours = registration('https://app.test/sw.js');
    const other = registration('https://app.test/push-worker.js');
    await applyServiceWorkerDecision('unregister', { register: vi.fn(), getRegistrations: async () => [ours, other] });
    expect(ours.unregister).toHaveBeenCalled();
    expect(other.unregister).not.toHaveBeenCalled();
  });

  it('reports a failure instead of throwing, and does nothing without service worker support', async () => {
    const logger = { warn: vi.fn() };
    await applyServiceWorkerDecision(
      'register',
      { register: () => Promise.reject(new Error('insecure')), getRegistrations: async () => [] },
      logger,
    );
    expect(logger.warn).toHaveBeenCalled();
    await expect(applyServiceWorkerDecision('register', undefined)).resolves.toBeUndefined();
  });
});
