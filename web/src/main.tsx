import { describeThrown, recordClientError } from './features/bug-report/client-error-log.ts';
import { boot } from './features/errors/boot.ts';
import { showLoadingErrorPage } from './features/errors/loading-error-page.ts';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

// The app is loaded through a dynamic import, so a chunk that fails to download is caught here and
// shown as the Loading Error page (spec §2) rather than a blank screen. This entry stays tiny.
void boot(
  async () => {
    const { startApp } = await import('./app/start-app.tsx');
    return (onFatal) => startApp(container, onFatal);
  },
  (error) => {
    console.error('[startup] the app failed to load', error);
    recordClientError(`Startup failure: ${describeThrown(error)}`);
    showLoadingErrorPage(container);
  },
);
