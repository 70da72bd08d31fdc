import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type Secrets = { sessionSecret: string /** 32 bytes for sealed-box.ts (marketplace tokens at rest). */; tokenKey: Buffer };

type StoredSecrets = { sessionSecret?: string; tokenKey?: string };

/**
 * Secrets come from the environment in production. For the embedded default they are generated
 * once and kept under the data folder (mode 600) so sessions and sealed tokens survive restarts; a
 * file from an older version gains the secrets it lacks and keeps the ones it has.
 */
export function loadSecrets(dataDir: string, fromEnv: { sessionSecret?: string | undefined; tokenKey?: string | undefined }): Secrets {
  const file = join(dataDir, 'secrets.json');
  const stored: StoredSecrets = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets) : {};
  const next: StoredSecrets = {
    sessionSecret: stored.sessionSecret ?? randomBytes(48).toString('base64url'),
    tokenKey: stored.tokenKey ?? randomBytes(32).toString('base64url'),
  };
  const needed = (!fromEnv.sessionSecret && !stored.sessionSecret) || (!fromEnv.tokenKey && !stored.tokenKey);
  if (needed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(next), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return {
    sessionSecret: fromEnv.sessionSecret ?? (next.sessionSecret as string),
    tokenKey: Buffer.from(fromEnv.tokenKey ?? (next.tokenKey as string), 'base64url'),
  };
}
