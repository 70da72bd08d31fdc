import { createDOMRenderer, RendererProvider } from '@fluentui/react-components';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createShadowRootUi, type ShadowRootContentScriptUi } from 'wxt/utils/content-script-ui/shadow-root';
import { listenForTabMessages } from '../../lib/messages.ts';
import { createPageWatcher } from '../../lib/page-watcher.ts';
import type { MarketplaceSite } from '../../lib/readers/captured-listing.ts';
import { ExtensionProviders } from '../extension-providers.tsx';
import { PagePanel } from './page-panel.tsx';
import { createPageSettingsStore } from './page-settings-store.ts';
import { shadowDocument } from './shadow-document.ts';

/**
 * A content script's whole job: answer the background worker's "read this page" (the context
 * menu's capture), and show the panel in a shadow root while the options allow it on this site.
 * The shadow root keeps the page's CSS out of the panel and ours out of the page; its host is a
 * zero-size element at the end of <body>, and the panel inside is fixed to the corner. Settings
 * and the session come from the worker by message: content scripts cannot read extension storage.
 */
export async function mountPagePanel(ctx: ContentScriptContext, site: MarketplaceSite): Promise<void> {
  const watcher = createPageWatcher(ctx);
  const settings = createPageSettingsStore(site);
  const stopListening = listenForTabMessages({
    'read-page': async () => watcher.readNow(),
    'settings-changed': async () => {
      await settings.refresh();
      return null;
    },
  });
  ctx.onInvalidated(stopListening);

  let ui: ShadowRootContentScriptUi<Root> | null = null;
  const apply = async (visible: boolean) => {
    if (!visible) {
      ui?.remove();
      ui = null;
      return;
    }
    if (ui !== null) return;
    ui = await createShadowRootUi(ctx, {
      name: 'tradepost-panel',
      position: 'inline',
      anchor: 'body',
      append: 'last',
      // Keys typed in the panel must not reach the page's own shortcuts.
      isolateEvents: true,
      onMount(container, shadow) {
        const head = document.createElement('div');
        const portals = document.createElement('div');
        const app = document.createElement('div');
        container.append(head, app, portals);
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
        return root;
      },
      onRemove(root) {
        root?.unmount();
      },
    });
    ui.mount();
  };
  // One change at a time: two quick settings answers must not mount two panels.
  let applying = Promise.resolve();
  const show = (visible: boolean) => {
    applying = applying.then(() => apply(visible));
    return applying;
  };

  const unsubscribe = settings.subscribe(() => void show(settings.get()?.visible ?? false));
  ctx.onInvalidated(unsubscribe);
  await settings.refresh();
}
