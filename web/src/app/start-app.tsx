import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { installClientErrorLog } from '../features/bug-report/client-error-log.ts';
import { prepareCachesAtStartup } from '../features/version/prepare-caches-at-startup.ts';
import { AppProviders } from './providers.tsx';
import { router } from './router.tsx';

/**
 * Renders the app into `container`. An error no boundary caught (the router's error screens catch
 * those of pages) leaves React with nothing to show, so it goes to `onFatal` (the Loading Error page).
 */
export function startApp(container: HTMLElement, onFatal: (error: unknown) => void): void {
  installClientErrorLog();
  prepareCachesAtStartup();

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
