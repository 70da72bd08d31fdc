import { describe, expect, it } from 'vitest';
import { percentText, sinceText } from './sync-format.ts';

describe('sync figures as text', () => {
  it('says how long ago, or never', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    expect(sinceText(null, now)).toBe('never');
    expect(sinceText('2026-05-01T11:57:00Z', now)).toMatch(/3 minutes ago/);
    expect(sinceText('2026-05-01T09:00:00Z', now)).toMatch(/3 hours ago/);
  });

  it('shows rates as percentages, with a decimal for small ones', () => {
    expect(percentText(null)).toBe('—');
    expect(percentText(0)).toBe('0%');
    expect(percentText(0.031)).toBe('3.1%');
    expect(percentText(0.5)).toBe('50%');
  });
});
