import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Secrets = { sessionSecret: string };

/**
 * Secrets come from the environment in production. For the embedded default they are generated
 * once and kept under the data folder (mode 600) so sessions survive restarts.
 */
export function loadSecrets(dataDir: string, fromEnv: { sessionSecret?: string | undefined }): Secrets {
  if (fromEnv.sessionSecret) return { sessionSecret: fromEnv.sessionSecret };
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  mkdirSync(dataDir, { recursive: true });
  const secrets: Secrets = { sessionSecret: randomBytes(48).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}
