import { browser } from 'wxt/browser';
import type { AuthService } from './auth-service.ts';
import { type PageSettings, sendTabMessage } from './messages.ts';
import type { MarketplaceSite } from './readers/captured-listing.ts';
import { panelCollapsedItem, panelVisibilityItem, sessionItem } from './storage.ts';

/**
 * The worker's side of what a marketplace page's panel may know (content scripts cannot read
 * extension storage): whether it shows on the site, whether it is folded, and the session without
 * its token. A change to any of them is announced to every tab, which asks again.
 */
export function createPageSettingsService(auth: AuthService) {
  async function settingsFor(site: MarketplaceSite): Promise<PageSettings> {
    const [visibility, collapsed, session] = await Promise.all([
      panelVisibilityItem.getValue(),
      panelCollapsedItem.getValue(),
      auth.getSession(),
    ]);
    return { site, visible: visibility[site], collapsed: collapsed[site], session };
  }

  /** Tabs without our content script do not answer; that is fine. */
  async function announceChange(): Promise<void> {
    const tabs = await browser.tabs.query({});
    await Promise.all(tabs.map((tab) => (tab.id === undefined ? null : sendTabMessage(tab.id, { type: 'settings-changed' }))));
  }

  return {
    settingsFor,
    async setCollapsed(site: MarketplaceSite, collapsed: boolean): Promise<PageSettings> {
      await panelCollapsedItem.setValue({ ...(await panelCollapsedItem.getValue()), [site]: collapsed });
      return settingsFor(site);
    },
    /** Call once at worker start: storage changes made anywhere reach the open marketplace pages. */
    watch(): () => void {
      const announce = () => void announceChange();
      const unwatch = [panelVisibilityItem.watch(announce), panelCollapsedItem.watch(announce), sessionItem.watch(announce)];
      return () => {
        for (const off of unwatch) off();
      };
    },
  };
}
