import { browser } from 'wxt/browser';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createShadowRootUi, type ShadowRootContentScriptUi } from 'wxt/utils/content-script-ui/shadow-root';
import { listenForTabMessages } from '../../lib/message-transport.ts';
import { createPageWatcher, type PageWatcher } from '../../lib/page-watcher.ts';
import type { MarketplaceSite } from '../../lib/readers/captured-listing.ts';
import { createPageSettingsStore, type PageSettingsStore } from './page-settings-store.ts';
import { createPanelLauncher, launcherCss } from './panel-launcher.ts';
import type { renderPagePanel } from './render-page-panel.tsx';

/**
 * A content script's whole job, kept small (issue #16: no React, Fluent or zod here): answer the
 * background worker's "read this page" (the context menu's capture), and show the panel in a
 * shadow root while the options allow it on this site and the page is one a reader knows. Folded,
 * the panel is a plain button (panel-launcher.ts); open, it is the React panel, which the script
 * imports from `page-panel.js` (built with the extension's pages, see wxt.config.ts) the first time
 * it opens. The shadow root keeps the page's CSS out of the panel and ours out of the page; its
 * host is a zero-size element at the end of <body>, and the panel inside is fixed to the corner.
 * Settings and the session come from the worker by message: content scripts cannot read extension storage.
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

  let ui: ShadowRootContentScriptUi<PanelHost> | null = null;
  const apply = async () => {
    const current = settings.get();
    if (current === null || !current.visible || watcher.get().status === 'unsupported') {
      ui?.remove();
      ui = null;
      return;
    }
    if (ui === null) {
      ui = await createShadowRootUi(ctx, {
        name: 'tradepost-panel',
        position: 'inline',
        anchor: 'body',
        append: 'last',
        // Keys typed in the panel must not reach the page's own shortcuts.
        isolateEvents: true,
        css: launcherCss,
        onMount: (container, shadow, host) => createPanelHost({ container, shadow, host, site, watcher, settings, onOpen: open }),
        onRemove: (panel) => panel?.remove(),
      });
      ui.mount();
    }
    await ui.mounted?.show(current.collapsed);
  };
  // One change at a time: two quick answers must not mount two panels or load the panel twice.
  let applying = Promise.resolve();
  const update = () => {
    applying = applying.then(apply).catch((error: unknown) => console.error('Tradepost: the panel could not be shown', error));
  };
  // The button opens the panel, and tries again if loading it failed the last time.
  const open = () => {
    void settings.setCollapsed(false);
    update();
  };

  ctx.onInvalidated(settings.subscribe(update));
  // Single-page apps move between pages a reader knows and pages it does not.
  ctx.onInvalidated(watcher.subscribe(update));
  await settings.refresh();
}

type PanelHost = {
  /** Folded: the button. Open: the React panel, loaded on first use. */
  show(collapsed: boolean): Promise<void>;
  remove(): void;
};

type PanelModule = { renderPagePanel: typeof renderPagePanel };

let panelModule: Promise<PanelModule> | null = null;

/** The React panel, imported once per page; a failed import is tried again on the next opening. */
function loadPanelModule(): Promise<PanelModule> {
  panelModule ??= (import(/* @vite-ignore */ browser.runtime.getURL('/page-panel.js')) as Promise<PanelModule>).catch((error: unknown) => {
    panelModule = null;
    throw error;
  });
  return panelModule;
}

function createPanelHost(options: {
  container: HTMLElement;
  shadow: ShadowRoot;
  host: HTMLElement;
  site: MarketplaceSite;
  watcher: PageWatcher;
  settings: PageSettingsStore;
  onOpen: () => void;
}): PanelHost {
  const { container, shadow, host, site, watcher, settings } = options;
  const launcher = createPanelLauncher(options.onOpen);
  // Fluent writes its styles into `head` and its portals into `portals` (see shadow-document.ts).
  const head = document.createElement('div');
  const app = document.createElement('div');
  const portals = document.createElement('div');
  container.append(launcher.dock, head, app, portals);

  let unmount: (() => void) | null = null;
  let removed = false;
  let open = false;
  return {
    async show(collapsed) {
      if (collapsed) {
        const wasOpen = open;
        open = false;
        launcher.dock.hidden = false;
        launcher.button.removeAttribute('aria-busy');
        // Folded from the panel's own button, which is gone now: focus goes to the one that opens it again.
        const focused = document.activeElement;
        if (wasOpen && (focused === null || focused === document.body || focused === host)) launcher.button.focus({ preventScroll: true });
        return;
      }
      open = true;
      if (unmount === null) {
        launcher.button.setAttribute('aria-busy', 'true');
        let module: PanelModule;
        try {
          module = await loadPanelModule();
        } catch (error) {
          // The button stays, so the next click tries again.
          launcher.dock.hidden = false;
          launcher.button.removeAttribute('aria-busy');
          throw error;
        }
        if (removed) return;
        unmount = module.renderPagePanel({ shadow, head, app, portals, site, watcher, settings });
      }
      // The panel renders nothing while folded, so folding in between leaves the button showing.
      if (open) {
        launcher.dock.hidden = true;
        launcher.button.removeAttribute('aria-busy');
      }
    },
    remove() {
      removed = true;
      unmount?.();
      unmount = null;
    },
  };
}
