import { defineContentScript } from 'wxt/utils/define-content-script';
import { mountPagePanel } from '../../components/page-panel/mount-page-panel.ts';
import { siteMatches } from '../../lib/sites.ts';

/** The Tradepost panel on Shopify admin product pages. */
export default defineContentScript({
  matches: siteMatches.shopify,
  runAt: 'document_idle',
  main: (ctx) => mountPagePanel(ctx, 'shopify'),
});
