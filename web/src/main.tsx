import { describeThrown, recordClientError } from './features/bug-report/client-error-log.ts';
import { boot } from './features/errors/boot.ts';
import { showLoadingErrorPage } from './features/errors/loading-error-page.ts';
import { hasActiveStoredSession, type PublicSitePath, publicSitePath } from './features/public-site/public-site-paths.ts';
import { publicSitePages } from './pages/public/public-site-pages.ts';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');
const root = container;

function failed(error: unknown): void {
  console.error('[startup] the app failed to load', error);
  recordClientError(`Startup failure: ${describeThrown(error)}`);
  showLoadingErrorPage(root);
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/*
 * What loads is decided here, at run time (issue #16). Both are dynamic imports, so a chunk that fails
 * to download is caught and shown as the Loading Error page (spec §2) rather than a blank screen, and
 * Vite fetches each one's static imports (its chunk graph) in parallel as soon as it is asked for: the
 * app's graph only for an app path, the public site's only for a public page. This entry stays tiny.
 */

/**
 * The whole app: every route, Fluent, the session, the query client. `leaving` takes the public site
 * off the page once the app's code is here (it stays on screen while that downloads).
 */
function startApp(leaving?: () => void): void {
  void boot(
    async () => {
      const { startApp } = await import('./app/start-app.tsx');
      return (onFatal) => {
        leaving?.();
        startApp(root, onFatal);
      };
    },
    (error) => {
      leaving?.();
      failed(error);
    },
  );
}

/** The light public site: a visitor (no active session) opening the landing, features, pricing, testimonials or about page. */
function startPublicSite(path: PublicSitePath): void {
  void boot(async () => {
    // The site and its first page download together.
    const [{ startPublicSite }, Page] = await Promise.all([
      import('./features/public-site/public-site-start.tsx'),
      publicSitePages[path](),
    ]);
    // Leaving the public site (sign in, registration…) starts the app at the new address.
    return (onFatal) => startPublicSite(root, { path, Page }, { pages: publicSitePages, onFatal, onLeave: startApp });
  }, failed);
}

const publicPath = publicSitePath(window.location.pathname);
if (publicPath !== null && !hasActiveStoredSession(readStorage, Date.now())) startPublicSite(publicPath);
else startApp();
