import type { QueryClient } from '@tanstack/react-query';
import { notify } from '../notifications/app-notices.ts';
import { clearCachesAndReload } from '../runtime/clear-app-caches.ts';
import { cacheTroubleDetector } from './cache-trouble.ts';

/**
 * Feeds one error to the cache-trouble detector and, on the third suspected one within 60 s, offers
 * to clear the cache (spec §8): query cache, Cache Storage and localStorage except the kept
 * preferences, then a reload.
 */
export function reportPossibleCacheTrouble(error: unknown, queryClient: QueryClient): void {
  if (!cacheTroubleDetector.record(error)) return;
  notify({
    id: 'cache-trouble',
    intent: 'warning',
    title: 'Having trouble loading?',
    body: 'Saved files may be out of date. Clearing the cache usually fixes this.',
    action: { label: 'Clear cache', onClick: () => void clearCachesAndReload({ queryClient }) },
  });
}
