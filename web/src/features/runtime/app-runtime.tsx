import { useAtomValue } from 'jotai';
import { useCacheTroubleWatch } from '../errors/use-cache-trouble-watch.ts';
import { usePreferencesSync } from '../preferences/use-preferences-sync.ts';
import { useBatchEventStream } from '../realtime/use-batch-event-stream.ts';
import { useServiceWorkerForPath } from '../service-worker/use-service-worker-for-path.ts';
import { signedInAtom } from '../session/signed-in-atom.ts';
import { useSessionExpiryWarning } from '../session/use-session-expiry-warning.ts';
import { useVersionCheck } from '../version/use-version-check.ts';
import { usePreloadSettings } from './use-preload-settings.ts';

/**
 * The app-wide behaviours that run while the app is open. Mount it once, inside the router (it
 * follows the route for the service worker). It renders nothing.
 *
 * - version check every 5 minutes, new-version toast (spec §1, §4, §9)
 * - session expiry warning 30 minutes ahead (spec §8, §9)
 * - cache-trouble offer for uncaught chunk and parse errors (spec §8); query and mutation error
 *   toasts come from the query client through the providers' notice toasts, so none is lost
 *   before this mounts
 * - the batch-operations stream while signed in (spec §4, §7)
 * - UI preferences saved to and loaded from the account (spec §1, §5)
 * - the service worker on mobile paths and browsers, except scanners (spec §4)
 * - the settings page preloaded after 2 s (spec §9)
 */
export function AppRuntime() {
  const signedIn = useAtomValue(signedInAtom);
  useVersionCheck();
  useSessionExpiryWarning();
  useCacheTroubleWatch();
  useBatchEventStream();
  usePreferencesSync();
  useServiceWorkerForPath();
  usePreloadSettings(signedIn);
  return null;
}
