import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, unpackedExtensionId } from './config.ts';
import { redactUrl } from './redact.ts';

describe('config', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_EMAILS).toEqual([]);
  });

  it('parses the admin list case-insensitively', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@Shop.com, ops@shop.com ' }).ADMIN_EMAILS).toEqual(['boss@shop.com', 'ops@shop.com']);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', ADMIN_EMAILS: 'not-an-email' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', ADMIN_EMAILS: 'not-an-email' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('ADMIN_EMAILS');
    }
  });

  it('takes a token key of exactly 32 bytes in base64, and names a wrong one', () => {
    const good = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ TOKEN_ENCRYPTION_KEY: good }).TOKEN_ENCRYPTION_KEY).toBe(good);
    expect(() => loadConfig({ TOKEN_ENCRYPTION_KEY: Buffer.alloc(16, 7).toString('base64') })).toThrow(
      /TOKEN_ENCRYPTION_KEY: must be 32 bytes in base64/,
    );
  });

  it('trusts no proxy unless told which, by address or range', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8,::1, fd00::/8 ,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    // `true` would take the client's own X-Forwarded-For: any client could pick its address. A hop
    // count cannot tell a request through the proxy from one sent to the app directly.
    for (const bad of ['true', '1', 'proxy.internal', '10.0.0.0/33', '1.2.3', '1.2.3.4/', '10.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be the addresses or ranges of the proxies/);
    }
  });

  it('allows simulators by default only on a server that only this machine can reach', () => {
    expect(loadConfig({}).SIMULATORS_ENABLED).toBe(false);
    expect(loadConfig({ HOST: '192.168.1.20' }).SIMULATORS_ENABLED).toBe(false);
    for (const HOST of ['127.0.0.1', '127.0.0.2', '::1', 'localhost']) {
      expect(loadConfig({ HOST }).SIMULATORS_ENABLED, HOST).toBe(true);
    }
    // On loopback behind a proxy that serves it to the world: a production server.
    expect(loadConfig({ HOST: '127.0.0.1', PUBLIC_URL: 'https://app.example.com' }).SIMULATORS_ENABLED).toBe(false);
    expect(loadConfig({ HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:3000' }).SIMULATORS_ENABLED).toBe(true);
    expect(loadConfig({ SIMULATORS_ENABLED: 'true' }).SIMULATORS_ENABLED).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.1', SIMULATORS_ENABLED: 'false' }).SIMULATORS_ENABLED).toBe(false);
    expect(() => loadConfig({ SIMULATORS_ENABLED: 'yes' })).toThrow(/SIMULATORS_ENABLED: must be true or false/);
  });

  it("admits this checkout's own extension by default; EXTENSION_IDS names the ones to admit instead", () => {
    // What Chromium reported as the id of the extension loaded unpacked from this folder.
    expect(unpackedExtensionId('/work/main/extension/.output/chrome-mv3')).toBe('nhkehoaappmdlpmnefbdbbbncjiajmgn');
    const output = join(realpathSync(resolve(import.meta.dirname, '../..')), 'extension/.output');
    expect(loadConfig({}).EXTENSION_IDS).toEqual([
      unpackedExtensionId(join(output, 'chrome-mv3')),
      unpackedExtensionId(join(output, 'chrome-mv3-dev')),
    ]);
    const store = 'abcdefghijklmnopabcdefghijklmnop';
    expect(loadConfig({ EXTENSION_IDS: ` ${store}, ${'p'.repeat(32)} ` }).EXTENSION_IDS).toEqual([store, 'p'.repeat(32)]);
    expect(loadConfig({ EXTENSION_IDS: '' }).EXTENSION_IDS).toEqual([]);
    for (const bad of [`chrome-extension://${store}`, 'abc', 'z'.repeat(32)]) {
      expect(() => loadConfig({ EXTENSION_IDS: bad }), bad).toThrow(/EXTENSION_IDS\.\d+: must be Chrome extension ids/);
    }
  });

  it('the server stops at boot with the message and a non-zero exit code', () => {
    const run = spawnSync(process.execPath, [resolve(import.meta.dirname, 'server.ts')], {
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('PORT');
  });
});

describe('logging', () => {
  it('never logs the stream token', () => {
    expect(redactUrl('/api/v1/sse/batch-operations/stream?token=eyJabc.def&x=1')).toBe(
      '/api/v1/sse/batch-operations/stream?token=[redacted]&x=1',
    );
  });

  it('never logs an invitation token carried in the path', () => {
    expect(redactUrl('/api/v1/invitations/Zk3-secret_token/accept')).toBe('/api/v1/invitations/[redacted]/accept');
    expect(redactUrl('/api/v1/invitations/Zk3-secret_token')).toBe('/api/v1/invitations/[redacted]');
    expect(redactUrl('https://app.example/accept-invitation/Zk3-secret_token?x=1')).toBe(
      'https://app.example/accept-invitation/[redacted]?x=1',
    );
    // A business's own invitations list is not a token.
    expect(redactUrl('/api/v1/businesses/b1/invitations')).toBe('/api/v1/businesses/b1/invitations');
  });
});
