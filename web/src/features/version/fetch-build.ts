import { versionManifestSchema } from '@tradepost/shared/schemas/auth-answers.ts';

/** GET /version.json past every cache (the server says no-store; the service worker never caches it). */
export async function fetchServedBuild(fetchImpl: typeof fetch = globalThis.fetch): Promise<string> {
  const response = await fetchImpl('/version.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`version.json answered ${response.status}`);
  return versionManifestSchema.parse(await response.json()).build;
}
