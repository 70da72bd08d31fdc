import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ExtensionProviders } from './extension-providers.tsx';
import { SignInPanel } from './sign-in-panel.tsx';

/** Renders the Tradepost panel into an extension page's #root (popup and side panel alike). */
export function mountExtensionPage(): void {
  const root = document.getElementById('root');
  if (root === null) throw new Error('Tradepost: the page has no #root element');
  createRoot(root).render(
    <StrictMode>
      <ExtensionProviders>
        <SignInPanel />
      </ExtensionProviders>
    </StrictMode>,
  );
}
