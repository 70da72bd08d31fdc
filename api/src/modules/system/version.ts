import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { VersionManifest } from '@tradepost/shared/schemas/auth.ts';

/**
 * The build id is the hash of the web app's index.html (unless BUILD_ID is set), so deploying a
 * new web build changes it and open tabs notice through /version.json.
 */
export function versionManifest(version: string, buildId: string, webDist: string, bootedAt: Date): VersionManifest {
  const index = join(webDist, 'index.html');
  if (buildId !== 'dev' || !existsSync(index)) {
    return { version, build: buildId, generatedAt: bootedAt.toISOString() };
  }
  const html = readFileSync(index);
  return {
    version,
    build: createHash('sha256').update(html).digest('hex').slice(0, 12),
    generatedAt: statSync(index).mtime.toISOString(),
  };
}
