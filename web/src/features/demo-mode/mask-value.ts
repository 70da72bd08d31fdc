/** What demo mode hides (spec §1): amounts of money, customer names, and contact details. */
export type SensitiveKind = 'money' | 'name' | 'contact';

export const MASK = '•';

/** Letters and digits become bullets; spaces and punctuation stay so the shape still reads as a name. */
function maskWord(word: string): string {
  const [first = '', ...rest] = Array.from(word);
  return first + rest.map((char) => (/[\p{L}\p{N}]/u.test(char) ? MASK : char)).join('');
}

/**
 * Money keeps its sign and currency symbol but never its size: '$1,234.56' → '$•••.••', '-€12' →
 * '-€•••.••'. The mask is the same length for every amount, so nothing leaks through its width.
 */
function maskMoney(value: string): string {
  const trimmed = value.trim();
  const digitAt = trimmed.search(/\d/);
  if (digitAt === -1) return `${MASK.repeat(3)}.${MASK.repeat(2)}`;
  const prefix = trimmed.slice(0, digitAt);
  const afterNumber = trimmed.slice(digitAt).replace(/^[\d.,\s\u00a0']+/, '');
  const suffix = afterNumber.trim() === '' ? '' : ` ${afterNumber.trim()}`;
  return `${prefix}${MASK.repeat(3)}.${MASK.repeat(2)}${suffix}`;
}

/** 'jane.doe@example.com' → 'j•••@•••.com': the first letter and the top-level domain stay. */
function maskEmail(value: string): string {
  const [local = '', domain = ''] = value.trim().split('@');
  const tld = domain.includes('.') ? domain.slice(domain.lastIndexOf('.')) : '';
  return `${local.slice(0, 1)}${MASK.repeat(3)}@${MASK.repeat(3)}${tld}`;
}

/** '+1 (555) 123-4567' → '+• (•••) •••-••67': the layout and the last two digits stay. */
function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, '').length;
  let seen = 0;
  return Array.from(value)
    .map((char) => {
      if (!/\d/.test(char)) return char;
      seen += 1;
      return seen > digits - 2 ? char : MASK;
    })
    .join('');
}

function maskContact(value: string): string {
  if (value.includes('@')) return maskEmail(value);
  const digits = value.replace(/\D/g, '');
  if (digits.length >= 5 && /^[\d\s()+.\-/]+$/.test(value.trim())) return maskPhone(value);
  return maskName(value);
}

/** 'John Doe' → 'J••• D••'; each part of a double-barrelled name keeps its initial. */
function maskName(value: string): string {
  return value
    .trim()
    .split(/([\s-]+)/)
    .map((part) => (/^[\s-]+$/.test(part) ? part : maskWord(part)))
    .join('');
}

/** Spec §1: the obfuscated form of a sensitive value. Empty values stay empty. */
export function maskValue(kind: SensitiveKind, value: string | number): string {
  const text = String(value);
  if (text.trim() === '') return text;
  switch (kind) {
    case 'money':
      return maskMoney(text);
    case 'name':
      return maskName(text);
    case 'contact':
      return maskContact(text);
  }
}
