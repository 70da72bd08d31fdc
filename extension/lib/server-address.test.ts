import { describe, expect, it } from 'vitest';
import { normalizeServerAddress } from './server-address.ts';

describe('normalizeServerAddress', () => {
  it('keeps an origin as it is', () => {
    expect(normalizeServerAddress('http://127.0.0.1:41234')).toBe('http://127.0.0.1:41234');
  });

  it('drops trailing slashes, a pasted /api/v1 and surrounding blanks', () => {
    expect(normalizeServerAddress('  https://tp.example.com/ ')).toBe('https://tp.example.com');
    expect(normalizeServerAddress('https://tp.example.com/api/v1/')).toBe('https://tp.example.com');
    expect(normalizeServerAddress('https://example.com/tradepost/')).toBe('https://example.com/tradepost');
  });

  it('adds a scheme: http for local hosts, https otherwise', () => {
    expect(normalizeServerAddress('localhost:3000')).toBe('http://localhost:3000');
    expect(normalizeServerAddress('tp.example.com')).toBe('https://tp.example.com');
  });

  it('refuses what is not an http(s) address', () => {
    expect(normalizeServerAddress('')).toBeNull();
    expect(normalizeServerAddress('ftp://example.com')).toBeNull();
    expect(normalizeServerAddress('http://user:secret@example.com')).toBeNull();
    expect(normalizeServerAddress('http://exa mple.com')).toBeNull();
  });
});
