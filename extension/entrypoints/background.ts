import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createAuthService } from '../lib/auth-service.ts';
import { createBatchRelay } from '../lib/batch-relay.ts';
import { registerCaptureMenu } from '../lib/capture-menu.ts';
import { createCaptureService } from '../lib/capture-service.ts';
import { createCatalogLookup } from '../lib/catalog-lookup.ts';
import { fetchEventSource } from '../lib/fetch-event-source.ts';
import { isExtensionPage, listenForMessages } from '../lib/messages.ts';
import { serverAddressItem, sessionItem } from '../lib/storage.ts';

export default defineBackground(() => {
  // Listeners must be registered synchronously so a message that wakes the worker is not lost.
  const auth = createAuthService();
  const lookup = createCatalogLookup(auth);
  const capture = createCaptureService({ auth, lookup });

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
  });

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
    if (port.sender?.id === browser.runtime.id && isExtensionPage(port.sender)) relay.connect(port);
  });
  // Signed in, out or to another server: the stream starts over with the new session.
  sessionItem.watch(() => relay.sessionChanged());
});
