import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ExtensionProviders } from './extension-providers.tsx';

/** Renders an extension page's app (popup, side panel, options) into its #root. */
export function mountExtensionPage(App: ComponentType): void {
  const root = document.getElementById('root');
  if (root === null) throw new Error('Tradepost: the page has no #root element');
  createRoot(root).render(
    <StrictMode>
      <ExtensionProviders>
        <App />
      </ExtensionProviders>
    </StrictMode>,
  );
}
