import { describe, expect, it } from 'vitest';
import { builtInToCustom, type CustomSizeFormatData, customCanonical, customToBuiltIn, parseSizeList } from './custom-size-format.ts';
import {
  customSizeFormatId,
  customSizeFormatUuid,
  isCustomSizeFormatId,
  resolveBuiltInSizeFormat,
  resolveCustomSizeFormat,
} from './resolved-size-format.ts';

const youth: CustomSizeFormatData = {
  id: 'custom:0190a000-0000-7000-8000-000000000001',
  name: 'Youth',
  category: null,
  sizes: ['3Y', '4Y', '5Y', 'One size'],
  conversionFormat: 'gs',
  conversions: { '4Y': '4Y', '5Y': '5y' },
};

describe('parseSizeList', () => {
  it('takes one size per line when the text has lines, keeping decimal commas', () => {
    expect(parseSizeList('EU 44,5\n  EU 45 \r\n\nEU 45,5')).toEqual(['EU 44,5', 'EU 45', 'EU 45,5']);
  });

  it('splits a spreadsheet row on commas, semicolons and tabs', () => {
    expect(parseSizeList('XS, S;M\tL,, ')).toEqual(['XS', 'S', 'M', 'L']);
  });
});

describe('custom runs', () => {
  it('spells a size the run way, ignoring case and spacing', () => {
    expect(customCanonical(youth, ' one   SIZE ')).toBe('One size');
    expect(customCanonical(youth, '6Y')).toBeNull();
    expect(customCanonical(youth, '')).toBeNull();
  });

  it('converts both ways through the owner conversions and Nike chart', () => {
    expect(customToBuiltIn(youth, '5y')).toEqual(['gs', '5Y']);
    expect(customToBuiltIn(youth, '3Y')).toBeNull();
    expect(builtInToCustom(youth, '4Y', 'gs')).toBe('4Y');
    expect(builtInToCustom(youth, '5', 'us-men')).toBe('5Y');
    expect(builtInToCustom(youth, '3Y', 'gs')).toBeNull();
  });

  it('refuses an ambiguous reverse conversion', () => {
    const twice = { ...youth, conversions: { '4Y': '4Y', '5Y': '4Y' } };
    expect(builtInToCustom(twice, '4Y', 'gs')).toBeNull();
  });
});

describe('resolved formats', () => {
  it('tells custom ids from built-in ones', () => {
    const id = customSizeFormatId('0190A000-0000-7000-8000-000000000001');
    expect(id).toBe('custom:0190a000-0000-7000-8000-000000000001');
    expect(customSizeFormatUuid(id)).toBe('0190a000-0000-7000-8000-000000000001');
    expect(isCustomSizeFormatId('custom:12')).toBe(false);
    expect(isCustomSizeFormatId('us-men')).toBe(false);
  });

  it('gives built-in and custom runs one shape', () => {
    const builtIn = resolveBuiltInSizeFormat('gs');
    expect(builtIn?.canonical('7y')).toBe('7Y');
    expect(builtIn?.isCustom).toBe(false);
    expect(resolveBuiltInSizeFormat('custom:0190a000-0000-7000-8000-000000000001')).toBeNull();

    const custom = resolveCustomSizeFormat(youth);
    expect(custom.canonical('ONE SIZE')).toBe('One size');
    expect(['One size', 'zz', '3Y', '5Y'].sort(custom.compare)).toEqual(['3Y', '5Y', 'One size', 'zz']);
  });
});
