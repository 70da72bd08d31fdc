/*
 * Kept tiny and free of imports: the entry (main.tsx) reads this before it decides what to load.
 */

/**
 * The public site a visitor opens without the app (issue #16): landing, features, pricing,
 * testimonials and about. The other public routes (sign in, registration, kiosk…) are app screens.
 */
export const publicSitePaths = ['/', '/features', '/pricing', '/testimonials', '/about'] as const;
export type PublicSitePath = (typeof publicSitePaths)[number];

/** The public-site path a location shows ('/pricing/' is '/pricing'), or null for any other path. */
export function publicSitePath(pathname: string): PublicSitePath | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (publicSitePaths as readonly string[]).includes(path) ? (path as PublicSitePath) : null;
}

/** Where the app keeps its session (features/session/session-model.ts SESSION_STORAGE_KEY; a test keeps the two equal). */
export const SESSION_STORAGE_KEY = 'tradepost.session.v1';

/**
 * True when this browser holds a session that has not expired, read as the app reads it (a token and
 * an expiry in epoch ms still ahead). Such a visitor gets the app, which sends `/` on to the dashboard
 * and shows "Open dashboard" on the other public pages; everyone else gets the light public site.
 */
export function hasActiveStoredSession(read: (key: string) => string | null, now: number): boolean {
  let stored: unknown;
  try {
    const raw = read(SESSION_STORAGE_KEY);
    if (raw === null) return false;
    stored = JSON.parse(raw);
  } catch {
    return false;
  }
  if (typeof stored !== 'object' || stored === null) return false;
  const { token, expiresAt } = stored as { token?: unknown; expiresAt?: unknown };
  return (
    typeof token === 'string' && token !== '' && Number.isInteger(expiresAt) && (expiresAt as number) > 0 && now < (expiresAt as number)
  );
}
