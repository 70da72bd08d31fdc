import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { open, seal } from './sealed-box.ts';
import { loadSecrets } from './secrets.ts';

const key = randomBytes(32);

describe('sealed box', () => {
  it('opens what it sealed, and never writes the secret in the clear', () => {
    const token = 'v^1.1#i^1#r^0#p^3#f^0#t^H4sIAAAAAAAA-refresh-token';
    const sealed = seal(token, key, 'connection:42');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain('refresh-token');
    expect(open(sealed, key, 'connection:42')).toBe(token);
    // A fresh IV each time: the same token seals differently.
    expect(seal(token, key, 'connection:42')).not.toBe(sealed);
  });

  it('refuses a value that was altered, sealed with another key, or moved to another row', () => {
    const sealed = seal('shpat_secret', key, 'connection:42');
    const [version, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => open([version, iv, tag, flipped.toString('base64url')].join('.'), key, 'connection:42')).toThrow();
    expect(() => open(sealed, randomBytes(32), 'connection:42')).toThrow();
    expect(() => open(sealed, key, 'connection:43')).toThrow();
    expect(() => open('not-sealed', key)).toThrow('Not a sealed value');
  });
});

describe('secrets for the embedded default', () => {
  it('are generated once into the data folder (mode 600) and kept across restarts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    const first = loadSecrets(dir, {});
    expect(first.tokenKey).toHaveLength(32);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    const again = loadSecrets(dir, {});
    expect(again.sessionSecret).toBe(first.sessionSecret);
    expect(again.tokenKey.equals(first.tokenKey)).toBe(true);
  });

  it('take the environment first, and a file from before token keys gains one without losing its session secret', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify({ sessionSecret: 'an-old-session-secret-kept-across-the-upgrade' }));
    const upgraded = loadSecrets(dir, {});
    expect(upgraded.sessionSecret).toBe('an-old-session-secret-kept-across-the-upgrade');
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')).tokenKey).toBe(upgraded.tokenKey.toString('base64url'));
    const fromEnv = loadSecrets(dir, { tokenKey: key.toString('base64'), sessionSecret: 'x'.repeat(40) });
    expect(fromEnv.tokenKey.equals(key)).toBe(true);
    expect(fromEnv.sessionSecret).toBe('x'.repeat(40));
  });
});
