import { versionManifestSchema } from '@tradepost/shared/schemas/auth.ts';
import { api } from '../../app/api.ts';

/** What the bundle knows about itself when /version.json cannot be read (offline, server down). */
function bundleVersion(): string {
  const declared: unknown = import.meta.env.VITE_APP_VERSION;
  return typeof declared === 'string' && declared.trim() !== '' ? declared.trim() : `web (${import.meta.env.MODE})`;
}

let pending: Promise<string> | undefined;

/**
 * The running app's version for bug reports: `version (build)` from /version.json, read once per
 * tab; the bundle's own version when that fails, so a report can still be sent.
 */
export function appVersion(): Promise<string> {
  pending ??= api
    .get('/version.json', { schema: versionManifestSchema })
    .then((manifest) => `${manifest.version} (${manifest.build})`)
    .catch(() => {
      pending = undefined;
      return bundleVersion();
    });
  return pending;
}
