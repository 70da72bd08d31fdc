/** Spec §4: the service worker lives at /sw.js and controls the whole origin. */
export const SERVICE_WORKER_URL = '/sw.js';

export type ServiceWorkerDecision = 'register' | 'unregister';

/** Spec §2's mobile routes: /mobile, /mobile-photos (and its capture and completion steps), /mobile-payouts, /mobile-login… */
function isMobilePath(segments: readonly string[]): boolean {
  const first = segments[0];
  return first !== undefined && (first === 'mobile' || first.startsWith('mobile-'));
}

/**
 * Scanner screens run without a service worker. They hold the camera or a paired phone's live link
 * and talk to the API while the user scans; a worker in between adds a layer that can hand an old
 * bundle to a device mid-count and keeps no useful offline copy (a scan needs the server). They are:
 * /mobile-scanner, /mobile-remote-scanner, /product-scanner, /remote-scanner, the diagnostics
 * /scanner-test and /scanner-debug-logs, /scanning-mode, and every scanner step inside an area
 * (/inventory/counts/{id}/scanner, /purchase-orders/{id}/upc-scanner): any segment that is or ends
 * in "scanner", or starts with "scanner-" or "scanning-".
 */
export function isScannerPath(pathname: string): boolean {
  return pathSegments(pathname).some(
    (segment) => segment === 'scanner' || segment.endsWith('-scanner') || segment.startsWith('scanner-') || segment.startsWith('scanning-'),
  );
}

const mobileUserAgent = /Android|iPhone|iPad|iPod|Mobile|IEMobile|Opera Mini|BlackBerry|webOS/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return mobileUserAgent.test(userAgent);
}

function pathSegments(pathname: string): string[] {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  return path
    .toLowerCase()
    .split('/')
    .filter((segment) => segment !== '');
}

/**
 * Spec §4: registered on mobile paths or mobile user agents, except scanner paths, and unregistered
 * everywhere else. Re-evaluated on every route change.
 */
export function serviceWorkerDecision(pathname: string, userAgent: string): ServiceWorkerDecision {
  if (isScannerPath(pathname)) return 'unregister';
  return isMobilePath(pathSegments(pathname)) || isMobileUserAgent(userAgent) ? 'register' : 'unregister';
}
