import { type Browser, browser } from 'wxt/browser';

export const captureMenuItemId = 'tradepost-capture-listing';

export type CaptureMenuOutcome = { handled: false } | { handled: true; pageUrl: string | null; message: string };

export type CaptureMenuClickHandler = (
  info: Pick<Browser.contextMenus.OnClickData, 'menuItemId' | 'pageUrl' | 'linkUrl'>,
  tab?: Pick<Browser.tabs.Tab, 'id' | 'url'>,
) => CaptureMenuOutcome;

declare global {
  /**
   * The context-menu click handler, reachable from tests through the service worker
   * (`sw.evaluate`), because a real context-menu click cannot be simulated.
   */
  var tradepostCaptureMenuClick: CaptureMenuClickHandler | undefined;
}

export const handleCaptureMenuClick: CaptureMenuClickHandler = (info, tab) => {
  if (info.menuItemId !== captureMenuItemId) return { handled: false };
  const pageUrl = info.linkUrl ?? info.pageUrl ?? tab?.url ?? null;
  const message = 'Listing capture is available once listing capture ships; this menu item is where it will start.';
  console.info(`[Tradepost] ${message}`, pageUrl ?? '');
  return { handled: true, pageUrl, message };
};

/** Adds 'Capture listing' to the page context menu; call synchronously while the worker starts. */
export function registerCaptureMenu(): void {
  browser.runtime.onInstalled.addListener(() => {
    // Menu items survive worker restarts; creating them once per install or update is enough.
    browser.contextMenus.create({
      id: captureMenuItemId,
      title: 'Capture listing',
      contexts: ['page', 'link', 'image', 'selection'],
    });
  });
  browser.contextMenus.onClicked.addListener((info, tab) => {
    handleCaptureMenuClick(info, tab);
  });
  globalThis.tradepostCaptureMenuClick = handleCaptureMenuClick;
}
