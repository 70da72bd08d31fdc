import { describe, expect, it } from 'vitest';
import {
  applySizeRules,
  createSizeRule,
  indexSizeRules,
  resolveSize,
  type SizeRule,
  sizeRulePattern,
  sizeRuleSchema,
} from './size-rule.ts';

const rules: readonly SizeRule[] = [
  { pattern: 'Mens 10.5 (Wide)', formatId: 'us-men', value: '10.5' },
  { pattern: 'kids 5', formatId: 'gs', value: '5y' },
  { pattern: 'S/M', formatId: 'apparel', value: 'M' },
];

describe('applySizeRules', () => {
  it('matches exactly, ignoring case and runs of whitespace', () => {
    expect(applySizeRules('  MENS   10.5 (wide) ', rules)).toEqual({ formatId: 'us-men', value: '10.5', confidence: 'exact' });
    expect(applySizeRules('Kids\t5', rules)).toEqual({ formatId: 'gs', value: '5Y', confidence: 'exact' });
    expect(applySizeRules('s/m', rules)).toEqual({ formatId: 'apparel', value: 'M', confidence: 'exact' });
  });

  it('matches nothing else', () => {
    expect(applySizeRules('Mens 10.5 Wide', rules)).toBeNull();
    expect(applySizeRules('kids 5.5', rules)).toBeNull();
    expect(applySizeRules('S / M', rules)).toBeNull();
    expect(applySizeRules('', rules)).toBeNull();
    expect(applySizeRules('kids 5', [])).toBeNull();
  });

  it('takes a prepared index as well as a list', () => {
    const index = indexSizeRules(rules);
    expect(applySizeRules('KIDS 5', index)).toEqual({ formatId: 'gs', value: '5Y', confidence: 'exact' });
  });

  it('keeps the first rule per pattern and drops rules whose size left the run', () => {
    const index = indexSizeRules([
      { pattern: 'odd', formatId: 'us-men', value: '25' },
      { pattern: 'Kids 5', formatId: 'gs', value: '5Y' },
      { pattern: 'KIDS  5', formatId: 'gs', value: '6Y' },
    ]);
    expect([...index.keys()]).toEqual(['kids 5']);
    expect(index.get('kids 5')?.value).toBe('5Y');
  });
});

describe('resolveSize', () => {
  it('runs the rules before the built-in reading', () => {
    // The built-in reading refuses both strings.
    expect(resolveSize('S/M', rules)).toEqual({ formatId: 'apparel', value: 'M', confidence: 'exact' });
    expect(resolveSize('Kids 5', rules)).toEqual({ formatId: 'gs', value: '5Y', confidence: 'exact' });
    expect(resolveSize('US 10.5', rules)).toEqual({ formatId: 'us-men', value: '10.5', confidence: 'exact' });
    expect(resolveSize('Kids 6', rules)).toBeNull();
  });

  it("converts a rule's size to the hint's format", () => {
    expect(resolveSize('Mens 10.5 (Wide)', rules, { formatId: 'eu' })).toEqual({ formatId: 'eu', value: '44.5', confidence: 'converted' });
    expect(resolveSize('Kids 5', rules, { formatId: 'gs' })).toEqual({ formatId: 'gs', value: '5Y', confidence: 'exact' });
    expect(resolveSize('S/M', rules, { formatId: 'us-men' })).toBeNull();
  });
});

describe('creating rules', () => {
  it('stores the pattern collapsed and the value canonical', () => {
    expect(sizeRulePattern('  Size   7Y ')).toBe('size 7y');
    expect(createSizeRule(' Kids  5 ', 'gs', '5y')).toEqual({ pattern: 'kids 5', formatId: 'gs', value: '5Y' });
    expect(createSizeRule('kids 5', 'gs', '8Y')).toBeNull();
    expect(createSizeRule('   ', 'gs', '5Y')).toBeNull();
  });

  it('validates a rule from a request body', () => {
    expect(sizeRuleSchema.safeParse({ pattern: 'kids 5', formatId: 'gs', value: '5Y' }).success).toBe(true);
    const wrongSize = sizeRuleSchema.safeParse({ pattern: 'kids 5', formatId: 'gs', value: '9Y' });
    expect(wrongSize.success).toBe(false);
    expect(wrongSize.error?.issues[0]?.path).toEqual(['value']);
    expect(sizeRuleSchema.safeParse({ pattern: '', formatId: 'gs', value: '5Y' }).success).toBe(false);
    expect(sizeRuleSchema.safeParse({ pattern: 'x', formatId: 'kids', value: '5Y' }).success).toBe(false);
  });
});
