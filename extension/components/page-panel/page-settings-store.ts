import { sendMessage } from '../../lib/message-transport.ts';
import type { PageSettings } from '../../lib/messages.ts';
import type { MarketplaceSite } from '../../lib/readers/captured-listing.ts';

export type PageSettingsStore = {
  /** The last answer, null until the worker has answered once. */
  get(): PageSettings | null;
  subscribe(onChange: () => void): () => void;
  /** Asks the worker again (at start, and when it announces a change). */
  refresh(): Promise<void>;
  setCollapsed(collapsed: boolean): Promise<void>;
};

/**
 * A content script's view of its panel settings and the session. Content scripts cannot read
 * extension storage (the token is there), so everything comes from the worker by message.
 */
export function createPageSettingsStore(site: MarketplaceSite): PageSettingsStore {
  let current: PageSettings | null = null;
  const listeners = new Set<() => void>();
  const set = (next: PageSettings) => {
    if (JSON.stringify(next) === JSON.stringify(current)) return;
    current = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => current,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    async refresh() {
      set(await sendMessage({ type: 'page-settings', site }));
    },
    async setCollapsed(collapsed) {
      // Folds at once; the worker's answer confirms it.
      if (current !== null) set({ ...current, collapsed });
      set(await sendMessage({ type: 'set-panel-collapsed', site, collapsed }));
    },
  };
}
