import { describe, expect, it } from 'vitest';
import { draftFrom, parseDraft, sameDraft } from './price-rule-draft.ts';

const channel = { id: '0190a000-0000-7000-8000-000000000001', kind: 'ebay' as const, name: 'eBay' };

describe('price rule draft', () => {
  it('reads a saved rule and parses it back unchanged', () => {
    const draft = draftFrom({ channel, markup_percent: 12.5, rounding: '.99', min_margin_percent: null, enabled: true, updated_at: null });
    expect(draft).toEqual({ markup: '12.5', rounding: '.99', minMargin: '', enabled: true });
    expect(parseDraft(draft)).toEqual({
      ok: true,
      rule: { markup_percent: 12.5, rounding: '.99', min_margin_percent: null, enabled: true },
    });
  });

  it('names the field of each mistake, with the limits the API has', () => {
    expect(parseDraft({ markup: 'ten', rounding: 'none', minMargin: '20', enabled: true })).toEqual({
      ok: false,
      errors: { markup_percent: 'Enter a percentage such as 12 or 12.5 (0 for none)' },
    });
    const tooHigh = parseDraft({ markup: '5000', rounding: 'none', minMargin: '99', enabled: true });
    expect(tooHigh.ok).toBe(false);
    if (!tooHigh.ok) {
      expect(tooHigh.errors.markup_percent).toBe('Markup must be at most 1,000%');
      expect(tooHigh.errors.min_margin_percent).toBe('Minimum margin must be at most 95%');
    }
  });

  it('treats 10 and 10.0 as the same rule, so only real edits count as unsaved', () => {
    const a = { markup: '10', rounding: 'whole' as const, minMargin: '', enabled: true };
    expect(sameDraft(a, { ...a, markup: '10.0' })).toBe(true);
    expect(sameDraft(a, { ...a, minMargin: '15' })).toBe(false);
  });
});
