import type { User } from '@tradepost/shared/schemas/auth.ts';
import { isValidElement, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router-dom';
import { installClientErrorLog } from '../features/bug-report/client-error-log.ts';
import { startSessionCheck } from '../features/session/start-session-check.ts';
import { businessScopeOf } from '../features/session/use-business-scope.ts';
import { canOpenPath, normalizePath } from '../features/shell/access.ts';
import { prepareCachesAtStartup } from '../features/version/prepare-caches-at-startup.ts';
import { RequireSession } from './guards/require-session.tsx';
import { PageLoader } from './lazy-page.tsx';
import { AppProviders } from './providers.tsx';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';
import { appStore } from './store.ts';

/** Whether the address being opened sits behind the signed-in guard, which waits for the session check. */
function opensBehindSessionGuard(): boolean {
  const matches = matchRoutes(router.routes, router.state.location) ?? [];
  return matches.some(({ route }) => isValidElement(route.element) && route.element.type === RequireSession);
}

/** The opened screen's code, asked for now: it downloads beside the app's start-up and the session check. */
function preloadOpenedPage(): void {
  const matches = matchRoutes(router.routes, router.state.location) ?? [];
  const leaf = matches.at(-1)?.route.element;
  if (isValidElement<{ loader?: unknown }>(leaf) && leaf.props.loader instanceof PageLoader) leaf.props.loader.preload();
}

type WarmUp = (user: User, search: URLSearchParams) => Promise<void>;

/**
 * A screen's first data, asked as soon as the session check gives the business rather than after the
 * screen's code has loaded and mounted: the request does not need that code. Each entry loads what
 * it needs (a chunk the screen uses too) alongside the check, so no page pays for it in its start-up.
 */
const warmUps: Record<string, () => Promise<WarmUp>> = {
  '/products': async () => {
    const { prefetchProductRows } = await import('../features/catalog/use-products.ts');
    return (user, search) => prefetchProductRows(queryClient, businessScopeOf(user), search);
  },
};

/**
 * Starts the session check and, for a screen with a warm-up, the warm-up once the user is known:
 * only if the role may open the screen (the guard would send anyone else home, and a refused call
 * ends the session) and the address is still the one that opened.
 */
function checkSessionAndWarmUp(): void {
  const opened = router.state.location;
  const path = normalizePath(opened.pathname);
  const loading = warmUps[path]?.().catch(() => undefined);
  void startSessionCheck(queryClient, appStore).then(async (user) => {
    const warmUp = await loading;
    const now = router.state.location;
    if (user === undefined || warmUp === undefined || !canOpenPath(user, path)) return;
    if (now.pathname !== opened.pathname || now.search !== opened.search) return;
    await warmUp(user, new URLSearchParams(opened.search));
  });
}

/**
 * Renders the app into `container`. An error no boundary caught (the router's error screens catch
 * those of pages) leaves React with nothing to show, so it goes to `onFatal` (the Loading Error page).
 */
export function startApp(container: HTMLElement, onFatal: (error: unknown) => void): void {
  installClientErrorLog();
  prepareCachesAtStartup();
  // The session check goes out now rather than after the first render. Public pages do not ask for
  // it (a revoked token there would end the session and leave the page), so neither does this.
  if (opensBehindSessionGuard()) checkSessionAndWarmUp();
  preloadOpenedPage();

  let root: Root | undefined;
  const fatal = (error: unknown) => {
    // React is still inside its error handling here; the root is unmounted once it is done.
    setTimeout(() => {
      try {
        root?.unmount();
      } catch {
        // Already torn down.
      }
      onFatal(error);
    }, 0);
  };
  root = createRoot(container, { onUncaughtError: fatal });
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
