import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';

// Which other origins may call the API from a browser (app.ts, allowedOrigin): the web origins,
// our own Chrome extension, Firefox extensions; any other Chrome extension gets no CORS grant.

const preflight = (t: TestApp, origin: string) =>
  t.app.inject({
    method: 'OPTIONS',
    url: '/api/v1/auth/me',
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });
const granted = async (t: TestApp, origin: string) => (await preflight(t, origin)).headers['access-control-allow-origin'] === origin;

describe('cross-origin grants', () => {
  let byDefault: TestApp;
  let configured: TestApp;
  const store = 'abcdefghijklmnopabcdefghijklmnop';
  beforeAll(async () => {
    byDefault = await createTestApp();
    configured = await createTestApp({ EXTENSION_IDS: store }, { database: { url: byDefault.databaseUrl } });
  });
  afterAll(async () => {
    await configured?.close();
    await byDefault?.close();
  });

  it('by default: our own extension (as the build loads unpacked) and the web origins, not another extension', async () => {
    const [ours, dev] = byDefault.config.EXTENSION_IDS;
    expect(await granted(byDefault, `chrome-extension://${ours}`)).toBe(true);
    expect(await granted(byDefault, `chrome-extension://${dev}`)).toBe(true);
    expect(await granted(byDefault, 'http://localhost:5173')).toBe(true);
    for (const origin of [`chrome-extension://${store}`, 'chrome-extension://', 'https://evil.example', 'null']) {
      const res = await preflight(byDefault, origin);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    // Firefox gives every installation its own random origin: no server can list them.
    expect(await granted(byDefault, 'moz-extension://4b6f1a3c-9d2e-4f5a-8b7c-1d2e3f4a5b6c')).toBe(true);
    expect(await granted(byDefault, 'moz-extension://anything/at-all')).toBe(false);
  });

  it('EXTENSION_IDS: exactly the extensions it names', async () => {
    expect(await granted(configured, `chrome-extension://${store}`)).toBe(true);
    expect(await granted(configured, `chrome-extension://${byDefault.config.EXTENSION_IDS[0]}`)).toBe(false);
  });
});
