import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Tokens sent to people (invitation links, mobile codes) are stored only as SHA-256 hashes. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const newLinkToken = (): string => randomBytes(32).toString('base64url');

// No 0/O, 1/I/L: the code is read off a screen and may be typed by hand.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newShortCode(length = 8): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
