import { describe, expect, it } from 'vitest';
import { maskValue } from './mask-value.ts';

describe('maskValue (spec §1 demo mode)', () => {
  it('hides amounts of money, keeping sign and currency but not the size', () => {
    expect(maskValue('money', '$1,234.56')).toBe('$•••.••');
    expect(maskValue('money', '$3.00')).toBe('$•••.••');
    expect(maskValue('money', '-€12')).toBe('-€•••.••');
    expect(maskValue('money', '1.234,56 €')).toBe('•••.•• €');
    expect(maskValue('money', 1234.5)).toBe('•••.••');
    expect(maskValue('money', 'n/a')).toBe('•••.••');
  });

  it('hides customer names down to their initials', () => {
    expect(maskValue('name', 'John Doe')).toBe('J••• D••');
    expect(maskValue('name', 'Zoë  Saldaña-Pérez')).toBe('Z••  S••••••-P••••');
    expect(maskValue('name', 'A')).toBe('A');
  });

  it('hides e-mail addresses, phone numbers and other contact text', () => {
    expect(maskValue('contact', 'jane.doe@example.com')).toBe('j•••@•••.com');
    expect(maskValue('contact', '+1 (555) 123-4567')).toBe('+• (•••) •••-••67');
    expect(maskValue('contact', '12 High Street')).toBe('1• H••• S•••••');
  });

  it('leaves empty values empty', () => {
    expect(maskValue('name', '')).toBe('');
    expect(maskValue('money', '  ')).toBe('  ');
  });
});
