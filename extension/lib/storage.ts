import type { User } from '@tradepost/shared/schemas/auth.ts';
import { storage } from 'wxt/utils/storage';
import type { MarketplaceSite } from './readers/captured-listing.ts';
import { defaultServerAddress } from './server-address.ts';

/**
 * Everything the extension keeps lives here, typed and versioned: raise `version` and add a
 * `migrations` entry when a shape changes, and WXT migrates stored values on update.
 */

/** The Tradepost server the user signs in to (origin, '/api/v1' is added by the client). */
export const serverAddressItem = storage.defineItem<string>('local:server-address', {
  fallback: defaultServerAddress,
  version: 1,
});

/**
 * The signed-in session. Only the background worker writes it; the token never leaves the
 * worker in a message. `server` pins the session to the server that issued the token, so
 * editing the address in the form cannot send the token somewhere else.
 */
export type StoredSession = {
  server: string;
  token: string;
  expires_at: string;
  user: User;
};

/**
 * Chrome keeps it in storage.local, closed to content scripts by the worker at startup
 * (storage-access.ts). Firefox cannot close storage.local to them, so there it lives in
 * storage.session, which content scripts never see: a Firefox user signs in again after
 * restarting the browser.
 */
const sessionKey = import.meta.env?.FIREFOX ? 'session:session' : 'local:session';

export const sessionItem = storage.defineItem<StoredSession>(sessionKey, {
  version: 1,
});

export function isSessionExpired(session: Pick<StoredSession, 'expires_at'>, now: number = Date.now()): boolean {
  const expiresAt = Date.parse(session.expires_at);
  return Number.isNaN(expiresAt) || expiresAt <= now;
}

/** Whether the panel joins each marketplace's pages (options page). */
export type PanelVisibility = Record<MarketplaceSite, boolean>;

export const panelVisibilityItem = storage.defineItem<PanelVisibility>('local:panel-visibility', {
  fallback: { ebay: true, shopify: true, whatnot: true },
  version: 1,
});

/** Whether the panel sits folded on each marketplace, remembered between pages. */
export const panelCollapsedItem = storage.defineItem<Record<MarketplaceSite, boolean>>('local:panel-collapsed', {
  fallback: { ebay: false, shopify: false, whatnot: false },
  version: 1,
});
