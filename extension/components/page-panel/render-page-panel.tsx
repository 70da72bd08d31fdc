import { createDOMRenderer, RendererProvider } from '@fluentui/react-components';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { PageWatcher } from '../../lib/page-watcher.ts';
import type { MarketplaceSite } from '../../lib/readers/captured-listing.ts';
import { ExtensionProviders } from '../extension-providers.tsx';
import { PagePanel } from './page-panel.tsx';
import type { PageSettingsStore } from './page-settings-store.ts';
import { shadowDocument } from './shadow-document.ts';

/** Where the content script's shadow root wants the panel, and the page's reading and settings it already keeps. */
export type PagePanelTarget = {
  shadow: ShadowRoot;
  /** Fluent's styles go here, its portals (menus, tooltips) into `portals`, the panel into `app`. */
  head: HTMLElement;
  app: HTMLElement;
  portals: HTMLElement;
  site: MarketplaceSite;
  watcher: PageWatcher;
  settings: PageSettingsStore;
};

/**
 * The entry of `page-panel.js` (see wxt.config.ts): React, Fluent and the panel, which a content
 * script imports only when its panel opens. It renders the panel into the loader's shadow root,
 * with Fluent's renderer pointed at it (shadow-document.ts), and returns how to take it down.
 */
export function renderPagePanel({ shadow, head, app, portals, site, watcher, settings }: PagePanelTarget): () => void {
  const targetDocument = shadowDocument(shadow, head, portals);
  const root = createRoot(app);
  root.render(
    <StrictMode>
      <RendererProvider renderer={createDOMRenderer(targetDocument)} targetDocument={targetDocument}>
        <ExtensionProviders targetDocument={targetDocument}>
          <PagePanel site={site} watcher={watcher} settings={settings} />
        </ExtensionProviders>
      </RendererProvider>
    </StrictMode>,
  );
  return () => root.unmount();
}
