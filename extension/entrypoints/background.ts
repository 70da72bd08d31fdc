import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createAuthService } from '../lib/auth-service.ts';
import { createBatchRelay } from '../lib/batch-relay.ts';
import { registerCaptureMenu } from '../lib/capture-menu.ts';
import { createCaptureService } from '../lib/capture-service.ts';
import { createCatalogLookup } from '../lib/catalog-lookup.ts';
import { createChannelActions } from '../lib/channel-actions.ts';
import { fetchEventSource } from '../lib/fetch-event-source.ts';
import { batchWatchPortName, isExtensionPage, listenForMessages } from '../lib/messages.ts';
import { createPageSettingsService } from '../lib/page-settings.ts';
import { serverAddressItem, sessionItem } from '../lib/storage.ts';
import { keepStorageFromContentScripts } from '../lib/storage-access.ts';

export default defineBackground(() => {
  // The token lives in storage: no content script may read it (Chrome), or it is kept where none can (Firefox).
  void keepStorageFromContentScripts();
  // Listeners must be registered synchronously so a message that wakes the worker is not lost.
  const auth = createAuthService();
  const lookup = createCatalogLookup(auth);
  const capture = createCaptureService({ auth, lookup });
  const channels = createChannelActions(auth);
  const pageSettings = createPageSettingsService(auth);

  listenForMessages({
    'get-session': () => auth.getSession(),
    'sign-in': (message) => auth.signIn(message),
    'sign-out': () => auth.signOut(),
    'lookup-listing': (message) => lookup.lookupListing(message.listing),
    'search-products': (message) => lookup.searchProducts(message.q),
    'product-stock': (message) => lookup.productStock(message.product_id),
    'capture-listing': (message) => capture.captureListing(message.listing),
    'open-in-tradepost': async (message) => {
      const server = (await sessionItem.getValue())?.server ?? (await serverAddressItem.getValue());
      await browser.tabs.create({ url: `${server}${message.path}` });
      return null;
    },
    'page-settings': (message) => pageSettings.settingsFor(message.site),
    'set-panel-collapsed': (message) => pageSettings.setCollapsed(message.site, message.collapsed),
    'channel-state': (message) => channels.channelState(message),
    'list-product': (message) => channels.listProduct(message),
    'end-listing': (message) => channels.endListing(message),
    'adjust-stock': (message) => channels.adjustStock(message),
    'apply-price': (message) => channels.applyPrice(message),
    'batch-status': (message) => channels.batchStatus(message.batch_id),
    'record-sale': (message) => channels.recordSale(message),
  });
  pageSettings.watch();

  registerCaptureMenu((listing) => capture.captureListing(listing));

  const relay = createBatchRelay({
    getSession: () =>
      auth.signedInClient().then(
        ({ session }) => session,
        () => null,
      ),
    EventSource: fetchEventSource(),
  });
  browser.runtime.onConnect.addListener((port) => {
    if (port.sender?.id !== browser.runtime.id) return;
    // Side panels hear every batch; a content script only the one batch it started (see the relay).
    if (isExtensionPage(port.sender) || port.name === batchWatchPortName) relay.connect(port);
  });
  // Signed in, out or to another server: the stream starts over with the new session.
  sessionItem.watch(() => relay.sessionChanged());
});
