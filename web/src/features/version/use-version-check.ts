import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAppToast } from '../notifications/use-app-toast.tsx';
import { clearAppCaches, clearCachesAndReload } from '../runtime/clear-app-caches.ts';
import { isOtherBuild, readCacheRecord, writeCacheRecord } from './cache-record.ts';
import { fetchServedBuild } from './fetch-build.ts';
import { createVersionWatcher } from './version-watcher.ts';

/**
 * The build this page runs is now known. When the caches on this device were filled by another
 * build (the tab was closed across a deploy), they are cleared, keeping the preferences (spec §4);
 * otherwise the build is noted with the cache record.
 */
function noteLoadedBuild(build: string): void {
  try {
    const record = readCacheRecord(localStorage);
    if (isOtherBuild(record, build)) {
      // No query client here: its cache was filled by this page, from this build.
      void clearAppCaches({ build });
      return;
    }
    writeCacheRecord(localStorage, { cachedAt: record?.cachedAt ?? Date.now(), build });
  } catch {
    // Storage blocked: there is no cache record to keep.
  }
}

/**
 * Spec §1, §4, §9: /version.json is read at start and every 5 minutes. A new build shows a toast that
 * stays until clicked; clicking clears the caches (keeping the session, theme, scales and sidebar
 * state) and reloads the page.
 */
export function useVersionCheck(): void {
  const toast = useAppToast();
  const queryClient = useQueryClient();

  useEffect(() => {
    const watcher = createVersionWatcher({
      fetchBuild: () => fetchServedBuild(),
      onLoadedBuild: noteLoadedBuild,
      onNewBuild: (build) => {
        const update = () => void clearCachesAndReload({ queryClient, build });
        toast({
          id: 'new-version',
          intent: 'info',
          title: 'A new version of Tradepost is available',
          body: 'Click here to reload and get the latest version.',
          timeout: -1,
          onClick: update,
          action: { label: 'Reload', onClick: update },
        });
      },
    });
    return watcher.start();
  }, [toast, queryClient]);
}
