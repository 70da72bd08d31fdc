import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default) with OWASP's recommended minimum cost.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the e-mail is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | null = null;
export const decoyPasswordHash = (): Promise<string> => {
  decoyHash ??= hashPassword('decoy-password-never-matches');
  return decoyHash;
};
