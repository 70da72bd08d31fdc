import { type PageReading, readPage } from './readers/index.ts';

/** What a content script needs of WXT's context: timers and listeners that end with the script. */
type WatcherContext = {
  setTimeout(handler: () => void, timeout?: number): number;
  addEventListener(target: Window, type: 'wxt:locationchange', handler: () => void): void;
  onInvalidated(callback: () => void): () => void;
};

/** Page changes settle for this long before the page is read again (apps render in bursts). */
const SETTLE_MS = 500;

/**
 * The page's reading, kept current: marketplace apps change page without loading (Shopify admin,
 * Whatnot, Seller Hub) and fill their forms after the first paint, so the page is read again after
 * a navigation or once a burst of DOM changes settles. Listeners hear only real changes.
 */
export function createPageWatcher(ctx: WatcherContext, read: () => PageReading = () => readPage(document, location.href)) {
  let current = read();
  let key = JSON.stringify(current);
  const listeners = new Set<() => void>();
  let timer: number | undefined;

  const refresh = () => {
    const next = read();
    const nextKey = JSON.stringify(next);
    if (nextKey === key) return;
    current = next;
    key = nextKey;
    for (const listener of listeners) listener();
  };
  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = ctx.setTimeout(refresh, SETTLE_MS);
  };

  // Our own panel lives in a shadow root, whose changes this observer does not see.
  const observer = new MutationObserver(schedule);
  observer.observe(document.documentElement, {
    subtree: true,
    childList: true,
    characterData: true,
    attributeFilter: ['value', 'content', 'src'],
  });
  ctx.addEventListener(window, 'wxt:locationchange', refresh);
  ctx.onInvalidated(() => observer.disconnect());

  return {
    get: () => current,
    /** Reads the page now (a capture asks for the very latest). */
    readNow: () => {
      refresh();
      return current;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type PageWatcher = ReturnType<typeof createPageWatcher>;
